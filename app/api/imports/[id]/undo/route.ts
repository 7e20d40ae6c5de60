import { route } from '@/lib/api/route';
import * as imports from '@/lib/contract/imports';
import { undoImport } from '@/lib/services/imports/undo';

/** Full admins: removes the import's clients who have nothing attached, within 7 days of its run. */
export const POST = route(imports.undo, async ({ params, user }) => undoImport(params.id, user));
