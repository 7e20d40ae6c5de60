'use client';

import {
  useMutation,
  useMutationState,
  useQueryClient,
  type Mutation,
  type QueryKey,
} from '@tanstack/react-query';
import { endpointMutation } from '@/lib/contract/client';
import type { EndpointSpec, InputOf } from '@/lib/contract/endpoint';
import * as team from '@/lib/contract/team';
import { invalidateAreas } from '@/lib/query/invalidate';

/**
 * A change that worked refetches what its declaration's `invalidates` names (lib/query/query-client.ts); one
 * that failed refetches the team's data too (someone else may have changed what the page shows).
 */
function useRefetchOnFailure() {
  const qc = useQueryClient();
  return () => void invalidateAreas(qc, ['team']);
}

export const useAddMember = () =>
  useMutation({ ...endpointMutation(team.createMember), onError: useRefetchOnFailure() });

/** Corrects a name, or restores (archived: false) a member. */
export const useUpdateMember = () =>
  useMutation({ ...endpointMutation(team.updateMember), onError: useRefetchOnFailure() });

export const useArchiveMember = () =>
  useMutation({ ...endpointMutation(team.archiveMember), onError: useRefetchOnFailure() });

export const useApproveScan = () =>
  useMutation({ ...endpointMutation(team.approveScan), onError: useRefetchOnFailure() });

export const useRejectScan = () =>
  useMutation({ ...endpointMutation(team.rejectScan), onError: useRefetchOnFailure() });

export const useRejectScans = () =>
  useMutation({ ...endpointMutation(team.rejectScans), onError: useRefetchOnFailure() });

export const useAddReview = () =>
  useMutation({ ...endpointMutation(team.createReview), onError: useRefetchOnFailure() });

export const usePayBonus = () =>
  useMutation({ ...endpointMutation(team.payBonus), onError: useRefetchOnFailure() });

export const useUndoBonus = () =>
  useMutation({ ...endpointMutation(team.undoBonus), onError: useRefetchOnFailure() });

export const usePayAllBonuses = () =>
  useMutation({ ...endpointMutation(team.payAll), onError: useRefetchOnFailure() });

export const useUndoBulkBonuses = () =>
  useMutation({ ...endpointMutation(team.undoBulk), onError: useRefetchOnFailure() });

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** A team change and what it makes busy, read from its input (which is what it sent). */
function busyWith<E extends EndpointSpec>(e: E, keys: (input: InputOf<E>) => string[]) {
  const read = (m: AnyMutation) => keys(m.state.variables as InputOf<E>);
  return [endpointMutation(e).mutationKey[0] as string, read] as const;
}

/**
 * What a running change makes busy on the page: the row it acts on (scan:{id}, member:{id}, review:{id},
 * payall:{memberId}, undobulk:{reviewId} for each review a bulk payment's undo un-pays) or the form or bulk
 * action it came from (member:new, review:new, scans:bulk).
 */
const BUSY = new Map([
  busyWith(team.createMember, () => ['member:new']),
  busyWith(team.updateMember, (i) => [`member:${i.params.id}`]),
  busyWith(team.archiveMember, (i) => [`member:${i.params.id}`]),
  busyWith(team.approveScan, (i) => [`scan:${i.params.id}`]),
  busyWith(team.rejectScan, (i) => [`scan:${i.params.id}`]),
  busyWith(team.rejectScans, () => ['scans:bulk']),
  busyWith(team.createReview, () => ['review:new']),
  busyWith(team.payBonus, (i) => [`review:${i.params.id}`]),
  busyWith(team.undoBonus, (i) => [`review:${i.params.id}`]),
  busyWith(team.payAll, (i) => [`payall:${i.body.teamMemberId}`]),
  busyWith(team.undoBulk, (i) => i.body.reviewIds.map((id) => `undobulk:${id}`)),
]);

const busyOf = (m: AnyMutation): string[] => {
  const key = m.options.mutationKey?.[0];
  const read = typeof key === 'string' ? BUSY.get(key) : undefined;
  return read && m.state.variables !== undefined ? read(m) : [];
};

/**
 * Runs a change unless one that makes the same key busy is running already (then answers undefined). Asked of
 * the mutation cache, not the last render: a second click in the same moment must not send twice.
 */
export function useOnce() {
  const qc = useQueryClient();
  return async <T>(keys: string | readonly string[], run: () => Promise<T>): Promise<T | undefined> => {
    const wanted = typeof keys === 'string' ? [keys] : keys;
    const running = qc.isMutating({ predicate: (m) => busyOf(m).some((k) => wanted.includes(k)) });
    return running > 0 ? undefined : run();
  };
}

/** Writes a change's answer into a loaded query at once (nothing while it is not loaded). */
export function useUpdateLoaded() {
  const qc = useQueryClient();
  return <T>(key: QueryKey, fn: (data: T) => T) =>
    qc.setQueryData<T>(key, (d) => (d === undefined ? d : fn(d)));
}

/** Whether a change making this key busy is running, for the rows' busy states. */
export function useTeamBusy() {
  const running = useMutationState({ filters: { status: 'pending' }, select: busyOf });
  return (key: string) => running.some((keys) => keys.includes(key));
}
