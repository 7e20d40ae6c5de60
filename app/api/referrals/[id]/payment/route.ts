import { route } from '@/lib/api/route';
import * as referrals from '@/lib/contract/referrals';
import { setRewardPaid } from '@/lib/services/referrals';
import { requireRecentSecondFactor, requireSecondFactor } from '@/lib/auth/money-guard';

/**
 * Marks a Payment Due reward paid, with a 'payment_marked' audit entry (any staff member; a full admin needs a
 * second factor used in the last 12 hours, issue 31).
 */
export const POST = route(referrals.pay, ({ params, user }) => {
  requireRecentSecondFactor(user);
  return setRewardPaid(params.id, true, user);
});

/** Undoes a payment, with a 'payment_undone' audit entry (full admins only, with a second factor set up). */
export const DELETE = route(referrals.undoPayment, ({ params, user }) => {
  requireSecondFactor(user);
  return setRewardPaid(params.id, false, user);
});
