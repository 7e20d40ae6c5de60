'use client';

import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type Page } from '@/lib/client/api';

/** Long enough to wait for the next keystroke, short enough to feel like results as you type. */
export const SEARCH_DEBOUNCE_MS = 250;

export type ServerSearchState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; total: number };

type Answer<T> = { query: string; attempt: number } & (
  { ok: true; page: Page<T> } | { ok: false; message: string }
);

/** A search the server runs: `search` must be stable (defined outside the component, or memoised). */
export type SearchPage<T> = (query: string, signal: AbortSignal) => Promise<Page<T>>;

/**
 * Runs `search` for the typed text once typing pauses, cancelling the request of text typed before it, so
 * an older answer can never replace a newer one. A change of `refreshKey` (something on the page changed)
 * asks again for the same text while the current results stay on screen.
 */
export function useServerSearch<T>(text: string, search: SearchPage<T>, refreshKey = 0) {
  const query = text.trim();
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const page = await search(query, controller.signal);
        if (!controller.signal.aborted) setAnswer({ query, attempt, ok: true, page });
      } catch (e) {
        if (!controller.signal.aborted) setAnswer({ query, attempt, ok: false, message: errorMessage(e) });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search, refreshKey, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  let state: ServerSearchState<T>;
  if (!query) state = { status: 'idle' };
  else if (answer?.query !== query) state = { status: 'loading' };
  else if (answer.ok) state = { status: 'ready', items: answer.page.items, total: answer.page.total };
  // A failure stays on screen until 'Try again' is used; then the search is running again.
  else if (answer.attempt === attempt) state = { status: 'error', message: answer.message };
  else state = { status: 'loading' };

  return { query, state, retry };
}
