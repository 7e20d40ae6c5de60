import { route } from '@/lib/api/route';
import { REFERRAL_NOT_FOUND_TEXT, setRewardPaid } from '@/lib/services/referrals';
import { idParamSchema } from '@/lib/validation/params';

const options = { params: idParamSchema, notFoundMessage: REFERRAL_NOT_FOUND_TEXT };

/** Marks a Payment Due reward paid, with a 'payment_marked' audit entry (any staff member). */
export const POST = route({ access: 'staff', ...options }, ({ params, user }) =>
  setRewardPaid(params.id, true, user),
);

/** Undoes a payment, with a 'payment_undone' audit entry (full admins only). */
export const DELETE = route({ access: 'admin', ...options }, ({ params, user }) =>
  setRewardPaid(params.id, false, user),
);
