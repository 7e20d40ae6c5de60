import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { AuditPageDto, PaymentReportDto } from '@/lib/dto/payments';
import type { SettingsDto } from '@/lib/dto/settings';
import type { Period } from '@/lib/period';
import { paymentKeys, settingsKeys } from '@/lib/query/keys';
import { mergeAuditEntries, type AuditLog } from './payment-helpers';
import { fetchAuditPage, fetchOutstanding, fetchReport } from './payments-api';

/** The Outstanding Payments Alert: the oldest unpaid rewards, with the count and sum of them all. */
export const outstandingQuery = () =>
  queryOptions({ queryKey: paymentKeys.outstanding(), queryFn: ({ signal }) => fetchOutstanding(signal) });

/**
 * How long the 'reward paid' email waits for an undo (issue 29), for the payment confirmations: read from the
 * settings (any staff member may), under the settings' own key so that saving them updates it.
 */
export const paidEmailTimingQuery = () =>
  queryOptions({
    queryKey: settingsKeys.settings(),
    queryFn: ({ signal }) => apiFetch<SettingsDto>('/api/settings', { signal }),
    select: (settings: SettingsDto) => settings.paidEmailDelayMinutes,
  });

/** The Monthly Payment Report of one month, 50 clients at a time. */
export const reportQuery = (period: Period) =>
  infiniteQueryOptions({
    queryKey: paymentKeys.report(period),
    queryFn: ({ pageParam, signal }) => fetchReport(period, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PaymentReportDto) => last.nextCursor,
  });

/**
 * The loaded pages of the report as one: their client groups in order (each once), and the whole month's totals
 * and counts as the latest page gives them.
 */
export function reportOf(data: InfiniteData<PaymentReportDto> | undefined): PaymentReportDto | undefined {
  const last = data?.pages.at(-1);
  if (!data || !last) return undefined;
  const seen = new Set<string>();
  const groups = data.pages.flatMap((page) =>
    page.groups.filter((g) => !seen.has(g.clientId) && seen.add(g.clientId)),
  );
  return { ...last, groups };
}

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
