/**
 * Outstanding payments: the unpaid Payment Due referrals, oldest conversion first, a page at a time, with their
 * totals.
 */
import 'server-only';
import { db } from '@/lib/db';
import type { OutstandingPaymentDto } from '@/lib/dto/payments';
import { encodeCursor, type Cursor } from '@/lib/validation/paging';
import type { Paged } from '../search';
import { fullName } from '../referrers';
import { ukDaysBetween } from '@/lib/uk-time';
import { toPounds } from '@/lib/money';
import { decryptOrNull } from './common';

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
