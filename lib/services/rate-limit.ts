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

/** Seconds until the caller may try again, or 0 when every limit still has room. */
export async function retryAfterSeconds(limits: Limit[], now = new Date()): Promise<number> {
  let wait = 0;
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowMs);
    const events = await db.rateLimitEvent.findMany({
      where: { key: limit.key, createdAt: { gt: since } },
      orderBy: { createdAt: 'desc' },
      take: limit.max,
      select: { createdAt: true },
    });
    if (events.length >= limit.max) {
      // Room comes back when the oldest of the last `max` events leaves the window.
      const oldest = events[events.length - 1]!.createdAt.getTime();
      wait = Math.max(wait, (oldest + limit.windowMs - now.getTime()) / 1000);
    }
  }
  return Math.ceil(wait);
}

export async function recordEvent(keys: string[]): Promise<void> {
  await db.rateLimitEvent.createMany({ data: keys.map((key) => ({ key })) });
  // Keep the table small: events older than a day never count towards any limit.
  if (Math.random() < 0.01) {
    await db.rateLimitEvent.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
  }
}

export async function clearEvents(key: string): Promise<void> {
  await db.rateLimitEvent.deleteMany({ where: { key } });
}
