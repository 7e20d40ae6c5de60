import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { approveBankDetails } from '@/lib/services/bank-details';
import { getClient } from '@/lib/services/clients';
import { idParamSchema } from '@/lib/validation/params';

/**
 * A full admin approves bank details that staff changed, lifting the hold on the client's payments, with a
 * 'bank_details_approved' audit entry. 404 for an unknown client, 409 when nothing is held. Answers the client.
 */
export const POST = route(
  { access: 'admin', params: idParamSchema, notFoundMessage: 'That client does not exist.' },
  async ({ params, user }) => {
    await approveBankDetails(params.id, user);
    return getClient(params.id, false, { origin: publicOrigin(), isFullAdmin: true });
  },
);
