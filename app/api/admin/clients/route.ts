import { publicOrigin } from '@/lib/api/origin';
import { json, route } from '@/lib/api/route';
import { createClient } from '@/lib/services/clients';
import { createClientSchema } from '@/lib/validation/clients';

export const POST = route({ access: 'staff', body: createClientSchema }, async ({ user, body }) =>
  json(await createClient(body, { origin: publicOrigin(), isFullAdmin: user.isFullAdmin }), {
    status: 201,
  }),
);
