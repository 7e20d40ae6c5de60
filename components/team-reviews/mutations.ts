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
import { teamKeys } from '@/lib/query/keys';

/**
 * What a change makes busy on the page, given with its input (the page's, not sent): scan:{id}, scans:bulk,
 * member:{id}, member:new, review:{id}, review:new, payall:{memberId}, undobulk:{memberId}.
 */
type Busy = { busy: string };
type TeamInput<E extends EndpointSpec> = InputOf<E> & Busy;

/** The endpoint's call (endpointMutation's), sent without the busy key. */
function sendWithout<E extends EndpointSpec>(e: E) {
  const { mutationFn } = endpointMutation(e);
  return ({ busy, ...input }: TeamInput<E>) => {
    void busy;
    return mutationFn(input as unknown as InputOf<E>);
  };
}

/**
 * A change that worked refetches what its declaration's `invalidates` names (lib/query/query-client.ts); one
 * that failed refetches the team's data too (someone else may have changed what the page shows).
 */
function useRefetchOnFailure() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: teamKeys.all });
}

export const useAddMember = () =>
  useMutation({
    ...endpointMutation(team.createMember),
    mutationFn: sendWithout(team.createMember),
    onError: useRefetchOnFailure(),
  });

/** Corrects a name, or restores (archived: false) a member. */
export const useUpdateMember = () =>
  useMutation({
    ...endpointMutation(team.updateMember),
    mutationFn: sendWithout(team.updateMember),
    onError: useRefetchOnFailure(),
  });

export const useArchiveMember = () =>
  useMutation({
    ...endpointMutation(team.archiveMember),
    mutationFn: sendWithout(team.archiveMember),
    onError: useRefetchOnFailure(),
  });

export const useApproveScan = () =>
  useMutation({
    ...endpointMutation(team.approveScan),
    mutationFn: sendWithout(team.approveScan),
    onError: useRefetchOnFailure(),
  });

export const useRejectScan = () =>
  useMutation({
    ...endpointMutation(team.rejectScan),
    mutationFn: sendWithout(team.rejectScan),
    onError: useRefetchOnFailure(),
  });

export const useRejectScans = () =>
  useMutation({
    ...endpointMutation(team.rejectScans),
    mutationFn: sendWithout(team.rejectScans),
    onError: useRefetchOnFailure(),
  });

export const useAddReview = () =>
  useMutation({
    ...endpointMutation(team.createReview),
    mutationFn: sendWithout(team.createReview),
    onError: useRefetchOnFailure(),
  });

export const usePayBonus = () =>
  useMutation({
    ...endpointMutation(team.payBonus),
    mutationFn: sendWithout(team.payBonus),
    onError: useRefetchOnFailure(),
  });

export const useUndoBonus = () =>
  useMutation({
    ...endpointMutation(team.undoBonus),
    mutationFn: sendWithout(team.undoBonus),
    onError: useRefetchOnFailure(),
  });

export const usePayAllBonuses = () =>
  useMutation({
    ...endpointMutation(team.payAll),
    mutationFn: sendWithout(team.payAll),
    onError: useRefetchOnFailure(),
  });

export const useUndoBulkBonuses = () =>
  useMutation({
    ...endpointMutation(team.undoBulk),
    mutationFn: sendWithout(team.undoBulk),
    onError: useRefetchOnFailure(),
  });

const TEAM_CHANGES = new Set<unknown>(
  [
    team.createMember,
    team.updateMember,
    team.archiveMember,
    team.approveScan,
    team.rejectScan,
    team.rejectScans,
    team.createReview,
    team.payBonus,
    team.undoBonus,
    team.payAll,
    team.undoBulk,
  ].map((e) => endpointMutation(e).mutationKey[0]),
);
const busyOf = (m: Mutation<unknown, Error, unknown, unknown>) =>
  TEAM_CHANGES.has(m.options.mutationKey?.[0])
    ? (m.state.variables as Partial<Busy> | undefined)?.busy
    : undefined;

/**
 * Runs a change unless the same key's is running already (then answers undefined). Asked of the mutation cache,
 * not the last render: a second click in the same moment must not send twice.
 */
export function useOnce() {
  const qc = useQueryClient();
  return async <T>(busy: string, run: (busy: string) => Promise<T>): Promise<T | undefined> =>
    qc.isMutating({ predicate: (m) => busyOf(m) === busy }) > 0 ? undefined : run(busy);
}

/** Writes a change's answer into a loaded query at once (nothing while it is not loaded). */
export function useUpdateLoaded() {
  const qc = useQueryClient();
  return <T>(key: QueryKey, fn: (data: T) => T) =>
    qc.setQueryData<T>(key, (d) => (d === undefined ? d : fn(d)));
}

/** The keys whose change is running, for the rows' busy states. */
export function useTeamBusy() {
  const running = useMutationState({
    filters: { status: 'pending', predicate: (m) => busyOf(m) !== undefined },
    select: busyOf,
  });
  return (key: string) => running.includes(key);
}
