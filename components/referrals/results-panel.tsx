'use client';

import type { ReactNode } from 'react';
import { LoadError } from '@/components/shared/load-states';
import { resultCountText } from './referral-helpers';
import type { ServerSearch, ServerSearchState } from './use-server-search';

/** Results a panel shows (and asks the server for); more and it asks for a narrower search. */
export const MAX_SHOWN = 25;

interface ResultsPanelProps<T> {
  /** Whose search: names the panel ('client-search-results', 'Client search results', 'No clients match "x"'). */
  kind: 'client' | 'referral';
  search: ServerSearch<T>;
  /** The results list, shown when there are results. */
  children: (items: T[]) => ReactNode;
}

function statusText(state: ServerSearchState<unknown>, emptyText: string): string {
  switch (state.status) {
    case 'idle':
    case 'error':
      return '';
    case 'loading':
      return 'Searching...';
    case 'ready':
      return state.total === 0 ? emptyText : resultCountText(state.total);
  }
}

/**
 * A search's results. The count (or the empty state, or 'Searching...') is a polite live region that stays in
 * the page, so that each change is read out while typing; the list only appears with a query. The count is
 * every match on the server, of which the first 25 are listed.
 */
export function ResultsPanel<T>({ kind, search: { query, state, retry }, children }: ResultsPanelProps<T>) {
  const id = `${kind}-search-results`;
  const label = `${kind === 'client' ? 'Client' : 'Referral'} search results`;
  const emptyText = `No ${kind}s match "${query}"`;
  const active = state.status !== 'idle';
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={active ? headingId : undefined}
      aria-busy={state.status === 'loading' || undefined}
      className={active ? 'grid gap-2 rounded-lg border p-3' : undefined}
    >
      <div className={active ? 'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1' : undefined}>
        {active && (
          <h3 id={headingId} className="text-sm font-semibold">
            {label}
          </h3>
        )}
        <p role="status" aria-live="polite" className={active ? 'text-sm text-muted-foreground' : 'sr-only'}>
          {statusText(state, emptyText)}
        </p>
      </div>
      {state.status === 'error' && (
        <LoadError message={state.message} onRetry={retry} retryContext="to search" />
      )}
      {state.status === 'ready' && state.total > 0 && children(state.items)}
      {state.status === 'ready' && state.total > MAX_SHOWN && (
        <p className="text-xs text-muted-foreground">
          Showing the first {MAX_SHOWN.toLocaleString('en-GB')}. Type more to narrow the search.
        </p>
      )}
    </section>
  );
}
