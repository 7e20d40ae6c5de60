import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { bankFileCsv, csvResponse } from '@/lib/services/payment-exports';
import { requireRecentSecondFactor } from '@/lib/auth/money-guard';

/**
 * The bank payment file (full admins): everything owed now, one line per payee, for a bulk payment in the
 * bank's online banking. Held clients and clients without bank details are left out (counted in X-Bank-File-*).
 */
export const GET = route(payments.bankFileCsv, async ({ user }) => {
  requireRecentSecondFactor(user);
  return csvResponse(await bankFileCsv());
});
