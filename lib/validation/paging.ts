import { z } from './zod';

/** Paged lists (GET /api/clients, /api/referrals, /api/leads): how many, from where, and what to look for. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;
export const MAX_SEARCH_LENGTH = 100;

export const LIMIT_TEXT = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
export const CURSOR_TEXT = 'That cursor is not valid: start again from the first page.';
export const SEARCH_TEXT = `The search is too long (at most ${MAX_SEARCH_LENGTH} characters).`;

/** A position in a list ordered newest first: the last row's creation time and id. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Every row was created in this millennium; a cursor's time outside these years was made up, and one far enough
 * out (JS accepts ±275,760 years) overflows PostgreSQL's timestamptz and would fail the query.
 */
const EARLIEST_CURSOR_TIME = Date.UTC(2000, 0, 1);
const LATEST_CURSOR_TIME = Date.UTC(10000, 0, 1);

/** Opaque to callers: base64url of [ISO time, id]. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [time, id] = value as unknown[];
    if (typeof time !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
    const createdAt = new Date(time);
    const ms = createdAt.getTime();
    if (Number.isNaN(ms) || ms < EARLIEST_CURSOR_TIME || ms >= LATEST_CURSOR_TIME) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** Query strings are text: a blank parameter is as good as none. */
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** `limit`: a whole number from 1 to `max`, `defaultSize` when absent or blank. */
export function pageLimit(max = MAX_PAGE_SIZE, defaultSize = DEFAULT_PAGE_SIZE) {
  const text = `limit must be a whole number from 1 to ${max}`;
  return z.preprocess(
    blankIsAbsent,
    z.coerce.number({ error: text }).int(text).min(1, text).max(max, text).default(defaultSize),
  );
}

const limit = pageLimit();

const cursor = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .max(200, CURSOR_TEXT)
    .transform((text, ctx) => {
      const decoded = decodeCursor(text);
      if (!decoded) ctx.addIssue({ code: 'custom', message: CURSOR_TEXT });
      return decoded ?? undefined;
    })
    .optional(),
);

const search = z.preprocess(blankIsAbsent, z.string().trim().max(MAX_SEARCH_LENGTH, SEARCH_TEXT).optional());

const flag = (name: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .enum(['true', 'false'], { error: `${name} must be true or false` })
      .default('true')
      .transform((v) => v === 'true'),
  );

export const pageQuerySchema = z.object({ limit, cursor, q: search });
export type PageQuery = z.output<typeof pageQuerySchema>;

/** GET /api/leads: pages, search, and `unmatched=true` for the leads whose card number matched no client. */
export const leadListQuerySchema = z.object({
  limit,
  cursor,
  q: search,
  unmatched: z
    .enum(['true', 'false'], { error: "unmatched must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * GET /api/referrals/inbox: pages (no search), and `reached=recent` for the friends reached in the last day
 * instead, to change or clear a mistaken outcome.
 */
export const inboxQuerySchema = pageQuerySchema.omit({ q: true }).extend({
  reached: z.enum(['recent'], { error: "reached must be 'recent'" }).optional(),
});

/** The orders the clients table offers; each has a natural direction (newest, A to Z, most first). */
export const CLIENT_SORTS = ['created', 'name', 'cardNumber', 'referrals', 'owed'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const DEFAULT_SORT_DIR: Record<ClientSort, 'asc' | 'desc'> = {
  created: 'desc',
  name: 'asc',
  cardNumber: 'asc',
  referrals: 'desc',
  owed: 'desc',
};
export const CLIENT_SORT_TEXT = `sort must be one of ${CLIENT_SORTS.join(', ')}`;
export const SORT_DIR_TEXT = 'dir must be asc or desc';

/** A position in a list in another order than newest first: the last row's sort value and id. */
export interface SortCursor {
  sort: ClientSort;
  value: string | number;
  id: string;
}

export function encodeSortCursor({ sort, value, id }: SortCursor): string {
  return Buffer.from(JSON.stringify(['sort', sort, value, id])).toString('base64url');
}

export function decodeSortCursor(text: string): SortCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4 || value[0] !== 'sort') return null;
    const [, sort, key, id] = value as unknown[];
    if (!CLIENT_SORTS.includes(sort as ClientSort) || sort === 'created') return null;
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const numeric = sort === 'referrals' || sort === 'owed';
    if (numeric ? !Number.isSafeInteger(key) : typeof key !== 'string' || key.length > 200) return null;
    return { sort: sort as ClientSort, value: key as string | number, id };
  } catch {
    return null;
  }
}

/** An on/off filter: `true` turns it on; absent or `false` leaves it off. */
const filter = (name: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .enum(['true', 'false'], { error: `${name} must be true or false` })
      .default('false')
      .transform((v) => v === 'true'),
  );

/**
 * GET /api/clients: `referrals=false` leaves each client's referrals out (the dashboard loads them on demand);
 * `sort` and `dir` order the table; `owed`, `bacsMissing`, `noReferrals` and `affiliate` filter it.
 */
export const clientListQuerySchema = z
  .object({
    limit,
    q: search,
    cursor: z.preprocess(blankIsAbsent, z.string().max(300, CURSOR_TEXT).optional()),
    referrals: flag('referrals'),
    sort: z.preprocess(blankIsAbsent, z.enum(CLIENT_SORTS, { error: CLIENT_SORT_TEXT }).default('created')),
    dir: z.preprocess(blankIsAbsent, z.enum(['asc', 'desc'], { error: SORT_DIR_TEXT }).optional()),
    owed: filter('owed'),
    bacsMissing: filter('bacsMissing'),
    noReferrals: filter('noReferrals'),
    affiliate: filter('affiliate'),
  })
  .transform(({ cursor: text, ...query }, ctx) => {
    const dir = query.dir ?? DEFAULT_SORT_DIR[query.sort];
    if (text === undefined) return { ...query, dir, cursor: undefined };
    // A cursor belongs to the order it was made in: newest-first cursors are [time, id], others carry the sort.
    const cursor = query.sort === 'created' ? decodeCursor(text) : decodeSortCursor(text);
    if (!cursor || ('sort' in cursor && cursor.sort !== query.sort)) {
      ctx.addIssue({ code: 'custom', message: CURSOR_TEXT, path: ['cursor'] });
      return z.NEVER;
    }
    return { ...query, dir, cursor };
  });
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

export const oneClientQuerySchema = z.object({ referrals: flag('referrals') });

/** GET /api/referrals: `clientId` for one client's referrals. */
export const referralListQuerySchema = pageQuerySchema.extend({
  clientId: z.preprocess(blankIsAbsent, z.uuid('clientId must be a client id').optional()),
});
