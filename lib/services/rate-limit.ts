import 'server-only';
import { tooManyRequests } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { log } from '@/lib/log';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * Sliding-window counters kept in PostgreSQL (one row per counted event), so that a limit holds across every
 * app instance sharing the database.
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** false: the limit is checked but this attempt is not counted under it (default true). */
  record?: boolean;
}

/**
 * The advisory-lock class of the rate limits (the first of pg_advisory_xact_lock's two int4 keys), so a limit's
 * lock never meets the single-bigint locks other services take on their own keys.
 */
const LOCK_CLASS = 28_003;

export interface Taken {
  /** 0: there was room and the attempt is counted; otherwise the seconds until there is room (nothing counted). */
  wait: number;
  /** The events this attempt wrote, one per recorded limit (to take back one that turned out not to count). */
  eventIds: bigint[];
}

/**
 * Counts one attempt against every limit, atomically: either each limit has room and the attempt is recorded
 * under each (wait 0), or none is touched and the answer is how long to wait. The keys are locked first
 * (transaction-scoped advisory locks, in key order so two callers never wait on each other crosswise), and the
 * count and the insert are one statement under those locks, so N simultaneous attempts get exactly the limit
 * through, on any number of app instances. Counting before recording, as two steps, let every attempt sent at
 * the same moment pass the count before any of them was recorded (issue 28, point 3).
 *
 * In `tx` the locks are held until the caller's transaction ends, so its other writes commit with the event
 * (the lead and the event that counts it); a caller that refuses then should throw, rolling the event back.
 */
export async function takeLimits(
  limits: Limit[],
  options: { now?: Date; tx?: Prisma.TransactionClient } = {},
): Promise<Taken> {
  const now = options.now ?? new Date();
  const run = async (tx: Prisma.TransactionClient): Promise<Taken> => {
    const keys = [...new Set(limits.map((l) => l.key))].sort();
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(k)) FROM unnest(${keys}::text[]) AS k`;
    // Under the locks, one statement finds the limits already used up (the max-th newest event of each window,
    // when there is one) and, only when there is none, records the attempt under every limit that counts it.
    const rows = await tx.$queryRaw<{ n: bigint; edge: Date | null; id: bigint | null }[]>`
      WITH l AS (
        SELECT * FROM unnest(
          ${limits.map((l) => l.key)}::text[],
          ${limits.map((l) => l.max)}::int[],
          ${limits.map((l) => new Date(now.getTime() - l.windowMs).toISOString())}::timestamptz[],
          ${limits.map((l) => l.record !== false)}::boolean[]
        ) WITH ORDINALITY AS l(key, max, since, record, n)
      ),
      used_up AS (
        SELECT l.n, e."createdAt" AS edge
        FROM l CROSS JOIN LATERAL (
          SELECT r."createdAt" FROM "rate_limit_events" r
          WHERE r."key" = l.key AND r."createdAt" > l.since
          ORDER BY r."createdAt" DESC OFFSET l.max - 1 LIMIT 1
        ) e
      ),
      added AS (
        INSERT INTO "rate_limit_events" ("key", "createdAt")
        SELECT DISTINCT l.key, ${now.toISOString()}::timestamptz FROM l
        WHERE l.record AND NOT EXISTS (SELECT 1 FROM used_up)
        RETURNING "id"
      )
      SELECT n, edge, NULL::bigint AS id FROM used_up
      UNION ALL
      SELECT NULL, NULL, "id" FROM added`;
    let wait = 0;
    for (const row of rows) {
      if (row.edge === null) continue;
      const limit = limits[Number(row.n) - 1]!;
      wait = Math.max(wait, (row.edge.getTime() + limit.windowMs - now.getTime()) / 1000);
    }
    // A used-up limit always leaves at least a second to wait (an edge leaving the window this very
    // millisecond would otherwise read as 0, "go ahead", for an attempt that was not recorded).
    if (rows.some((r) => r.edge !== null)) return { wait: Math.max(1, Math.ceil(wait)), eventIds: [] };
    return { wait: 0, eventIds: rows.flatMap((r) => (r.id === null ? [] : [r.id])) };
  };
  const taken = options.tx ? await run(options.tx) : await db.$transaction(run);
  if (taken.wait === 0 && !options.tx) pruneEventsNow();
  return taken;
}

/** takeLimits, refused with 429 (`message`, and Retry-After) when a limit is used up. */
export async function takeOrRefuse(
  limits: Limit[],
  message: string,
  options: { now?: Date; tx?: Prisma.TransactionClient } = {},
): Promise<Taken> {
  const taken = await takeLimits(limits, options);
  if (taken.wait > 0) throw tooManyRequests(message, taken.wait);
  return taken;
}

/**
 * Seconds until the caller may try again, or 0 when every limit still has room: a read that counts nothing, for
 * a quick refusal before costlier work and for pages that only say how long to wait. It decides nothing on its
 * own: two callers may both read room, and only takeLimits lets exactly the limit through.
 */
export async function retryAfterSeconds(limits: Limit[], now = new Date()): Promise<number> {
  let wait = 0;
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowMs);
    const edge = await db.rateLimitEvent.findFirst({
      where: { key: limit.key, createdAt: { gt: since } },
      orderBy: { createdAt: 'desc' },
      skip: limit.max - 1,
      select: { createdAt: true },
    });
    if (edge) wait = Math.max(wait, (edge.createdAt.getTime() + limit.windowMs - now.getTime()) / 1000);
  }
  return Math.ceil(wait);
}

/** Takes back events an attempt recorded but that turned out not to count (a right password's address event). */
export async function forgetEvents(ids: bigint[]): Promise<void> {
  if (ids.length > 0) await db.rateLimitEvent.deleteMany({ where: { id: { in: ids } } });
}

/** Keep the table small, now and then (1 call in 100): events older than a day never count towards any limit. */
async function pruneEvents(): Promise<void> {
  if (Math.random() < 0.01) {
    await db.rateLimitEvent.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
  }
}

/** pruneEvents for a caller that wrote its event in its own transaction, without waiting for it. */
export function pruneEventsNow(): void {
  pruneEvents().catch((error: unknown) => log.error({ err: error }, 'Pruning old rate-limit events failed.'));
}

export async function clearEvents(key: string): Promise<void> {
  await db.rateLimitEvent.deleteMany({ where: { key } });
}
