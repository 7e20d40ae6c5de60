/**
 * The Monthly Payment Summary: a month's conversions grouped by client, a page of clients at a time, with the
 * whole month's totals and the latest reward changes.
 */
import 'server-only';
import { db } from '@/lib/db';
import type { PaymentGroupDto, PaymentReportDto, RewardChangeDto } from '@/lib/dto/payments';
import { Prisma } from '@/lib/generated/prisma/client';
import { ensureBankHashes, sharedBankDetails } from '../bank-details';
import { clientDisplayName, DELETED_CLIENT_TEXT, fullName } from '../referrers';
import {
  decodeReportCursor,
  encodeReportCursor,
  REPORT_PAGE_SIZE,
  type ReportCursor,
} from '@/lib/validation/payments';
import { toPounds } from '@/lib/money';
import { decryptOrNull, ukMonthBounds } from './common';

/**
 * The month's totals, for the whole month whichever page of clients is shown: one aggregate in SQL, from the
 * conversions index alone (referrals_conversions_idx), grouped by client first (a hash) rather than counted
 * distinct (a sort).
 */
async function monthTotals(start: Date, end: Date) {
  const [totals] = await db.$queryRaw<
    { conversions: bigint | null; clients: bigint; owedPence: bigint | null; paidPence: bigint | null }[]
  >`
    SELECT sum(m."conversions") AS "conversions", count(*) AS "clients",
           sum(m."owedPence") AS "owedPence", sum(m."paidPence") AS "paidPence"
    FROM (
      SELECT count(*) AS "conversions",
             sum(r."rewardPence") FILTER (WHERE NOT r."rewardPaid") AS "owedPence",
             sum(r."rewardPence") FILTER (WHERE r."rewardPaid") AS "paidPence"
      FROM "referrals" r
      WHERE r."status" = 'Payment Due' AND r."convertedAt" >= ${start} AND r."convertedAt" < ${end}
      GROUP BY r."referrerId"
    ) m`;
  return {
    conversions: Number(totals?.conversions ?? 0),
    clients: Number(totals?.clients ?? 0),
    totalOwed: toPounds(Number(totals?.owedPence ?? 0)),
    totalPaid: toPounds(Number(totals?.paidPence ?? 0)),
  };
}

/**
 * The report's order: the client's name lower-cased (a deleted client as 'Deleted client'), in the database's
 * own collation as the clients list sorts names (client-list.ts). Written out in full, with the text as a
 * literal, because the index clients_report_name_idx is built on exactly this expression (migration
 * 20261126020000_money_reads_from_indexes): a parameter in its place would not match it.
 */
const REPORT_SORT_NAME = Prisma.raw(
  `lower(CASE WHEN c."deletedAt" IS NOT NULL THEN '${DELETED_CLIENT_TEXT.replaceAll("'", "''")}' ` +
    `ELSE trim(c."firstName" || ' ' || c."lastName") END)`,
);

/**
 * One page of the month's clients, in the report's order, after the cursor: the clients are walked in the
 * order of that index and each is checked for a conversion in the month, so a page stops after its clients
 * however many the month has. Keyset paging, so a later page costs what the first does.
 */
async function monthClientPage(start: Date, end: Date, limit: number, cursor?: ReportCursor) {
  const after = cursor
    ? Prisma.sql`AND (${REPORT_SORT_NAME}, c."id") > (${cursor.name}::text, ${cursor.id}::uuid)`
    : Prisma.empty;
  const rows = await db.$queryRaw<{ id: string; sortName: string }[]>`
    SELECT c."id", ${REPORT_SORT_NAME} AS "sortName"
    FROM "clients" c
    WHERE EXISTS (
      SELECT 1 FROM "referrals" r
      WHERE r."referrerId" = c."id" AND r."status" = 'Payment Due'
        AND r."convertedAt" >= ${start} AND r."convertedAt" < ${end}
    ) ${after}
    ORDER BY ${REPORT_SORT_NAME}, c."id"
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    ids: page.map((r) => r.id),
    nextCursor: rows.length > limit && last ? encodeReportCursor({ name: last.sortName, id: last.id }) : null,
  };
}

/**
 * The month's conversions grouped by client (spec section 2, 'Monthly Payment Summary'), a page of clients at
 * a time (issue 19: a busy month is thousands of clients, and one answer with all of them took seconds and
 * megabytes). The totals are the whole month's, summed by PostgreSQL; only that month's conversions of the
 * page's clients are read, never the whole history.
 */
export async function monthlyReport(
  year: number,
  month: number,
  { limit = REPORT_PAGE_SIZE, cursor }: { limit?: number; cursor?: ReportCursor } = {},
): Promise<PaymentReportDto> {
  const [{ start, end }] = await Promise.all([ukMonthBounds(year, month), ensureBankHashes()]);
  const [totals, page] = await Promise.all([
    monthTotals(start, end),
    monthClientPage(start, end, limit, cursor),
  ]);
  const groups = await monthGroups(start, end, page.ids);
  return { year, month, groups, ...totals, nextCursor: page.nextCursor };
}

/** Every client group of the month, a page at a time (the CSV export streams them). */
export async function* allMonthGroups(year: number, month: number, batch = 200) {
  const [{ start, end }] = await Promise.all([ukMonthBounds(year, month), ensureBankHashes()]);
  let cursor: ReportCursor | undefined;
  for (;;) {
    const page = await monthClientPage(start, end, batch, cursor);
    yield* await monthGroups(start, end, page.ids);
    if (!page.nextCursor) return;
    cursor = decodeReportCursor(page.nextCursor) ?? undefined;
  }
}

/** The month's conversions of these clients, grouped in the order given, each group with its own totals. */
async function monthGroups(start: Date, end: Date, clientIds: string[]): Promise<PaymentGroupDto[]> {
  if (clientIds.length === 0) return [];
  // One statement: the conversions with their leads' and clients' names, and each client's owed and paid
  // totals summed by PostgreSQL (window sums): one join is several times faster than loading each relation.
  const rows = await db.$queryRaw<
    {
      id: string;
      referrerId: string;
      rewardPence: number | null;
      rewardPaid: boolean;
      convertedAt: Date;
      paidAt: Date | null;
      firstName: string;
      lastName: string;
      leadErasedAt: Date | null;
      clientFirstName: string;
      clientLastName: string;
      cardNumber: string;
      clientDeletedAt: Date | null;
      sortCodeEnc: string | null;
      accountNumberEnc: string | null;
      accountNameEnc: string | null;
      bankDetailsHash: string | null;
      bankDetailsHeldAt: Date | null;
      bankDetailsChangedBy: string | null;
      owedPence: bigint | null;
      paidPence: bigint | null;
    }[]
  >`
    SELECT r."id", r."referrerId", r."rewardPence", r."rewardPaid", r."convertedAt", r."paidAt",
           l."firstName", l."lastName", l."erasedAt" AS "leadErasedAt",
           c."firstName" AS "clientFirstName", c."lastName" AS "clientLastName", c."cardNumber",
           c."deletedAt" AS "clientDeletedAt", c."sortCodeEnc", c."accountNumberEnc", c."accountNameEnc",
           c."bankDetailsHash", c."bankDetailsHeldAt", c."bankDetailsChangedBy",
           sum(r."rewardPence") FILTER (WHERE NOT r."rewardPaid") OVER (PARTITION BY r."referrerId") AS "owedPence",
           sum(r."rewardPence") FILTER (WHERE r."rewardPaid") OVER (PARTITION BY r."referrerId") AS "paidPence"
    FROM "referrals" r
    JOIN "leads" l ON l."id" = r."leadId"
    JOIN "clients" c ON c."id" = r."referrerId"
    WHERE r."status" = 'Payment Due' AND r."convertedAt" >= ${start} AND r."convertedAt" < ${end}
      AND r."referrerId" = ANY(${clientIds}::uuid[])
    ORDER BY r."convertedAt", r."id"`;

  const [shared, rewardChanges] = await Promise.all([
    sharedBankDetails(
      [
        ...new Map(rows.map((r) => [r.referrerId, { id: r.referrerId, bankDetailsHash: r.bankDetailsHash }])),
      ].map(([, v]) => v),
    ),
    latestRewardChanges(rows.map((r) => r.id)),
  ]);
  const groups = new Map<string, PaymentGroupDto>();
  for (const r of rows) {
    let group = groups.get(r.referrerId);
    if (!group) {
      group = {
        clientId: r.referrerId,
        // A deleted client's paid rewards stay in the report under their card number.
        clientName: clientDisplayName({
          firstName: r.clientFirstName,
          lastName: r.clientLastName,
          deletedAt: r.clientDeletedAt,
        }),
        cardNumber: r.cardNumber,
        sortCode: decryptOrNull(r.sortCodeEnc),
        accountNumber: decryptOrNull(r.accountNumberEnc),
        accountName: decryptOrNull(r.accountNameEnc),
        bankDetailsHeldAt: r.bankDetailsHeldAt ? new Date(r.bankDetailsHeldAt).toISOString() : null,
        bankDetailsChangedBy: r.bankDetailsChangedBy,
        sharedBankDetailsWith: shared.get(r.referrerId) ?? [],
        payments: [],
        totalOwed: toPounds(Number(r.owedPence ?? 0)),
        totalPaid: toPounds(Number(r.paidPence ?? 0)),
      };
      groups.set(r.referrerId, group);
    }
    group.payments.push({
      id: r.id,
      clientId: r.referrerId,
      // A friend whose personal data was erased (issue 16) is named so; the amount stays.
      name: r.leadErasedAt ? 'Erased lead' : fullName(r) || 'Unknown Lead',
      rewardAmount: toPounds(r.rewardPence),
      paid: r.rewardPaid,
      convertedAt: new Date(r.convertedAt).toISOString(),
      paidAt: r.paidAt ? new Date(r.paidAt).toISOString() : null,
      rewardChange: rewardChanges.get(r.id) ?? null,
    });
  }
  return clientIds.flatMap((id) => groups.get(id) ?? []);
}

/**
 * For each of these referrals whose reward a full admin changed, the latest change as the payment audit
 * recorded it (old and new amounts, who, when): the report says so beside the amount. One statement over the
 * audit's referral index; most referrals have no such entry.
 */
async function latestRewardChanges(referralIds: string[]): Promise<Map<string, RewardChangeDto>> {
  const changes = new Map<string, RewardChangeDto>();
  if (referralIds.length === 0) return changes;
  const rows = await db.$queryRaw<
    {
      referralId: string;
      previousAmountPence: number | null;
      amountPence: number;
      performedBy: string;
      createdAt: Date;
    }[]
  >`
    SELECT DISTINCT ON (e."referralId") e."referralId", e."previousAmountPence", e."amountPence",
           e."performedBy", e."createdAt"
    FROM "payment_audit_entries" e
    WHERE e."referralId" = ANY(${referralIds}::uuid[]) AND e."action" = 'reward_changed'
    ORDER BY e."referralId", e."createdAt" DESC, e."id" DESC`;
  for (const r of rows) {
    changes.set(r.referralId, {
      from: toPounds(r.previousAmountPence),
      to: toPounds(r.amountPence),
      by: r.performedBy,
      at: new Date(r.createdAt).toISOString(),
    });
  }
  return changes;
}
