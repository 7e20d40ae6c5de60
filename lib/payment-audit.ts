/** The payment audit log's words for its actions, shared by the page and audit.csv (pure: safe in the browser). */
import type { PaymentAuditActionDto } from './dto/referrals';
import { formatPence } from './money';

export const AUDIT_ACTION_LABELS = {
  payment_marked: 'Paid',
  payment_undone: 'Undone',
  bank_details_changed: 'Bank details changed',
  bank_details_approved: 'Bank details approved',
  reward_cancelled: 'Cancelled',
  reward_changed: 'Reward changed',
  story_started: 'Story Started',
} as const satisfies Record<PaymentAuditActionDto, string>;

export type AuditActionLabel = (typeof AUDIT_ACTION_LABELS)[PaymentAuditActionDto];

/**
 * Payments (and a reward cancelled when its client was deleted, or changed by a full admin) carry an amount
 * and a referral; bank-details entries carry details instead.
 */
export const isPaymentAction = (action: PaymentAuditActionDto) =>
  action === 'payment_marked' ||
  action === 'payment_undone' ||
  action === 'reward_cancelled' ||
  action === 'reward_changed' ||
  action === 'story_started';

/** A reward's change as the audit entry's details and the monthly report say it: "from £200.00 to £350.00". */
export function rewardChangeText(fromPence: number, toPence: number): string {
  return `Reward changed from ${formatPence(fromPence)} to ${formatPence(toPence)}`;
}
