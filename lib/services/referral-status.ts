/**
 * The referral state machine (spec section 4), pure so that every transition can be tested on its own and
 * the server decides each change the same way.
 *
 *   pending ⇄ In Progress ──Story Started──▶ Payment Due (unpaid) ──mark paid──▶ Payment Due (paid)
 *        ▲                                        │        ◀──undo payment──
 *        └─────────── revert (reward 0) ──────────┘
 *
 * A paid reward pins the referral: it cannot be reverted until the payment is undone.
 */
import type { ReferralDto } from '@/lib/dto/referrals';

export type ReferralStatusText = ReferralDto['status'];

export interface ReferralState {
  status: ReferralStatusText;
  rewardPaid: boolean;
}

export const ALREADY_STARTED_TEXT = 'The story has already started for this referral.';
export const PAID_LOCKED_TEXT = "This referral's reward has been paid. Undo the payment first.";
export const NOT_DUE_TEXT = 'Only a referral whose story has started (Payment Due) can be paid.';
export const ALREADY_PAID_TEXT = "This referral's reward is already marked paid.";
export const NOT_PAID_TEXT = "This referral's reward is not marked paid.";

export type StatusChange =
  /** Nothing to do: the referral is already there. */
  | { kind: 'none' }
  /** Story Started: to Payment Due with a reward, unpaid, converted now. */
  | { kind: 'start' }
  /** Back from Payment Due: reward 0, paid flag and conversion time cleared. */
  | { kind: 'revert' }
  /** Between pending and In Progress. */
  | { kind: 'move' }
  | { kind: 'refused'; message: string };

export function planStatusChange(current: ReferralState, target: ReferralStatusText): StatusChange {
  if (current.status === 'Payment Due') {
    if (target === 'Payment Due') return { kind: 'refused', message: ALREADY_STARTED_TEXT };
    if (current.rewardPaid) return { kind: 'refused', message: PAID_LOCKED_TEXT };
    return { kind: 'revert' };
  }
  if (target === 'Payment Due') return { kind: 'start' };
  if (target === current.status) return { kind: 'none' };
  return { kind: 'move' };
}

export type PaymentChange = { kind: 'ok' } | { kind: 'refused'; message: string };

/** Marking a reward paid: only a Payment Due referral whose reward is not yet paid. */
export function planMarkPaid(current: ReferralState): PaymentChange {
  if (current.status !== 'Payment Due') return { kind: 'refused', message: NOT_DUE_TEXT };
  if (current.rewardPaid) return { kind: 'refused', message: ALREADY_PAID_TEXT };
  return { kind: 'ok' };
}

/** Undoing a payment: only a reward that is marked paid. */
export function planUndoPayment(current: ReferralState): PaymentChange {
  if (!current.rewardPaid) return { kind: 'refused', message: NOT_PAID_TEXT };
  return { kind: 'ok' };
}
