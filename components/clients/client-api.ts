import { ApiError, apiFetch, apiFetchPage, type Page } from '@/lib/client/api';
import type { AppUrlDto, PendingBankChange } from '@/lib/dto/clients';
import type { MessageDto } from '@/lib/dto/messages';
import type { ClientDto } from './types';

export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  affiliateCompany?: string | null;
  phone?: string | null;
  sendCard?: boolean;
}

export type CreateClientResult =
  { kind: 'created'; client: ClientDto } | { kind: 'exists'; client: ClientDto; message: string };

export type ClientPatch =
  | { firstName: string; lastName: string; email?: string; phone?: string | null }
  | { affiliateCompany: string | null }
  | { sortCode: string; accountNumber: string; accountName: string }
  | { sortCode: null; accountNumber: null }
  | { bacsRequested: boolean };

const clientPath = (id: string) => `/api/admin/clients/${encodeURIComponent(id)}`;

export interface ClientPageQuery {
  limit: number;
  /** From the previous page's X-Next-Cursor. */
  cursor?: string | null;
  /** Name (each word), email, card number or affiliate company. */
  q?: string;
}

/**
 * One page of GET /api/clients, newest first, without their referrals (a row loads them when it opens), with
 * the number of all matches.
 */
export function fetchClientPage(
  { limit, cursor, q }: ClientPageQuery,
  signal?: AbortSignal,
): Promise<Page<ClientDto>> {
  const params = new URLSearchParams({ limit: String(limit), referrals: 'false' });
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  return apiFetchPage<ClientDto>(`/api/clients?${params}`, { signal });
}

/** GET /api/clients/{id}, without its referrals: a client not on the loaded pages. */
export function fetchClient(id: string, signal?: AbortSignal): Promise<ClientDto> {
  return apiFetch<ClientDto>(`/api/clients/${encodeURIComponent(id)}?referrals=false`, { signal });
}

export function updateClient(id: string, patch: ClientPatch): Promise<ClientDto> {
  return apiFetch<ClientDto>(clientPath(id), { method: 'PATCH', body: patch });
}

/**
 * A full admin approves bank details that staff changed: the client's rewards can be paid again. The call
 * names the held change the page showed (`changeId`), so a newer change made meanwhile is not approved with it
 * (409, code 'bank_details_changed_again', with the newer details masked in `pending`).
 */
export function approveBankDetails(id: string, changeId: string): Promise<ClientDto> {
  return apiFetch<ClientDto>(`${clientPath(id)}/bank-details/approve`, {
    method: 'POST',
    body: { changeId },
  });
}

export type { PendingBankChange };

/** The newer change, when an approval was refused because one replaced the change the page showed. */
export function changedAgain(error: unknown): PendingBankChange | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.body.code !== 'bank_details_changed_again') return null;
  const pending = error.body.pending;
  return typeof pending === 'object' && pending ? (pending as PendingBankChange) : null;
}

export async function deleteClient(id: string): Promise<void> {
  await apiFetch<void>(`/api/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/admin/clients. A known email (409) is an answer, not a failure: it carries the existing client. */
export async function createClient(values: NewClient): Promise<CreateClientResult> {
  try {
    return {
      kind: 'created',
      client: await apiFetch<ClientDto>('/api/admin/clients', { method: 'POST', body: values }),
    };
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 409 &&
      typeof error.body.client === 'object' &&
      error.body.client
    ) {
      return { kind: 'exists', client: error.body.client as ClientDto, message: error.message };
    }
    throw error;
  }
}

/** POST /api/clients/{id}/send-card: the card by email (a 409 while one still waits, so a double click sends one). */
export function sendCardEmail(id: string): Promise<MessageDto> {
  return apiFetch<MessageDto>(`/api/clients/${encodeURIComponent(id)}/send-card`, { method: 'POST' });
}

export function fetchAppUrl(signal?: AbortSignal): Promise<AppUrlDto> {
  return apiFetch<AppUrlDto>('/api/app-url', { signal });
}
