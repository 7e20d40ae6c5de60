import 'server-only';
import { db } from '@/lib/db';
import { accountActionText, type AccountAuditEntryDto } from '@/lib/dto/account';
import { auditPageOf } from '@/lib/services/audit-paging';
import type { Cursor } from '@/lib/validation/paging';
import { newestFirstAfter } from './sign-in-record';

/**
 * The account audit as full admins read it (issue 31): newest first, a page at a time, each action in words.
 * Written by recordAccountEvent (audit.ts) in the transaction of what it records.
 */
export async function accountAuditPage(query: {
  limit: number;
  cursor?: Cursor;
}): Promise<{ items: AccountAuditEntryDto[]; total: number; nextCursor: string | null }> {
  const [rows, total] = await Promise.all([
    db.accountAuditEntry.findMany({
      where: newestFirstAfter(query.cursor),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: query.limit + 1,
    }),
    db.accountAuditEntry.count(),
  ]);
  const { page, nextCursor } = auditPageOf(rows, query.limit);
  return {
    items: page.map((e) => ({
      id: e.id,
      action: e.action,
      actionText: accountActionText(e.action),
      email: e.email,
      performedBy: e.performedBy,
      ip: e.ip,
      details: e.details,
      at: e.createdAt.toISOString(),
    })),
    total,
    nextCursor,
  };
}
