/**
 * Payments' shared pieces: the name collator, a UK month's bounds (PostgreSQL decides summer time) and
 * decrypting a stored bank field.
 */
import 'server-only';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';

/** One collator for every comparison: localeCompare(…, 'en-GB') builds one per call, slow over thousands. */
export const byName = new Intl.Collator('en-GB');

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

export function decryptOrNull(value: string | null): string | null {
  return value ? decrypt(value, encryptionKey()) : null;
}
