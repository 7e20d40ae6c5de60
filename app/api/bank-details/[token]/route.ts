import { route } from '@/lib/api/route';
import { submitBankDetails as submitBankDetailsEndpoint } from '@/lib/contract/public';
import { limitPublicCall } from '@/lib/services/public-limits';
import { submitBankDetails } from '@/lib/services/bank-details-link';

/**
 * The client's bank details through their one-time link (issue 17): stored encrypted, audited as entered by
 * the client and held for a full admin's approval. A used link is a 409, an expired one 410; limited per
 * address like the other public calls.
 */
export const POST = route(submitBankDetailsEndpoint, async ({ req, params, body }) => {
  await limitPublicCall('bank-details', req.headers, 30);
  await submitBankDetails(params.token, body);
  return { saved: true as const };
});
