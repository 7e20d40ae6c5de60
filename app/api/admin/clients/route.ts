import { publicOrigin } from '@/lib/api/origin';
import { json, route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { createClient } from '@/lib/services/clients';

export const POST = route(clients.create, async ({ user, body }) =>
  json(await createClient(body, { origin: publicOrigin(), isFullAdmin: user.isFullAdmin }), {
    status: 201,
  }),
);
