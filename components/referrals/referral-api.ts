import { apiFetch } from '@/lib/client/api';
import type { CreateLeadResult, PaymentResult, ReferralDto } from '@/lib/dto/referrals';
import { MANUAL_ENTRY_SOURCE } from '@/lib/validation/leads';

/** The browser's calls of docs/api-referrals.md. Each throws an ApiError on failure. */

const referralPath = (id: string) => `/api/referrals/${encodeURIComponent(id)}`;

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
