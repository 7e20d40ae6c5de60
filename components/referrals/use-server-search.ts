'use client';

import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage, type Page } from '@/lib/client/api';
import { referralKeys } from '@/lib/query/keys';

/** Long enough to wait for the next keystroke, short enough to feel like results as you type. */
export const SEARCH_DEBOUNCE_MS = 250;

export type ServerSearchState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; total: number };

/** A running search: the text searched for (trimmed), where it stands, and 'Try again'. */
export interface ServerSearch<T> {
  query: string;
  state: ServerSearchState<T>;
  retry: () => void;
}

/** A search the server runs: `search` must be stable (defined outside the component, or memoised). */
export type SearchPage<T> = (query: string, signal: AbortSignal) => Promise<Page<T>>;

/** The value once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : settled;
}

/**
 * A server search of the typed text, run once typing pauses (a query per text, keyed under `scope`, so an
 * older answer never replaces a newer one and a change on the page, invalidating the searches, asks again).
 */
export function useServerSearch<T>(text: string, search: SearchPage<T>, scope: string): ServerSearch<T> {
  const query = text.trim();
  const settled = useSettled(query, SEARCH_DEBOUNCE_MS);
  const result = useQuery({
    queryKey: referralKeys.search(scope, settled),
    queryFn: ({ signal }) => search(settled, signal),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
  });

  let state: ServerSearchState<T>;
  if (!query) state = { status: 'idle' };
  else if (settled !== query || result.isPending || result.isPlaceholderData) state = { status: 'loading' };
  // A failure stays on screen until 'Try again' is used; then the search is running again.
  else if (result.isError)
    state = result.isFetching
      ? { status: 'loading' }
      : { status: 'error', message: errorMessage(result.error) };
  else state = { status: 'ready', items: result.data.items, total: result.data.total };

  return { query, state, retry: () => void result.refetch() };
}
