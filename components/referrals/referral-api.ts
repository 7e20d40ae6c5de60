import { apiFetch, apiFetchPage, type Page } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import type { CreateLeadResult, PaymentResult, ReferralDto } from '@/lib/dto/referrals';
import { MANUAL_ENTRY_SOURCE } from '@/lib/validation/leads';

/** The browser's calls of docs/api-referrals.md. Each throws an ApiError on failure. */

const referralPath = (id: string) => `/api/referrals/${encodeURIComponent(id)}`;

export interface ReferralPageQuery {
  limit: number;
  /** One client's referrals. */
  clientId?: string;
  /** From the previous page's X-Next-Cursor. */
  cursor?: string | null;
  /** The lead's name, email or phone (typed any way: 07123 456789 finds +447123456789). */
  q?: string;
}

/** One page of GET /api/referrals, newest first, with the number of all matches. */
export function fetchReferralPage(
  { limit, clientId, cursor, q }: ReferralPageQuery,
  signal?: AbortSignal,
): Promise<Page<ReferralDto>> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (clientId) params.set('clientId', clientId);
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  return apiFetchPage<ReferralDto>(`/api/referrals?${params}`, { signal });
}

/** GET /api/clients/leaderboard: up to ten clients with referrals, ranked by the server. */
export function fetchLeaderboard(signal?: AbortSignal): Promise<ClientDto[]> {
  return apiFetch<ClientDto[]>('/api/clients/leaderboard', { signal });
}

/**
 * PATCH /api/referrals/{id}. To 'Payment Due' (Story Started) no reward is sent: the server uses the referral
 * reward setting. Back to 'pending' reverts a story (reward 0, not paid, no conversion date).
 */
export function updateReferralStatus(id: string, status: ReferralDto['status']): Promise<ReferralDto> {
  return apiFetch<ReferralDto>(referralPath(id), { method: 'PATCH', body: { status } });
}

/** POST /api/referrals/{id}/payment: mark the reward paid (and write its audit entry). */
export function markReferralPaid(id: string): Promise<PaymentResult> {
  return apiFetch<PaymentResult>(`${referralPath(id)}/payment`, { method: 'POST' });
}

/** DELETE /api/referrals/{id}/payment: undo the payment (full admins). */
export function undoReferralPayment(id: string): Promise<PaymentResult> {
  return apiFetch<PaymentResult>(`${referralPath(id)}/payment`, { method: 'DELETE' });
}

/** DELETE /api/referrals/{id} (full admins). */
export async function deleteReferral(id: string): Promise<void> {
  await apiFetch<void>(referralPath(id), { method: 'DELETE' });
}

export interface ManualReferral {
  firstName: string;
  lastName: string;
  email: string;
  /** Normalised; left out when none was given. */
  phone?: string;
  /** The referrer's full name. */
  recommendedBy: string;
  /** The referrer's client id. */
  referrerId: string;
}

/** Add Manual Referral: POST /api/leads as 'Manual Entry'. Staff get the new `referral` back. */
export function createManualReferral(values: ManualReferral): Promise<CreateLeadResult> {
  return apiFetch<CreateLeadResult>('/api/leads', {
    method: 'POST',
    body: { ...values, source: MANUAL_ENTRY_SOURCE },
  });
}
