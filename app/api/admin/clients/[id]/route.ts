import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { updateClient } from '@/lib/services/clients';
import { updateClientSchema } from '@/lib/validation/clients';
import { idParamSchema } from '@/lib/validation/params';

export const PATCH = route(
  { access: 'staff', params: idParamSchema, body: updateClientSchema },
  ({ user, params, body }) =>
    updateClient(params.id, body, { origin: publicOrigin(), isFullAdmin: user.isFullAdmin }, user),
);
