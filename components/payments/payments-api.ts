import { apiFetch } from '@/lib/client/api';
import type {
  AuditPageDto,
  OutstandingPaymentDto,
  PayAllResultDto,
  PaymentReportDto,
} from '@/lib/dto/payments';
import type { ReportPeriod } from './payment-helpers';

/**
 * The browser's calls of the Payments & Reporting API (docs/api-referrals.md, full admins). Each throws an
 * ApiError on failure. Marking one paid and undoing it are the referrals' own calls (referral-api.ts).
 */

export function fetchOutstanding(signal?: AbortSignal): Promise<OutstandingPaymentDto[]> {
  return apiFetch<OutstandingPaymentDto[]>('/api/payments/outstanding', { signal });
}

export function fetchReport({ year, month }: ReportPeriod, signal?: AbortSignal): Promise<PaymentReportDto> {
  return apiFetch<PaymentReportDto>(`/api/payments/report?year=${year}&month=${month}`, { signal });
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
