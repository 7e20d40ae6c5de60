import { publicOrigin } from '@/lib/api/origin';
import { json, route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { createClient } from '@/lib/services/clients';
import { seesBankDetails } from '@/lib/auth/money-guard';

export const POST = route(clients.create, async ({ user, body }) =>
  json(await createClient(body, { origin: publicOrigin(), isFullAdmin: seesBankDetails(user) }), {
    status: 201,
  }),
);
