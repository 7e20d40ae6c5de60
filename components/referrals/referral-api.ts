import { call } from '@/lib/contract/client';
import * as referrals from '@/lib/contract/referrals';
import type { PaymentResult } from '@/lib/dto/referrals';

/**
 * What is left of the referrals' hand-written calls: the payments page's Paid Now and Undo Payment
 * (components/payments/mutations.ts) still call these two. The referrals area's own screens use the named
 * mutations of mutations.ts; once the payments page uses referrals.pay and referrals.undoPayment through
 * endpointMutation, this file goes.
 */

/** POST /api/referrals/{id}/payment: mark the reward paid (and write its audit entry). */
export function markReferralPaid(id: string): Promise<PaymentResult> {
  return call(referrals.pay, { params: { id } });
}

/** DELETE /api/referrals/{id}/payment: undo the payment (full admins). */
export function undoReferralPayment(id: string): Promise<PaymentResult> {
  return call(referrals.undoPayment, { params: { id } });
}
