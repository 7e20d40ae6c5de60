/**
 * GET /api/referrals: the paged, searchable list and the SQL behind it (exported for the query-plan test).
 */
import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ReferralDto } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { encodeCursor, type Cursor } from '@/lib/validation/paging';
import { CLIENT_NOT_FOUND_TEXT, leadSearch } from '../leads';
import { referralSelect, toReferralDto } from '@/lib/dto/referrals';
import { afterCursor, countOf, inOrder, pageOf, type KeyRow, type Paged } from '../search';

export interface ReferralListOptions {
  clientId?: string;
  q?: string;
  cursor?: Cursor;
  limit: number;
}

/** A search of referrals looks at the lead: name (each word), email, or a phone number in any usual form. */
function referralFilter({ clientId, q }: Pick<ReferralListOptions, 'clientId' | 'q'>): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (clientId) conditions.push(Prisma.sql`r."referrerId" = ${clientId}::uuid`);
  if (q) conditions.push(leadSearch(q, 'l'));
  return conditions.length ? Prisma.join(conditions, ' AND ') : Prisma.sql`TRUE`;
}

/** The ids of one page of referrals, newest first (exported for the query-plan test). */
export function referralPageSql({ cursor, limit, ...filter }: ReferralListOptions): Prisma.Sql {
  const from = filter.q
    ? Prisma.sql`"referrals" r JOIN "leads" l ON l."id" = r."leadId"`
    : Prisma.sql`"referrals" r`;
  return Prisma.sql`SELECT r."id", r."createdAt" FROM ${from}
    WHERE ${referralFilter(filter)} AND ${afterCursor(cursor, Prisma.sql`r."createdAt"`, Prisma.sql`r."id"`)}
    ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${limit + 1}`;
}

export function referralCountSql(filter: Pick<ReferralListOptions, 'clientId' | 'q'>): Prisma.Sql {
  if (filter.clientId && !filter.q) {
    // The count the database keeps for each client.
    return Prisma.sql`SELECT "referralCount" AS n FROM "clients" WHERE "id" = ${filter.clientId}::uuid`;
  }
  const from = filter.q
    ? Prisma.sql`"referrals" r JOIN "leads" l ON l."id" = r."leadId"`
    : Prisma.sql`"referrals" r`;
  return Prisma.sql`SELECT count(*)::int AS n FROM ${from} WHERE ${referralFilter(filter)}`;
}

/** GET /api/referrals: newest first, paged; one client's (clientId) and searchable (q). */
export async function listReferrals(options: ReferralListOptions): Promise<Paged<ReferralDto>> {
  if (options.clientId) {
    const client = await db.client.findUnique({
      where: { id: options.clientId, deletedAt: null },
      select: { id: true },
    });
    if (!client) throw notFound(CLIENT_NOT_FOUND_TEXT);
  }
  const [keys, total] = await Promise.all([
    db.$queryRaw<KeyRow[]>(referralPageSql(options)),
    countOf(referralCountSql(options)),
  ]);
  const { rows, next } = pageOf(keys, options.limit);
  const ids = rows.map((r) => r.id);
  const found = await db.referral.findMany({ where: { id: { in: ids } }, select: referralSelect });
  return {
    items: inOrder(ids, found).map(toReferralDto),
    total,
    nextCursor: next ? encodeCursor(next) : null,
  };
}
