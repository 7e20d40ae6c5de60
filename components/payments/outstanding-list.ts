/**
 * The Outstanding Payments Alert's list: its ids, its Undo window, the list kept current after a payment or an
 * Undo, and the rows it shows. No React, no fetch.
 */
import type { OutstandingPaymentDto } from '@/lib/dto/payments';

/** The Outstanding Payments Alert's heading, where focus goes when the row it was in leaves the alert. */
export const ALERT_HEADING_ID = 'payments-outstanding-heading';
/** The attribute marking an alert row (its value is the referral id). */
export const ALERT_ROW_ATTRIBUTE = 'data-outstanding-row';

/** Spec section 9: how long the Outstanding Payments Alert offers Undo after a payment. */
export const UNDO_WINDOW_MS = 30_000;

/** Oldest conversion first, then by id: the order payments.outstanding answers in. */
function byConversion(a: OutstandingPaymentDto, b: OutstandingPaymentDto): number {
  return a.convertedAt.localeCompare(b.convertedAt) || a.referralId.localeCompare(b.referralId);
}

/** The outstanding list with one row put back (after an Undo), in its place, without duplicates. */
export function withOutstanding(
  list: readonly OutstandingPaymentDto[],
  row: OutstandingPaymentDto,
): OutstandingPaymentDto[] {
  return [...list.filter((r) => r.referralId !== row.referralId), row].sort(byConversion);
}

/** The outstanding list without these referrals (paid). */
export function withoutOutstanding(
  list: readonly OutstandingPaymentDto[],
  referralIds: readonly string[],
): OutstandingPaymentDto[] {
  const ids = new Set(referralIds);
  return list.filter((r) => !ids.has(r.referralId));
}

export interface AlertRow {
  row: OutstandingPaymentDto;
  /** Paid from the alert moments ago: it stays, offering Undo, until its window closes. */
  paid: boolean;
}

/**
 * What the Outstanding Payments Alert shows: the server's unpaid rows, and the rows paid from the alert whose
 * Undo window is still open, together in conversion order. The server wins: a row it still lists as unpaid
 * (undone elsewhere) is shown unpaid.
 */
export function alertRows(
  outstanding: readonly OutstandingPaymentDto[],
  recentlyPaid: readonly OutstandingPaymentDto[],
): AlertRow[] {
  const unpaid = new Set(outstanding.map((r) => r.referralId));
  return [
    ...outstanding.map((row) => ({ row, paid: false })),
    ...recentlyPaid.filter((r) => !unpaid.has(r.referralId)).map((row) => ({ row, paid: true })),
  ].sort((a, b) => byConversion(a.row, b.row));
}
