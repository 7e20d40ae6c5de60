import { ApiError, apiFetch, apiFetchPage } from '@/lib/client/api';
import type {
  AuditPageDto,
  BankFilePreviewDto,
  BankFileSummary,
  OutstandingPaymentDto,
  PayAllResultDto,
  PaymentReportDto,
} from '@/lib/dto/payments';
import type { ReportPeriod } from './payment-helpers';

/**
 * The browser's calls of the Payments & Reporting API (docs/api-referrals.md, full admins). Each throws an
 * ApiError on failure. Marking one paid and undoing it are the referrals' own calls (referral-api.ts).
 */

/** Every outstanding reward, counted and summed by the server, of which the alert shows the oldest. */
export interface OutstandingSummary {
  count: number;
  /** Pounds. */
  amount: number;
}

/** The oldest outstanding rewards (at most OUTSTANDING_SHOWN), with the summary of them all. */
export const OUTSTANDING_SHOWN = 100;

export async function fetchOutstanding(
  signal?: AbortSignal,
): Promise<{ rows: OutstandingPaymentDto[]; summary: OutstandingSummary }> {
  const page = await apiFetchPage<OutstandingPaymentDto>(
    `/api/payments/outstanding?limit=${OUTSTANDING_SHOWN}`,
    { signal },
    ['X-Total-Amount'],
  );
  return {
    rows: page.items,
    summary: { count: page.total, amount: Number(page.headers['X-Total-Amount']) || 0 },
  };
}

/** A page of the month's report (50 clients); pass the previous page's nextCursor for the next. */
export function fetchReport(
  { year, month }: ReportPeriod,
  cursor?: string,
  signal?: AbortSignal,
): Promise<PaymentReportDto> {
  const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch<PaymentReportDto>(`/api/payments/report?year=${year}&month=${month}${after}`, { signal });
}

/** The audit log, newest first; pass the previous page's nextCursor for the next (older) page. */
export function fetchAuditPage(cursor?: string, signal?: AbortSignal): Promise<AuditPageDto> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch<AuditPageDto>(`/api/payments/audit${query}`, { signal });
}

/** 'Pay All Outstanding': every unpaid conversion of the client in that month, in one transaction. */
export function payAllOutstanding(clientId: string, { year, month }: ReportPeriod): Promise<PayAllResultDto> {
  return apiFetch<PayAllResultDto>('/api/payments/pay-all', {
    method: 'POST',
    body: { clientId, year, month },
  });
}

/** GET /api/payments/bank-file: who the bank file would pay now and who it leaves out, before downloading it. */
export function fetchBankFilePreview(): Promise<BankFilePreviewDto> {
  return apiFetch<BankFilePreviewDto>('/api/payments/bank-file');
}

/**
 * GET /api/payments/bank-file.csv as a file to save, with what it held and left out (its X-Bank-File-* headers).
 */
export async function downloadBankFile(): Promise<{
  blob: Blob;
  filename: string;
  summary: BankFileSummary;
}> {
  let res: Response;
  try {
    res = await fetch('/api/payments/bank-file.csv', { credentials: 'same-origin' });
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
