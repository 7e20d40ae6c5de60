import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { bankFilePreview } from '@/lib/services/payment-exports';
import { requireRecentSecondFactor } from '@/lib/auth/money-guard';

/**
 * What Download Bank File would hold now (full admins, issue 29 point 9), said before the download: how many
 * payees and how much, and each client owed a reward who is left out and why (details held for approval, or
 * none on file). No bank numbers: the file itself is GET /api/payments/bank-file.csv.
 */
export const GET = route(payments.bankFilePreview, ({ user }) => {
  // Asked before the download is offered, so a step-up comes first (issue 31).
  requireRecentSecondFactor(user);
  return bankFilePreview();
});
