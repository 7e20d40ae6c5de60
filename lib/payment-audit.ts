/** The payment audit log's words for its actions, shared by the page and audit.csv (pure: safe in the browser). */
import type { PaymentAuditActionDto } from './dto/referrals';

export const AUDIT_ACTION_LABELS = {
  payment_marked: 'Paid',
  payment_undone: 'Undone',
  bank_details_changed: 'Bank details changed',
  bank_details_approved: 'Bank details approved',
  reward_cancelled: 'Cancelled',
} as const satisfies Record<PaymentAuditActionDto, string>;

export type AuditActionLabel = (typeof AUDIT_ACTION_LABELS)[PaymentAuditActionDto];

/**
 * Payments (and a reward cancelled when its client was deleted) carry an amount and a referral; bank-details
 * entries carry details instead.
 */
export const isPaymentAction = (action: PaymentAuditActionDto) =>
  action === 'payment_marked' || action === 'payment_undone' || action === 'reward_cancelled';
