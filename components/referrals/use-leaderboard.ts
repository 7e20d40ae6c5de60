'use client';

import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import { fetchLeaderboard } from './referral-api';

/** Changes often come in bursts (Pay All changes many referrals): one request for them all. */
const REFRESH_DELAY_MS = 150;

export type LeaderboardState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; clients: ClientDto[] };

type Answer = { attempt: number } & ({ ok: true; clients: ClientDto[] } | { ok: false; message: string });

/**
 * The top clients by referral count, from the server's aggregate query; asked again whenever `revision`
 * changes (a referral was added, changed or deleted on this page), the current board staying meanwhile.
 */
export function useLeaderboard(revision: number) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const clients = await fetchLeaderboard(controller.signal);
        if (!controller.signal.aborted) setAnswer({ attempt, ok: true, clients });
      } catch (e) {
        if (!controller.signal.aborted) setAnswer({ attempt, ok: false, message: errorMessage(e) });
      }
    }, REFRESH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [revision, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  let state: LeaderboardState;
  if (answer?.ok) state = { status: 'ready', clients: answer.clients };
  else if (answer && answer.attempt === attempt) state = { status: 'error', message: answer.message };
  else state = { status: 'loading' };

  return { state, retry };
}
