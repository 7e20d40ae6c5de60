import { ApiError } from '@/lib/client/api';
import type { PendingBankChange } from '@/lib/dto/clients';
import type { ClientDto } from './types';

/**
 * Refusals of the clients' endpoints that carry an answer of their own (lib/contract/clients.ts's `errors`),
 * read from the ApiError the call threw.
 */

/**
 * Add Client's 409: a client with this email is already in the system. Nothing new was made, and the answer's
 * `client` is that client.
 */
export function existingClient(error: unknown): { client: ClientDto; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const client = error.body.client;
  return typeof client === 'object' && client
    ? { client: client as ClientDto, message: error.message }
    : null;
}

/** The newer change, when an approval was refused because one replaced the change the page showed. */
export function changedAgain(error: unknown): PendingBankChange | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.body.code !== 'bank_details_changed_again') return null;
  const pending = error.body.pending;
  return typeof pending === 'object' && pending ? (pending as PendingBankChange) : null;
}

/** Edit Client's 409: another client already has this email address (`field: "email"`); its message. */
export function emailInUse(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 && error.body.field === 'email'
    ? error.message
    : null;
}
