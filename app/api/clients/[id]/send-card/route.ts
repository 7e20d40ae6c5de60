import { json, route } from '@/lib/api/route';
import { sendCard } from '@/lib/services/messages';
import { idParamSchema } from '@/lib/validation/params';

/** Emails the client their card (link, QR code, how the reward works): 202 with the message written. */
export const POST = route(
  { access: 'staff', params: idParamSchema, notFoundMessage: 'That client does not exist.' },
  async ({ params }) => json(await sendCard(params.id), { status: 202 }),
);
