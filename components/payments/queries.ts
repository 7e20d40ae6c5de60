import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { AuditPageDto } from '@/lib/dto/payments';
import type { Period } from '@/lib/period';
import { paymentKeys } from '@/lib/query/keys';
import { mergeAuditEntries, type AuditLog } from './payment-helpers';
import { fetchAuditPage, fetchOutstanding, fetchReport } from './payments-api';

/** The Outstanding Payments Alert: the oldest unpaid rewards, with the count and sum of them all. */
export const outstandingQuery = () =>
  queryOptions({ queryKey: paymentKeys.outstanding(), queryFn: ({ signal }) => fetchOutstanding(signal) });

/** The Monthly Payment Report of one month. */
export const reportQuery = (period: Period) =>
  queryOptions({
    queryKey: paymentKeys.report(period),
    queryFn: ({ signal }) => fetchReport(period, signal),
  });

/** The Payments Audit Log, newest first, a page at a time. */
export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.audit(),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AuditPageDto) => last.nextCursor,
  });

/** The loaded pages of the audit log as one list (each entry once, newest first). */
export function auditLog(data: InfiniteData<AuditPageDto> | undefined): AuditLog | undefined {
  if (!data) return undefined;
  return {
    entries: data.pages.reduce(
      (all, page) => mergeAuditEntries(all, page.entries),
      [] as AuditLog['entries'],
    ),
    nextCursor: data.pages.at(-1)?.nextCursor ?? null,
  };
}
