import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import { DEFAULT_SORT_DIR, type ClientSort, type Cursor, type SortCursor } from '@/lib/validation/paging';
import { afterCursor, wordsMatch } from './search';

/** The clients table's filters: each narrows the list when on (AND-combined, and with the search). */
export interface ClientFilters {
  /** Rewards owed now (Story Started, not yet paid). */
  owed?: boolean;
  /** No bank details on file. */
  bacsMissing?: boolean;
  /** Not one referral yet. */
  noReferrals?: boolean;
  /** Came through an affiliate company. */
  affiliate?: boolean;
}

export interface ClientOrder {
  /** Newest first when absent. */
  sort?: ClientSort;
  /** The order's natural direction when absent (DEFAULT_SORT_DIR). */
  dir?: 'asc' | 'desc';
}

export interface ClientPageOptions extends ClientFilters, ClientOrder {
  q?: string;
  cursor?: Cursor | SortCursor;
  limit: number;
}

/** A client's rewards owed now, in pence: what Paid Now and Pay All would pay them. */
const OWED_PENCE = Prisma.sql`coalesce((SELECT sum(coalesce(r."rewardPence", 0)) FROM "referrals" r
  WHERE r."referrerId" = c."id" AND r."status" = 'Payment Due' AND r."rewardPaid" = false), 0)`;

/**
 * What the list holds: clients not deleted (a deleted one is kept only for the payment records), matching the
 * search (name, each word; email; card number; affiliate company) and every filter that is on.
 */
export function clientWhere(q: string | undefined, filters: ClientFilters): Prisma.Sql {
  const parts = [Prisma.sql`c."deletedAt" IS NULL`];
  if (q) {
    parts.push(
      wordsMatch(q, [
        Prisma.sql`c."firstName"`,
        Prisma.sql`c."lastName"`,
        Prisma.sql`c."email"`,
        Prisma.sql`c."cardNumber"`,
        Prisma.sql`c."affiliateCompany"`,
      ]),
    );
  }
  if (filters.owed) parts.push(Prisma.sql`${OWED_PENCE} > 0`);
  if (filters.bacsMissing) parts.push(Prisma.sql`(c."sortCodeEnc" IS NULL OR c."accountNumberEnc" IS NULL)`);
  if (filters.noReferrals) parts.push(Prisma.sql`c."referralCount" = 0`);
  if (filters.affiliate) parts.push(Prisma.sql`coalesce(c."affiliateCompany", '') <> ''`);
  return Prisma.join(parts, ' AND ');
}

export const hasFilters = (q: string | undefined, f: ClientFilters) =>
  Boolean(q || f.owed || f.bacsMissing || f.noReferrals || f.affiliate);

/** The sort key of each order, and how a cursor's value is typed for comparing with it. */
const SORT_KEYS: Record<Exclude<ClientSort, 'created'>, { key: Prisma.Sql; cast: Prisma.Sql }> = {
  name: { key: Prisma.sql`lower(c."lastName" || ' ' || c."firstName")`, cast: Prisma.sql`text` },
  cardNumber: { key: Prisma.sql`c."cardNumber"`, cast: Prisma.sql`text` },
  referrals: { key: Prisma.sql`c."referralCount"::bigint`, cast: Prisma.sql`bigint` },
  owed: { key: OWED_PENCE, cast: Prisma.sql`bigint` },
};

/**
 * The ids of one page of clients, with each one's sort value for the next cursor. Newest first keeps the
 * ("createdAt", "id") index order; the other orders page by keyset on (sort value, id) as well, so a page costs
 * the same however deep it is and rows never repeat or go missing between pages.
 */
export function clientPageSql({
  q,
  cursor,
  limit,
  sort = 'created',
  dir = DEFAULT_SORT_DIR[sort],
  ...filters
}: ClientPageOptions): Prisma.Sql {
  const where = clientWhere(q, filters);
  const order = dir === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  if (sort === 'created') {
    const after =
      cursor && 'createdAt' in cursor
        ? dir === 'asc'
          ? Prisma.sql`(c."createdAt", c."id") > (${cursor.createdAt}, ${cursor.id}::uuid)`
          : afterCursor(cursor, Prisma.sql`c."createdAt"`, Prisma.sql`c."id"`)
        : Prisma.sql`TRUE`;
    return Prisma.sql`SELECT c."id", c."createdAt", c."createdAt" AS "key" FROM "clients" c
      WHERE ${where} AND ${after}
      ORDER BY c."createdAt" ${order}, c."id" ${order} LIMIT ${limit + 1}`;
  }
  const { key, cast } = SORT_KEYS[sort];
  const after =
    cursor && 'sort' in cursor
      ? Prisma.sql`(s."key", s."id") ${dir === 'asc' ? Prisma.sql`>` : Prisma.sql`<`} (CAST(${String(cursor.value)} AS ${cast}), ${cursor.id}::uuid)`
      : Prisma.sql`TRUE`;
  return Prisma.sql`SELECT s."id", s."createdAt", s."key" FROM (
      SELECT c."id", c."createdAt", ${key} AS "key" FROM "clients" c WHERE ${where}
    ) s WHERE ${after}
    ORDER BY s."key" ${order}, s."id" ${order} LIMIT ${limit + 1}`;
}

/** How many clients match; with no search or filter, the count the database keeps (no count over every row). */
export function clientCountSql(q: string | undefined, filters: ClientFilters): Prisma.Sql {
  return hasFilters(q, filters)
    ? Prisma.sql`SELECT count(*)::int AS n FROM "clients" c WHERE ${clientWhere(q, filters)}`
    : Prisma.sql`SELECT "count"::int AS n FROM "row_counts" WHERE "name" = 'clients'`;
}
