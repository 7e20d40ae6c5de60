import { route } from '@/lib/api/route';
import * as imports from '@/lib/contract/imports';
import { sendImportCards } from '@/lib/services/imports/cards';

/** Full admins: queues the card emails of the imported clients a card may go to, at the hourly rate. */
export const POST = route(imports.sendCards, async ({ params, user }) => sendImportCards(params.id, user));
