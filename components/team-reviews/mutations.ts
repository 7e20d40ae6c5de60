'use client';

import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '@/lib/query/keys';

const TEAM_ACTION = ['team-action'] as const;

interface TeamAction<T> {
  /** What is busy while it runs: scan:{id}, review:{id}, payall:{memberId}, undobulk:{memberId}. */
  key: string;
  run: () => Promise<T>;
}

/**
 * Every action of the Team Reviews page goes through one mutation: a key that is running cannot be started
 * twice (a second click), and when any action settles the page's data is asked for again.
 */
export function useTeamAction() {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationKey: TEAM_ACTION,
    mutationFn: ({ run }: TeamAction<unknown>) => run(),
    onSettled: () => void qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
  const running = useMutationState({
    filters: { mutationKey: TEAM_ACTION, status: 'pending' },
    select: (m) => (m.state.variables as TeamAction<unknown>).key,
  });
  const isBusy = (key: string) => running.includes(key);
  /** Runs the action unless the same key is running already (then answers undefined). */
  async function act<T>(key: string, run: () => Promise<T>): Promise<T | undefined> {
    // Asked of the cache, not the last render: a second click in the same moment must not send twice.
    const same = (m: { state: { variables: unknown } }) =>
      (m.state.variables as TeamAction<unknown>)?.key === key;
    if (qc.isMutating({ mutationKey: TEAM_ACTION, predicate: same }) > 0) return undefined;
    return (await mutation.mutateAsync({ key, run })) as T;
  }
  return { act, isBusy };
}
