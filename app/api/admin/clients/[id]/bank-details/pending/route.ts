import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { pendingBankChange } from '@/lib/services/bank-details';
import { requireSecondFactor } from '@/lib/auth/money-guard';

/**
 * The held change of a client's bank details, as an approval shows it (full admins, issue 29 point 8): its
 * changeId (what POST …/approve names), the new sort code and account number masked except their last four
 * digits, the account holder, who changed them and when. `{ pending: null }` when nothing is held; 404 for an
 * unknown client. The full numbers never leave the server here.
 */
export const GET = route(clients.pendingBankChange, async ({ params, user }) => {
  requireSecondFactor(user);
  return { pending: await pendingBankChange(params.id) };
});
