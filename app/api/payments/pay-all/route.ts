import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { payAll } from '@/lib/services/payments';
import { requireRecentSecondFactor } from '@/lib/auth/money-guard';

/** 'Pay All Outstanding' for one client's conversions in one month, audited per referral (full admins). */
export const POST = route(payments.payAll, ({ body, user }) => {
  requireRecentSecondFactor(user);
  return payAll(body, user);
});
