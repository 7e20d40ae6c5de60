/** The payment audit log's loaded entries: kept newest first, once each, as pages and actions add to them. */
import type { PaymentAuditEntryDto } from '@/lib/dto/payments';

export interface AuditLog {
  /** Newest first. */
  entries: PaymentAuditEntryDto[];
  /** The cursor after the oldest entry loaded; null once the whole log is loaded. */
  nextCursor: string | null;
}

/** Newest first, as the server pages them (its keyset order: time, then id). */
function newestFirst(a: PaymentAuditEntryDto, b: PaymentAuditEntryDto): number {
  return b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id);
}

/**
 * The loaded audit entries with newer ones added (the entries an action wrote, or a fresh first page), once
 * each, newest first. Entries are never changed or removed, so the loaded pages stay right and the cursor of
 * the oldest one loaded still leads to the next page.
 */
export function mergeAuditEntries(
  loaded: readonly PaymentAuditEntryDto[],
  incoming: readonly PaymentAuditEntryDto[],
): PaymentAuditEntryDto[] {
  const byId = new Map<string, PaymentAuditEntryDto>();
  for (const entry of [...loaded, ...incoming]) byId.set(entry.id, entry);
  return [...byId.values()].sort(newestFirst);
}
