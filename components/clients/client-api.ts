import { ApiError, apiFetch } from '@/lib/client/api';
import type { ClientDto } from './types';

export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  affiliateCompany?: string | null;
}

export type CreateClientResult =
  { kind: 'created'; client: ClientDto } | { kind: 'exists'; client: ClientDto; message: string };

export type ClientPatch =
  | { firstName: string; lastName: string }
  | { affiliateCompany: string | null }
  | { sortCode: string | null; accountNumber: string | null }
  | { bacsRequested: boolean };

const clientPath = (id: string) => `/api/admin/clients/${encodeURIComponent(id)}`;

export function fetchClients(signal?: AbortSignal): Promise<ClientDto[]> {
  return apiFetch<ClientDto[]>('/api/clients', { signal });
}

export function updateClient(id: string, patch: ClientPatch): Promise<ClientDto> {
  return apiFetch<ClientDto>(clientPath(id), { method: 'PATCH', body: patch });
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
