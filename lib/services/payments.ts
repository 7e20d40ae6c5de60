import 'server-only';
import { notFound } from '@/lib/api/errors';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import type {
  AuditPageDto,
  OutstandingPaymentDto,
  PayAllResultDto,
  PaymentGroupDto,
  PaymentReportDto,
  RewardChangeDto,
} from '@/lib/dto/payments';
import { encryptionKey } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { encodeCursor, type Cursor } from '@/lib/validation/paging';
import { auditAfter, auditPageOf } from './audit-paging';
import { assertNotHeld, ensureBankHashes, sharedBankDetails } from './bank-details';
import { referralSelect, toReferralDto } from '@/lib/dto/referrals';
import type { Paged } from './search';
import type { Actor } from './actor';
import { toAuditEntryDto } from '@/lib/dto/referrals';
import { clientDisplayName, DELETED_CLIENT_TEXT, fullName } from './referrers';
import {
  decodeReportCursor,
  encodeReportCursor,
  REPORT_PAGE_SIZE,
  type ReportCursor,
} from '@/lib/validation/payments';
import { ukDaysBetween } from '@/lib/uk-time';
import { toPounds } from '@/lib/money';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import { rewardPaidMessages } from './referrals';
import { getSettings } from './settings';

/** One collator for every comparison: localeCompare(…, 'en-GB') builds one per call, slow over thousands. */
const byName = new Intl.Collator('en-GB');

/**
 * The instants a UK calendar month starts and ends: a conversion at 23:30 on 31 July in London (22:30 UTC in
 * summer) belongs to July. PostgreSQL's time-zone database decides, so summer time is always right.
 */
export async function ukMonthBounds(
  year: number,
  month: number,
  client: Prisma.TransactionClient = db,
): Promise<{ start: Date; end: Date }> {
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const [row] = await client.$queryRaw<{ start: Date; end: Date }[]>`
    SELECT make_timestamptz(${year}::int, ${month}::int, 1, 0, 0, 0, 'Europe/London') AS "start",
           make_timestamptz(${nextYear}::int, ${nextMonth}::int, 1, 0, 0, 0, 'Europe/London') AS "end"`;
  return { start: new Date(row!.start), end: new Date(row!.end) };
}

const outstandingWhere = { status: 'payment_due', rewardPaid: false } as const;

/**
 * How many rewards are owed and their sum, read from the outstanding index alone (an index-only scan of
 * referrals_outstanding_idx). The status is written into the SQL, not passed as a parameter: PostgreSQL uses a
 * partial index only for a condition it can see matches the index's own. (So the page itself, which Prisma
 * sends with the status as a parameter, walks referrals_status_rewardPaid_convertedAt_idx instead: 52 rows,
 * well under a millisecond at full scale.)
 */
async function outstandingTotals(): Promise<{ count: number; pence: number }> {
  const [row] = await db.$queryRaw<{ count: bigint; pence: bigint | null }[]>`
    SELECT count(*) AS "count", sum("rewardPence") AS "pence"
    FROM "referrals" WHERE "status" = 'Payment Due' AND "rewardPaid" = false`;
  return { count: Number(row?.count ?? 0), pence: Number(row?.pence ?? 0) };
}

/**
 * Unpaid Payment Due referrals, oldest conversion first (spec section 2, 'Outstanding Payments Alert'), a page
 * at a time: keyset paging on (convertedAt, id), the order of the index the query walks.
 */
export async function listOutstanding(
  { cursor, limit }: { cursor?: Cursor; limit: number },
  now = new Date(),
): Promise<Paged<OutstandingPaymentDto> & { totalAmount: number }> {
  const [rows, totals] = await Promise.all([
    db.referral.findMany({
      where: {
        ...outstandingWhere,
        ...(cursor && {
          OR: [
            { convertedAt: { gt: cursor.createdAt } },
            { convertedAt: cursor.createdAt, id: { gt: cursor.id } },
          ],
        }),
      },
      orderBy: [{ convertedAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
      select: {
        id: true,
        rewardPence: true,
        convertedAt: true,
        referrer: {
          select: {
            id: true,
            firstName: true,
            lastName: true,
            bankDetailsHeldAt: true,
            bankDetailsChangedBy: true,
            accountNumberEnc: true,
            accountNameEnc: true,
          },
        },
        lead: { select: { firstName: true, lastName: true } },
      },
    }),
    outstandingTotals(),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => {
      const convertedAt = r.convertedAt ?? now;
      return {
        referralId: r.id,
        clientId: r.referrer.id,
        clientName: fullName(r.referrer),
        referralName: fullName(r.lead) || 'Unknown Lead',
        rewardAmount: toPounds(r.rewardPence),
        convertedAt: convertedAt.toISOString(),
        daysSinceConversion: ukDaysBetween(convertedAt, now),
        bankDetailsHeldAt: r.referrer.bankDetailsHeldAt?.toISOString() ?? null,
        bankDetailsChangedBy: r.referrer.bankDetailsChangedBy,
        hasBankDetails: r.referrer.accountNumberEnc !== null,
        accountName: decryptOrNull(r.referrer.accountNameEnc),
        // Only the last four digits leave the server here: the confirmation names the account, no more.
        accountEnding: decryptOrNull(r.referrer.accountNumberEnc)?.slice(-4) ?? null,
      };
    }),
    total: totals.count,
    totalAmount: toPounds(totals.pence),
    nextCursor:
      rows.length > limit && last?.convertedAt
        ? encodeCursor({ createdAt: last.convertedAt, id: last.id })
        : null,
  };
}

function decryptOrNull(value: string | null): string | null {
  return value ? decrypt(value, encryptionKey()) : null;
}

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

/**
 * 'Pay All Outstanding' for one client and month: every unpaid conversion is marked paid, each with its own
 * 'payment_marked' audit entry, all in one transaction (all or nothing). The rows are locked first, so a
 * concurrent single payment or a second Pay All waits and then finds nothing left to pay.
 */
export async function payAll(
  input: { clientId: string; year: number; month: number },
  actor: Actor,
): Promise<PayAllResultDto> {
  // Read before the transaction (never on a second connection while holding one).
  const { paidEmailDelayMinutes, clinicName } = await getSettings();
  const result = await db.$transaction(async (tx) => {
    const { start, end } = await ukMonthBounds(input.year, input.month, tx);
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM referrals
      WHERE "referrerId" = ${input.clientId}::uuid AND status = 'Payment Due' AND "rewardPaid" = false
        AND "convertedAt" >= ${start} AND "convertedAt" < ${end}
      ORDER BY "convertedAt", id
      FOR UPDATE`;
    const ids = locked.map((r) => r.id);
    // A held client is refused whole (409 with who changed the details and when), like a single payment.
    if (ids.length > 0) await assertNotHeld(tx, [input.clientId]);
    if (ids.length === 0) {
      const exists = await tx.client.count({ where: { id: input.clientId, deletedAt: null } });
      if (!exists) throw notFound('That client does not exist.');
      return { paid: [], auditEntries: [], total: 0 };
    }
    const paidAt = new Date();
    await tx.referral.updateMany({ where: { id: { in: ids } }, data: { rewardPaid: true, paidAt } });
    const rows = await tx.referral.findMany({
      where: { id: { in: ids } },
      orderBy: [{ convertedAt: 'asc' }, { id: 'asc' }],
      select: {
        ...referralSelect,
        referrer: {
          select: {
            id: true,
            firstName: true,
            lastName: true,
            email: true,
            deletedAt: true,
            accountNumberEnc: true,
          },
        },
      },
    });
    const entries = await tx.paymentAuditEntry.createManyAndReturn({
      data: rows.map((r) => ({
        action: 'payment_marked' as const,
        referralId: r.id,
        clientId: r.referrer.id,
        clientName: fullName(r.referrer),
        referralName: fullName(r.lead) || 'Unknown Lead',
        amountPence: r.rewardPence ?? 0,
        performedById: actor.id,
        performedBy: actor.email,
      })),
    });
    // One 'reward paid' message for the whole payment, in its transaction (the outbox), waiting out the undo
    // window (issue 29): it tells of each payment, so undoing one of them cancels or corrects just that one.
    const referrer = rows[0]!.referrer;
    const paidItems = rows.map((r) => ({
      entry: entries.find((e) => e.referralId === r.id)!.id,
      referral: r.id,
      pence: r.rewardPence ?? 0,
    }));
    await queueMessages(
      tx,
      rewardPaidMessages(
        { ...referrer, hasBankDetails: referrer.accountNumberEnc !== null },
        paidItems,
        `pay-all:${entries[0]!.id}`,
        { sendAfterMinutes: paidEmailDelayMinutes },
        clinicName,
      ),
    );
    return {
      paid: rows.map(toReferralDto),
      auditEntries: entries.map(toAuditEntryDto),
      // Summed in pence, turned into pounds once (lib/money.ts).
      total: toPounds(rows.reduce((sum, r) => sum + (r.rewardPence ?? 0), 0)),
    };
  });
  if (result.paid.length > 0) kickMessages();
  return result;
}

export interface BankFilePayee {
  clientId: string;
  clientName: string;
  cardNumber: string;
  sortCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
  held: boolean;
  owedPence: number;
}

/**
 * Everything owed now, across all months, summed per client (PostgreSQL sums; the index on status, paid and
 * conversion finds the rows). The bank file (payment-exports.ts) decides who goes in it.
 */
export async function owedPerClient(): Promise<BankFilePayee[]> {
  const rows = await db.$queryRaw<
    {
      id: string;
      firstName: string;
      lastName: string;
      cardNumber: string;
      sortCodeEnc: string | null;
      accountNumberEnc: string | null;
      accountNameEnc: string | null;
      bankDetailsHeldAt: Date | null;
      owedPence: bigint;
    }[]
  >`
    SELECT c."id", c."firstName", c."lastName", c."cardNumber", c."sortCodeEnc", c."accountNumberEnc",
           c."accountNameEnc", c."bankDetailsHeldAt", o."owedPence"
    FROM (SELECT "referrerId", sum(coalesce("rewardPence", 0)) AS "owedPence" FROM "referrals"
          WHERE "status" = 'Payment Due' AND "rewardPaid" = false GROUP BY "referrerId") o
    JOIN "clients" c ON c."id" = o."referrerId"
    WHERE o."owedPence" > 0`;
  return rows
    .map((r) => ({
      clientId: r.id,
      clientName: fullName(r),
      cardNumber: r.cardNumber,
      sortCode: decryptOrNull(r.sortCodeEnc),
      accountNumber: decryptOrNull(r.accountNumberEnc),
      accountName: decryptOrNull(r.accountNameEnc),
      held: r.bankDetailsHeldAt !== null,
      owedPence: Number(r.owedPence),
    }))
    .sort((a, b) => byName.compare(a.clientName, b.clientName) || (a.clientId < b.clientId ? -1 : 1));
}

/** The payment audit log, newest first, a page at a time (keyset paging: stable while entries are added). */
export async function auditPage(cursor: string | undefined, limit: number): Promise<AuditPageDto> {
  const rows = await db.paymentAuditEntry.findMany({
    where: auditAfter(cursor),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const { page, nextCursor } = auditPageOf(rows, limit);
  return { entries: page.map(toAuditEntryDto), nextCursor };
}

/** Every audit entry, newest first, in batches (for the CSV export). */
export async function* allAuditEntries(batch = 1000) {
  let cursor: string | undefined;
  do {
    const page = await auditPage(cursor, batch);
    yield* page.entries;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
