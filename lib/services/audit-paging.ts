import 'server-only';
import { badRequest } from '@/lib/api/errors';
import { decodeCursor, encodeCursor } from '@/lib/validation/paging';

/**
 * Keyset paging of an audit log, newest first on (createdAt, id): stable while entries are added. The where
 * clause of the page after `cursor` (400 for a cursor that is not one of ours) ...
 */
export function auditAfter(cursor: string | undefined) {
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after)
    throw badRequest('cursor is not valid: pass back the nextCursor of the previous page');
  return after
    ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
    : undefined;
}

/** ... and, from `limit + 1` rows read, the page and the cursor of the next one (null at the end). */
export function auditPageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}
