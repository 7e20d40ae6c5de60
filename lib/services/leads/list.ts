/**
 * GET /api/leads: the paged, searchable list and the SQL behind it (exported for the query-plan test).
 */
import 'server-only';
import { db } from '@/lib/db';
import { type LeadDto, leadSelect, toLeadDto } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { encodeCursor, type Cursor } from '@/lib/validation/paging';
import { afterCursor, countOf, inOrder, pageOf, type KeyRow, type Paged } from '../search';
import { leadSearch } from './common';

export interface LeadListOptions {
  q?: string;
  /**
   * Only leads still without a referrer that named one: a card number that matched no client, or the name the
   * friend typed in 'Who recommended you?' (issue 29), for staff to match.
   */
  unmatched?: boolean;
  cursor?: Cursor;
  limit: number;
}

/** The ids of one page of leads, newest first (exported for the query-plan test). */
const unmatchedOnly = (unmatched: boolean | undefined) =>
  unmatched
    ? Prisma.sql`l."referrerId" IS NULL AND l."erasedAt" IS NULL
        AND (l."enteredCardNumber" IS NOT NULL OR l."recommendedBy" IS NOT NULL)`
    : Prisma.sql`TRUE`;

export function leadPageSql({ q, cursor, limit, unmatched }: LeadListOptions): Prisma.Sql {
  return Prisma.sql`SELECT l."id", l."createdAt" FROM "leads" l
    WHERE ${q ? leadSearch(q, 'l') : Prisma.sql`TRUE`} AND ${unmatchedOnly(unmatched)}
      AND ${afterCursor(cursor, Prisma.sql`l."createdAt"`, Prisma.sql`l."id"`)}
    ORDER BY l."createdAt" DESC, l."id" DESC LIMIT ${limit + 1}`;
}

export function leadCountSql(q: string | undefined, unmatched?: boolean): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS n FROM "leads" l
    WHERE ${q ? leadSearch(q, 'l') : Prisma.sql`TRUE`} AND ${unmatchedOnly(unmatched)}`;
}

/** GET /api/leads: newest first, paged and searchable. */
export async function listLeads(options: LeadListOptions): Promise<Paged<LeadDto>> {
  const [keys, total] = await Promise.all([
    db.$queryRaw<KeyRow[]>(leadPageSql(options)),
    countOf(leadCountSql(options.q, options.unmatched)),
  ]);
  const { rows, next } = pageOf(keys, options.limit);
  const ids = rows.map((r) => r.id);
  const found = await db.lead.findMany({ where: { id: { in: ids } }, select: leadSelect });
  return {
    items: inOrder(ids, found).map(toLeadDto),
    total,
    nextCursor: next ? encodeCursor(next) : null,
  };
}
