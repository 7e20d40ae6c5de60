import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import * as clients from '@/lib/contract/clients';
import { approveBankDetails } from '@/lib/services/bank-details';
import { getClient } from '@/lib/services/clients';
import { requireSecondFactor } from '@/lib/auth/money-guard';

/**
 * A full admin approves bank details that staff changed, lifting the hold on the client's payments, with a
 * 'bank_details_approved' audit entry. The body names the held change the admin saw ({ changeId }, the client's
 * bankDetailsChangeId). 404 for an unknown client; 409 when nothing is held, or when a newer change has
 * replaced the one named (the answer carries the newer details, masked). Answers the client.
 */
export const POST = route(clients.approveBankDetails, async ({ params, body, user }) => {
  requireSecondFactor(user);
  await approveBankDetails(params.id, body.changeId, user);
  return getClient(params.id, false, { origin: publicOrigin(), isFullAdmin: true });
});
