'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientKeys, paymentKeys, referralKeys } from '@/lib/query/keys';
import { removeClientFromCache, restore, snapshotClients, updateClientInCache } from './cache';
import {
  approveBankDetails,
  changedAgain,
  createClient,
  deleteClient,
  fetchClient,
  sendCardEmail,
  updateClient,
  type ClientPatch,
  type NewClient,
} from './client-api';
import type { ClientDto } from './types';

/** What a patch changes, as far as the page can tell before the server answers. */
function patched(client: ClientDto, patch: ClientPatch): ClientDto {
  if ('firstName' in patch) {
    const { phone, ...rest } = patch;
    // The phone shows as the server stores it (+44...) once it answers; until then as it was.
    return { ...client, ...rest, ...(phone === null ? { phone: null } : {}) };
  }
  if ('affiliateCompany' in patch) return { ...client, affiliateCompany: patch.affiliateCompany };
  if ('bacsRequested' in patch) return { ...client, bacsRequested: patch.bacsRequested };
  return { ...client, hasBankDetails: patch.sortCode !== null };
}

/**
 * PATCH a client, optimistically: every view shows the change at once, goes back to what it was if the server
 * refuses, and is asked for again either way.
 */
export function useUpdateClient(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: ClientPatch) => updateClient(id, patch),
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: clientKeys.all });
      const snapshot = snapshotClients(qc);
      updateClientInCache(qc, id, (c) => patched(c, patch));
      return { snapshot };
    },
    onError: (_error, _patch, context) => context && restore(qc, context.snapshot),
    onSuccess: (client) => updateClientInCache(qc, id, () => client),
    onSettled: () =>
      void Promise.all([qc.invalidateQueries({ queryKey: clientKeys.all }), invalidateMoney(qc)]),
  });
}

/**
 * A full admin approves held bank details (the change the page showed): the client's rewards can be paid
 * again. When a newer change replaced it (409), the client is asked for again, so the page shows the newer
 * details and their change before anyone approves those.
 */
export function useApproveBankDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changeId }: { id: string; changeId: string }) => approveBankDetails(id, changeId),
    onSuccess: (client) => updateClientInCache(qc, client.id, () => client),
    onError: (error, { id }) => {
      if (!changedAgain(error)) return;
      void fetchClient(id)
        .then((client) => updateClientInCache(qc, id, () => client))
        .catch(() => invalidateClients(qc));
    },
    onSettled: () => void invalidateMoney(qc),
  });
}

export function useCreateClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: NewClient) => createClient(values),
    // A known email made nothing new; a new client counts one more and joins the lists.
    onSuccess: (result) => {
      if (result.kind !== 'created') return;
      qc.setQueryData<number>(clientKeys.count(), (n) => (n ?? 0) + 1);
      void Promise.all([invalidateClients(qc), qc.invalidateQueries({ queryKey: referralKeys.all })]);
    },
  });
}

export function useDeleteClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteClient(id),
    onSuccess: () => qc.setQueryData<number>(clientKeys.count(), (n) => Math.max(0, (n ?? 1) - 1)),
    onSettled: (_data, _error, id) => {
      removeClientFromCache(qc, id);
      void Promise.all([invalidateClients(qc), invalidateMoney(qc)]);
    },
  });
}

/**
 * The lists and single clients are asked for again after a change made here. The count is kept by this page
 * (one more, one fewer) rather than asked for, as the tab label has always counted what happened on it.
 */
export function invalidateClients(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: clientKeys.lists() }),
    qc.invalidateQueries({ queryKey: clientKeys.details() }),
  ]);
}

/** Owed amounts, reports and searches follow a change of a client or their referrals. */
export function invalidateMoney(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: paymentKeys.all }),
    qc.invalidateQueries({ queryKey: referralKeys.all }),
  ]);
}

/**
 * "Send card" / "Send again" (issue 29, point 3): the row shows the new card email (waiting, then sent) once the
 * clients are asked for again. The server refuses a second while one waits, so two clicks send one.
 */
export function useSendCard(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendCardEmail(id),
    onSettled: () => void invalidateClients(qc),
  });
}
