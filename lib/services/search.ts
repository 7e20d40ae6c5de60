import 'server-only';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Cursor } from '@/lib/validation/paging';

/**
 * Building blocks of the paged, searchable lists. Each list is ordered newest first by ("createdAt", "id") and
 * paged by keyset (the last row's pair, never an offset), so a page costs the same however deep it is and
 * rows added meanwhile never shift the pages after it. Searches are ILIKE patterns that the pg_trgm GIN
 * indexes serve (see the scale_search migration).
 */

const MAX_WORDS = 5;

/** The text as a LIKE literal: its own %, _ and \ match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The patterns a search stands for, for each word (at most five): a word of three or more characters matches
 * anywhere (trigrams need three); a shorter one matches the start of a field or of a word in it ('49' finds
 * 'Practice 49'), which the trigram index also serves and which is what someone typing first letters means.
 */
export function searchPatterns(query: string): string[][] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => {
      const text = escapeLike(word);
      return word.length >= 3 ? [`%${text}%`] : [`${text}%`, `% ${text}%`];
    });
}

/**
 * A search that looks like a phone number ('07123 456789', '+44 7123', '7123456') as the digits stored in an
 * E.164-style number: a UK trunk 0 is dropped, so the national form finds +447123456789. Null otherwise.
 */
export function phoneDigits(query: string): string | null {
  if (!/^[+\d\s().-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  if (digits.length < 4) return null;
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/** Every word matches at least one of the columns (e.g. 'jane smi' finds Jane Smith). */
export function wordsMatch(query: string, columns: Prisma.Sql[]): Prisma.Sql {
  const words = searchPatterns(query).map(
    (patterns) =>
      Prisma.sql`(${Prisma.join(
        columns.flatMap((column) => patterns.map((pattern) => Prisma.sql`${column} ILIKE ${pattern}`)),
        ' OR ',
      )})`,
  );
  return words.length ? Prisma.join(words, ' AND ') : Prisma.sql`TRUE`;
}

/** Rows after the cursor in ("createdAt" DESC, "id" DESC) order: one range condition on that index. */
export function afterCursor(cursor: Cursor | undefined, createdAt: Prisma.Sql, id: Prisma.Sql): Prisma.Sql {
  return cursor
    ? Prisma.sql`(${createdAt}, ${id}) < (${cursor.createdAt}, ${cursor.id}::uuid)`
    : Prisma.sql`TRUE`;
}

export interface KeyRow {
  id: string;
  createdAt: Date;
}

/** Splits the `limit + 1` rows a page query asked for into the page and the next page's cursor. */
export function pageOf<T extends KeyRow>(rows: T[], limit: number): { rows: T[]; next: Cursor | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, next: { createdAt: last.createdAt, id: last.id } };
}

/** Rows fetched by id, put back in the order of the ids. */
export function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of a list, with the total of matches and the next page's cursor (null on the last page). */
export interface Paged<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/** Runs a `SELECT count(*)::int AS n ...` query. */
export async function countOf(sql: Prisma.Sql): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>(sql);
  return row?.n ?? 0;
}
