import 'server-only';
import { db } from '@/lib/db';

/**
 * Sliding-window counters kept in PostgreSQL (one row per counted event), so that a limit holds across every
 * app instance sharing the database.
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Seconds until the caller may try again, or 0 when every limit still has room. One row is read per limit:
 * the max-th newest event in the window (if there is one, the limit is reached, and room comes back when it
 * leaves the window), never the whole window's events.
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

export async function recordEvent(keys: string[]): Promise<void> {
  await db.rateLimitEvent.createMany({ data: keys.map((key) => ({ key })) });
  await pruneEvents();
}

/** Keep the table small, now and then (1 call in 100): events older than a day never count towards any limit. */
async function pruneEvents(): Promise<void> {
  if (Math.random() < 0.01) {
    await db.rateLimitEvent.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
  }
}

/** pruneEvents for a caller that wrote its event in its own transaction, without waiting for it. */
export function pruneEventsNow(): void {
  pruneEvents().catch((error: unknown) => console.error('[rate-limit] pruning old events failed:', error));
}

export async function clearEvents(key: string): Promise<void> {
  await db.rateLimitEvent.deleteMany({ where: { key } });
}
