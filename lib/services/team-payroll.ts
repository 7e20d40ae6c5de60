import 'server-only';
import { csvAmount, toCsv } from '@/lib/csv';
import { db } from '@/lib/db';
import {
  reviewSelect,
  type TeamBonusAuditEntryDto,
  type TeamBonusAuditPageDto,
  type TeamOutstandingDto,
} from '@/lib/dto/team';
import { formatDate, formatDateTime } from '@/lib/format';
import { toPounds } from '@/lib/money';
import { MONTH_NAMES } from '@/lib/period';
import { ukDateString } from '@/lib/uk-time';
import { auditAfter, auditPageOf } from './audit-paging';
import type { CsvFile } from './payment-exports';
import { addPence, reviewsByMember, teamBonusMonth } from './team';

/**
 * The payroll side of Team Reviews (issue 18): what is owed across every month, a month's bonus sheet for
 * payroll, and the audit log of every bonus paid and undone.
 */

/** Every verified, unpaid review of any month, oldest first, grouped per member (by their oldest). */
export async function teamOutstanding(): Promise<TeamOutstandingDto> {
  const rows = await db.teamReview.findMany({
    where: { verifiedAt: { not: null }, paidAt: null },
    orderBy: [{ reviewDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: reviewSelect,
  });
  let totalPence = 0;
  const members = reviewsByMember(rows, { total: 0 }, (member, row) => {
    member.total = addPence(member.total, row.bonusPence);
    totalPence += row.bonusPence;
  });
  return { members: [...members.values()], count: rows.length, total: toPounds(totalPence) };
}

export const PAYROLL_HEADER = ['Team member', 'Verified reviews', 'Bonus owed (GBP)', 'Bonus paid (GBP)'];

/**
 * A month's bonus sheet for payroll: one line per member with a verified review dated in the month (archived
 * members included, under their name), the reviews, and the bonus owed and paid in plain pounds. Names go
 * through the CSV writer, which neutralises a cell that would run as a formula.
 */
export async function payrollCsv(year: number, month: number): Promise<CsvFile> {
  const sheet = await teamBonusMonth(year, month);
  const rows = sheet.members
    .map((m) => ({ ...m, verified: m.reviews.filter((r) => r.verifiedDate !== null).length }))
    .filter((m) => m.verified > 0)
    .map((m) => [m.name, m.verified, csvAmount(m.totalOwed), csvAmount(m.totalPaid)]);
  return {
    filename: `team-bonuses-${year}-${String(month).padStart(2, '0')}.csv`,
    body: toCsv(PAYROLL_HEADER, rows),
    headers: { 'X-Payroll-Month': `${MONTH_NAMES[month - 1]} ${year}` },
  };
}

const AUDIT_LABELS: Record<TeamBonusAuditEntryDto['action'], string> = {
  bonus_paid: 'Bonus paid',
  bonus_undone: 'Payment undone',
};

/** The bonus audit log, newest first, a page at a time (keyset paging, stable while entries are added). */
export async function teamAuditPage(
  cursor: string | undefined,
  limit: number,
): Promise<TeamBonusAuditPageDto> {
  const rows = await db.teamBonusPayment.findMany({
    where: auditAfter(cursor),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const { page, nextCursor } = auditPageOf(rows, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      timestamp: r.createdAt.toISOString(),
      action: r.action,
      memberName: r.memberName,
      reviewerName: r.reviewerName,
      reviewDate: r.reviewDate?.toISOString().slice(0, 10) ?? null,
      amount: toPounds(r.amountPence),
      performedBy: r.performedBy,
    })),
    nextCursor,
  };
}

/** The whole bonus audit log as CSV, newest first. */
export async function teamAuditCsv(now = new Date()): Promise<CsvFile> {
  const rows = [];
  let cursor: string | undefined;
  do {
    const page = await teamAuditPage(cursor, 1000);
    for (const e of page.entries) {
      rows.push([
        formatDateTime(e.timestamp),
        AUDIT_LABELS[e.action],
        e.memberName,
        e.reviewerName,
        e.reviewDate ? formatDate(e.reviewDate) : '',
        csvAmount(e.amount),
        e.performedBy,
      ]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return {
    filename: `team-bonus-audit-log-${ukDateString(now)}.csv`,
    body: toCsv(
      [
        'Date and time (UK)',
        'Action',
        'Team member',
        'Reviewer',
        'Review date',
        'Amount (GBP)',
        'Performed by',
      ],
      rows,
    ),
  };
}
