import { route } from '@/lib/api/route';
import * as referrals from '@/lib/contract/referrals';
import { setRewardPaid } from '@/lib/services/referrals';

/** Marks a Payment Due reward paid, with a 'payment_marked' audit entry (any staff member). */
export const POST = route(referrals.pay, ({ params, user }) => setRewardPaid(params.id, true, user));

/** Undoes a payment, with a 'payment_undone' audit entry (full admins only). */
export const DELETE = route(referrals.undoPayment, ({ params, user }) =>
  setRewardPaid(params.id, false, user),
);
