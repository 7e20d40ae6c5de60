import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { deleteClient, getClient } from '@/lib/services/clients';
import { seesBankDetails } from '@/lib/auth/money-guard';

export const GET = route(clients.get, ({ user, params, query }) =>
  getClient(params.id, query.referrals, { origin: publicOrigin(), isFullAdmin: seesBankDetails(user) }),
);

/** Erases the client's personal data; what was paid stays in the payment records (issue 14, point 7). */
export const DELETE = route(clients.remove, async ({ params, user }) => {
  await deleteClient(params.id, user);
  return null;
});
