import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { deleteClient, getClient } from '@/lib/services/clients';
import { oneClientQuerySchema } from '@/lib/validation/paging';
import { idParamSchema } from '@/lib/validation/params';

const NOT_FOUND = 'That client does not exist.';

export const GET = route(
  { access: 'staff', params: idParamSchema, query: oneClientQuerySchema, notFoundMessage: NOT_FOUND },
  ({ user, params, query }) =>
    getClient(params.id, query.referrals, { origin: publicOrigin(), isFullAdmin: user.isFullAdmin }),
);

/** Erases the client's personal data; what was paid stays in the payment records (issue 14, point 7). */
export const DELETE = route({ access: 'admin', params: idParamSchema }, async ({ params, user }) => {
  await deleteClient(params.id, user);
  return null;
});
