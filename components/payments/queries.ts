import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { ApiError } from '@/lib/client/api';
import { call, callPage, fileUrl } from '@/lib/contract/client';
import * as payments from '@/lib/contract/payments';
import * as settings from '@/lib/contract/settings';
import type {
  AuditPageDto as AuditPage,
  BankFileSummary,
  OutstandingPaymentDto,
  PaymentReportDto,
} from '@/lib/dto/payments';
import type { SettingsDto } from '@/lib/dto/settings';
import type { Period } from '@/lib/period';
import { paymentKeys, settingsKeys } from '@/lib/query/keys';
import { mergeAuditEntries, type AuditLog } from './audit-entries';

/**
 * The Payments & Reporting tab's reads, each from its declaration in lib/contract/payments.ts. The report, the
 * alert and the audit log keep the area's own keys (lib/query/keys.ts): a payment updates them in place
 * (mutations.ts) before the server answers.
 */

/** Every outstanding reward, counted and summed by the server, of which the alert shows the oldest. */
export interface OutstandingSummary {
  count: number;
  /** Pounds. */
  amount: number;
}

/** The oldest outstanding rewards (at most OUTSTANDING_SHOWN), with the summary of them all. */
export const OUTSTANDING_SHOWN = 100;

export type Outstanding = { rows: OutstandingPaymentDto[]; summary: OutstandingSummary };

/** The Outstanding Payments Alert: the oldest unpaid rewards, with the count and sum of them all. */
export const outstandingQuery = () =>
  queryOptions({
    queryKey: paymentKeys.outstanding(),
    queryFn: async ({ signal }): Promise<Outstanding> => {
      const page = await callPage(
        payments.outstanding,
        { query: { limit: OUTSTANDING_SHOWN } },
        { signal, extraHeaders: ['X-Total-Amount'] },
      );
      return {
        rows: page.items,
        summary: { count: page.total, amount: Number(page.headers['X-Total-Amount']) || 0 },
      };
    },
  });

/**
 * How long the 'reward paid' email waits for an undo (issue 29), for the payment confirmations: read from the
 * settings (any staff member may), under the settings' own key so that saving them updates it.
 */
export const paidEmailTimingQuery = () =>
  queryOptions({
    queryKey: settingsKeys.settings(),
    queryFn: ({ signal }) => call(settings.get, {}, { signal }),
    select: (settings: SettingsDto) => settings.paidEmailDelayMinutes,
  });

/** The Monthly Payment Report of one month, 50 clients at a time. */
export const reportQuery = (period: Period) =>
  infiniteQueryOptions({
    queryKey: paymentKeys.report(period),
    queryFn: ({ pageParam, signal }) =>
      call(
        payments.report,
        { query: { year: period.year, month: period.month, cursor: pageParam ?? undefined } },
        { signal },
      ),
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
    queryFn: ({ pageParam, signal }) =>
      call(payments.audit, { query: { cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The loaded pages of the audit log as one list (each entry once, newest first). */
export function auditLog(data: InfiniteData<AuditPage> | undefined): AuditLog | undefined {
  if (!data) return undefined;
  return {
    entries: data.pages.reduce(
      (all, page) => mergeAuditEntries(all, page.entries),
      [] as AuditLog['entries'],
    ),
    nextCursor: data.pages.at(-1)?.nextCursor ?? null,
  };
}

/**
 * The bank payment file (GET bank-file.csv) as a file to save, with what it held and left out (its
 * X-Bank-File-* headers): read whole, so the page can say so once it is saved.
 */
export async function downloadBankFile(): Promise<{
  blob: Blob;
  filename: string;
  summary: BankFileSummary;
}> {
  let res: Response;
  try {
    res = await fetch(fileUrl(payments.bankFileCsv), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Network error. Please try again.');
  }
  if (!res.ok) {
    const text = await res.text();
    let message = `${res.status}: ${text || res.statusText}`;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: the status line says it
    }
    throw new ApiError(res.status, message);
  }
  const filename =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'bank-payments.csv';
  const count = (name: string) => Number(res.headers.get(name)) || 0;
  return {
    blob: await res.blob(),
    filename,
    summary: {
      payees: count('X-Bank-File-Payees'),
      total: count('X-Bank-File-Total'),
      heldClients: count('X-Bank-File-Held'),
      withoutBankDetails: count('X-Bank-File-Without-Details'),
    },
  };
}
