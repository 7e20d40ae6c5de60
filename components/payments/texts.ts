/**
 * The words of the Payments & Reporting tab: headings, how long a reward has waited, counts, bank details,
 * reward changes, audit actions and what a payment's toast says. No React, no fetch.
 */
import type { PaidEmailChange } from '@/lib/dto/referrals';
import type { PaymentAuditEntryDto, PaymentGroupDto, RewardChangeDto } from '@/lib/dto/payments';
import { formatDate } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { AUDIT_ACTION_LABELS, type AuditActionLabel } from '@/lib/payment-audit';
import { periodLabel, type Period } from '@/lib/period';

/** The summary's heading: '{Month} {Year} Payment Summary'. */
export function summaryHeading(period: Period): string {
  return `${periodLabel(period)} Payment Summary`;
}

/** 'today', '1 day', '12 days', '1,024 days': how long a story has waited for its reward. */
export function daysLabel(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return '1 day';
  return `${days.toLocaleString('en-GB')} days`;
}

/** The same, as a sentence for screen readers. */
export function daysDescription(days: number): string {
  return days <= 0 ? 'The story started today' : `${daysLabel(days)} since the story started`;
}

/** How urgent an unpaid reward looks: calm for a week, a warning after that, red after a month. */
export function daysUrgency(days: number): 'calm' | 'waiting' | 'late' {
  if (days > 30) return 'late';
  if (days > 7) return 'waiting';
  return 'calm';
}

/** '1 conversion', '3 conversions'. */
export function conversionsLabel(count: number): string {
  return count === 1 ? '1 conversion' : `${count.toLocaleString('en-GB')} conversions`;
}

/** 'BACS: 12-34-56 / 12345678' when both are on file, else null. */
export function bacsText(
  group: Pick<PaymentGroupDto, 'sortCode' | 'accountNumber'> & { accountName?: string | null },
): string | null {
  if (!group.sortCode || !group.accountNumber) return null;
  const holder = group.accountName ? ` (${group.accountName})` : '';
  return `BACS: ${group.sortCode} / ${group.accountNumber}${holder}`;
}

/** A report row's note when a full admin changed its reward: who, when, and from and to which amount. */
export function rewardChangeNote(change: RewardChangeDto): string {
  return (
    `Amount changed from ${formatPounds(change.from)} to ${formatPounds(change.to)} by ${change.by} on ` +
    `${formatDate(change.at)}`
  );
}

/** The audit log's words for an action (spec section 3: the undone value is shown as 'Undone'). */
export function auditActionLabel(action: PaymentAuditEntryDto['action']): AuditActionLabel {
  return AUDIT_ACTION_LABELS[action];
}

/** What a payment's toast says: 'Paid Now', 'Undo Payment' and 'Pay All Outstanding'. */
export function paidText(
  kind: 'pay' | 'undo' | 'payAll',
  total: number,
  name: string,
  period?: Period,
  /** What happened to the 'reward paid' email (issue 29): an undo says whether it was stopped or corrected. */
  paidEmail: PaidEmailChange = null,
): string {
  const amount = formatPounds(total);
  if (kind === 'pay') return `${amount} reward for ${name} marked paid`;
  if (kind === 'undo') {
    const email =
      paidEmail === 'cancelled'
        ? ': the “reward paid” email was cancelled before it went'
        : paidEmail === 'correction'
          ? ': the client had been emailed, so a short correction is on its way'
          : '';
    return `Payment undone: ${amount} owed for ${name}${email}`;
  }
  const month = period ? periodLabel(period) : '';
  return total > 0
    ? `${amount} paid to ${name} for ${month}`
    : `Nothing was left to pay to ${name} for ${month}`;
}
