/**
 * The payment audit log, a page at a time or in batches for the CSV export.
 */
import 'server-only';
import { db } from '@/lib/db';
import type { AuditPageDto } from '@/lib/dto/payments';
import { auditAfter, auditPageOf } from '../audit-paging';
import { toAuditEntryDto } from '@/lib/dto/referrals';

/** The payment audit log, newest first, a page at a time (keyset paging: stable while entries are added). */
export async function auditPage(cursor: string | undefined, limit: number): Promise<AuditPageDto> {
  const rows = await db.paymentAuditEntry.findMany({
    where: auditAfter(cursor),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const { page, nextCursor } = auditPageOf(rows, limit);
  return { entries: page.map(toAuditEntryDto), nextCursor };
}

/** Every audit entry, newest first, in batches (for the CSV export). */
export async function* allAuditEntries(batch = 1000) {
  let cursor: string | undefined;
  do {
    const page = await auditPage(cursor, batch);
    yield* page.entries;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
