/**
 * Pure helpers of the Payments & Reporting tab: texts, keys, keeping the loaded report, outstanding list and
 * audit log current after a payment, and the rows the Outstanding Payments Alert shows. No React, no fetch.
 */
import { fileUrl } from '@/lib/contract/client';
import * as payments from '@/lib/contract/payments';
import type { PaidEmailChange } from '@/lib/dto/referrals';
import type {
  OutstandingPaymentDto,
  PaymentAuditEntryDto,
  PaymentGroupDto,
  PaymentReportDto,
  RewardChangeDto,
} from '@/lib/dto/payments';
import { formatDate } from '@/lib/format';
import { formatPounds, sumPounds, toPence, toPounds } from '@/lib/money';
import { AUDIT_ACTION_LABELS, type AuditActionLabel } from '@/lib/payment-audit';
import { MONTH_NAMES } from '@/lib/period';

/** The Outstanding Payments Alert's heading, where focus goes when the row it was in leaves the alert. */
export const ALERT_HEADING_ID = 'payments-outstanding-heading';
/** The attribute marking an alert row (its value is the referral id). */
export const ALERT_ROW_ATTRIBUTE = 'data-outstanding-row';

/** Spec section 9: how long the Outstanding Payments Alert offers Undo after a payment. */
export const UNDO_WINDOW_MS = 30_000;

export interface ReportPeriod {
  year: number;
  /** 1 (January) to 12 (December). */
  month: number;
}

/** 'January 2026'. */
export function periodLabel({ year, month }: ReportPeriod): string {
  return `${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}

/** The summary's heading: '{Month} {Year} Payment Summary'. */
export function summaryHeading(period: ReportPeriod): string {
  return `${periodLabel(period)} Payment Summary`;
}

/** The month's report as a CSV file (payments.reportCsv), for a download link. */
export function reportCsvUrl({ year, month }: ReportPeriod): string {
  return fileUrl(payments.reportCsv, { query: { year, month } });
}

/** The whole payment audit log as a CSV file (payments.auditCsv). */
export const AUDIT_CSV_URL = fileUrl(payments.auditCsv);

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

/**
 * The key of a client's group (its collapse toggle and panel ids): the spec keys it by the client name with
 * spaces removed; the client id follows so that two clients of the same name never share one.
 */
export function groupKey(group: Pick<PaymentGroupDto, 'clientName' | 'clientId'>): string {
  return `payment-group-${group.clientName.replace(/\s+/g, '')}-${group.clientId}`;
}

/** 'BACS: 12-34-56 / 12345678' when both are on file, else null. */
export function bacsText(
  group: Pick<PaymentGroupDto, 'sortCode' | 'accountNumber'> & { accountName?: string | null },
): string | null {
  if (!group.sortCode || !group.accountNumber) return null;
  const holder = group.accountName ? ` (${group.accountName})` : '';
  return `BACS: ${group.sortCode} / ${group.accountNumber}${holder}`;
}

/** Owed plus paid, in pence arithmetic so that £12.10 + £0.20 is £12.30. */
export function groupTotal(group: Pick<PaymentGroupDto, 'totalOwed' | 'totalPaid'>): number {
  return addPounds(group.totalOwed, group.totalPaid);
}

function addPounds(...amounts: number[]): number {
  return sumPounds(amounts);
}

/**
 * The report with these referrals marked paid (or unpaid), totals recomputed: what the server will answer,
 * shown at once after a payment while the report is fetched again.
 */
export function withPayments(
  report: PaymentReportDto,
  referralIds: readonly string[],
  paid: boolean,
  paidAt: string | null,
  moved: number = movedPence(report.groups, referralIds, paid),
): PaymentReportDto {
  const ids = new Set(referralIds);
  if (moved === 0 && !report.groups.some((g) => g.payments.some((p) => ids.has(p.id) && p.paid !== paid))) {
    return report;
  }
  const groups = report.groups.map((group) => {
    if (!group.payments.some((p) => ids.has(p.id) && p.paid !== paid)) return group;
    const payments = group.payments.map((p) =>
      ids.has(p.id) && p.paid !== paid ? { ...p, paid, paidAt: paid ? paidAt : null } : p,
    );
    return {
      ...group,
      payments,
      totalOwed: addPounds(...payments.filter((p) => !p.paid).map((p) => p.rewardAmount)),
      totalPaid: addPounds(...payments.filter((p) => p.paid).map((p) => p.rewardAmount)),
    };
  });
  // The month's totals are the whole month's (the server's), whatever page of clients is loaded: they move by
  // the amount that changed hands.
  return {
    ...report,
    groups,
    totalOwed: toPounds(toPence(report.totalOwed) - moved),
    totalPaid: toPounds(toPence(report.totalPaid) + moved),
  };
}

/** Pence that move from owed to paid (negative: back to owed) when these payments become paid or unpaid. */
export function movedPence(
  groups: readonly PaymentGroupDto[],
  referralIds: readonly string[],
  paid: boolean,
): number {
  const ids = new Set(referralIds);
  let pence = 0;
  for (const group of groups) {
    for (const p of group.payments) {
      if (ids.has(p.id) && p.paid !== paid) pence += toPence(p.rewardAmount);
    }
  }
  return paid ? pence : -pence;
}

/** Oldest conversion first, then by id: the order of GET /api/payments/outstanding. */
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

/** Newest first, as the server pages them (its keyset order: time, then id). */
function newestFirst(a: PaymentAuditEntryDto, b: PaymentAuditEntryDto): number {
  return b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id);
}

/**
 * The loaded audit entries with newer ones added (the entries an action wrote, or a fresh first page), once
 * each, newest first. Entries are never changed or removed, so the loaded pages stay right and the cursor of
 * the oldest one loaded still leads to the next page.
 */
export function mergeAuditEntries(
  loaded: readonly PaymentAuditEntryDto[],
  incoming: readonly PaymentAuditEntryDto[],
): PaymentAuditEntryDto[] {
  const byId = new Map<string, PaymentAuditEntryDto>();
  for (const entry of [...loaded, ...incoming]) byId.set(entry.id, entry);
  return [...byId.values()].sort(newestFirst);
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

export interface AuditLog {
  /** Newest first. */
  entries: PaymentAuditEntryDto[];
  /** The cursor after the oldest entry loaded; null once the whole log is loaded. */
  nextCursor: string | null;
}

/** What a payment's toast says: 'Paid Now', 'Undo Payment' and 'Pay All Outstanding'. */
export function paidText(
  kind: 'pay' | 'undo' | 'payAll',
  total: number,
  name: string,
  period?: ReportPeriod,
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
