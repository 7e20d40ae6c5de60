'use client';

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, endpointMutation } from '@/lib/contract/client';
import * as clients from '@/lib/contract/clients';
import { invalidateAreas } from '@/lib/query/invalidate';
import { clientKeys } from '@/lib/query/keys';
import type { UpdateClientInput } from '@/lib/validation/clients';
import { removeClientFromCache, restore, snapshotClients, updateClientInCache } from './cache';
import { changedAgain } from './refusals';
import type { ClientDto } from './types';

/**
 * The clients' changes, one named mutation each, from their declarations (lib/contract/clients.ts): a change
 * that succeeds has the areas its endpoint names asked for again (`invalidates`); what is written here is what
 * the page shows at once (an optimistic change, the answer, the tab's count) and what a refusal undoes.
 */

/** What a patch changes, as far as the page can tell before the server answers. */
function patched(client: ClientDto, body: UpdateClientInput): ClientDto {
  const { firstName, lastName, email, phone, affiliateCompany, sortCode, bacsRequested } = body;
  if (firstName !== undefined && lastName !== undefined) {
    // The phone shows as the server stores it (+44...) once it answers; until then as it was.
    return {
      ...client,
      firstName,
      lastName,
      ...(email !== undefined ? { email } : {}),
      ...(phone === null ? { phone: null } : {}),
    };
  }
  if (affiliateCompany !== undefined) return { ...client, affiliateCompany };
  if (bacsRequested !== undefined) return { ...client, bacsRequested };
  if (sortCode !== undefined) return { ...client, hasBankDetails: sortCode !== null };
  return client;
}

/**
 * clients.update (PATCH), optimistically: every view shows the change at once, and goes back to what it
 * was (and is asked for again) if the server refuses.
 */
export function useUpdateClient() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(clients.update),
    onMutate: async ({ params, body }) => {
      await qc.cancelQueries({ queryKey: clientKeys.all });
      const snapshot = snapshotClients(qc);
      updateClientInCache(qc, params.id, (c) => patched(c, body));
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      if (context) restore(qc, context.snapshot);
      void invalidateAreas(qc, ['clients']);
    },
    onSuccess: (client) => updateClientInCache(qc, client.id, () => client),
  });
}

/**
 * clients.approveBankDetails: a full admin approves held bank details (the change the page showed), and the
 * client's rewards can be paid again. When a newer change replaced it (409), the client is asked for again, so
 * the page shows the newer details and their change before anyone approves those.
 */
export function useApproveBankDetails() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(clients.approveBankDetails),
    onSuccess: (client) => updateClientInCache(qc, client.id, () => client),
    onError: (error, { params: { id } }) => {
      void qc.invalidateQueries({ queryKey: clientKeys.bankChanges(id) });
      void invalidateAreas(qc, ['payments', 'referrals']);
      if (!changedAgain(error)) return;
      void call(clients.get, { params: { id }, query: { referrals: false } })
        .then((client) => updateClientInCache(qc, id, () => client))
        .catch(() => invalidateAreas(qc, ['clients']));
    },
  });
}

/**
 * The tab's count is kept by this page (one more, one fewer) rather than asked for again with the rest of the
 * area: the label has always counted what happened on it.
 */
async function changeCount(qc: QueryClient, by: 1 | -1) {
  await qc.cancelQueries({ queryKey: clientKeys.count() });
  qc.setQueryData<number>(clientKeys.count(), (n) => Math.max(0, (n ?? (by < 0 ? 1 : 0)) + by));
}

/**
 * clients.create: a new client, who counts one more. A known email is refused with 409 and the
 * existing client (refusals.ts, existingClient): nothing new was made.
 */
export function useCreateClient() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(clients.create),
    onSuccess: () => changeCount(qc, 1),
  });
}

/** clients.remove: the client leaves every view at once, and counts one fewer. */
export function useDeleteClient() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(clients.remove),
    onSuccess: () => changeCount(qc, -1),
    // Gone already (404) or not, the lists are asked for again.
    onError: () => void invalidateAreas(qc, ['clients', 'payments', 'referrals']),
    onSettled: (_answer, _error, { params }) => removeClientFromCache(qc, params.id),
  });
}

/**
 * "Send card" / "Send again" (issue 29, point 3): the row shows the new card email (waiting, then sent) once the
 * clients are asked for again. The server refuses a second while one waits, so two clicks send one; the row is
 * asked for again then too.
 */
export function useSendCard() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(clients.sendCard),
    onError: () => void invalidateAreas(qc, ['clients']),
  });
}
