import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { sendCard } from '@/lib/services/messages';

/** Emails the client their card (link, QR code, how the reward works): 202 with the message written. */
export const POST = route(clients.sendCard, async ({ params }) => sendCard(params.id));
