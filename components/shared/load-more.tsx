'use client';

import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/client/api';
import { ErrorAlert } from './error-alert';

interface LoadMoreProps {
  /** 'Showing 50 of 1,204 clients': a polite live region, so that each new page is announced. */
  shownText: string;
  /** 'Load more clients' */
  label: string;
  /** Read after the label: whose referrals, say. */
  srLabel?: string;
  hasMore: boolean;
  loading: boolean;
  /** Why the last attempt failed; the button tries again. */
  error: string | null;
  onLoadMore: () => void;
}

/** How much of a paged list is on screen, and the button that fetches the next page. */
export function LoadMore({ shownText, label, srLabel, hasMore, loading, error, onLoadMore }: LoadMoreProps) {
  return (
    <div className="grid justify-items-start gap-2">
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {shownText}
      </p>
      {hasMore && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          // aria-disabled rather than disabled while it loads, so that keyboard focus stays on it.
          aria-disabled={loading || undefined}
          aria-busy={loading || undefined}
          className="aria-disabled:opacity-50"
          onClick={() => !loading && onLoadMore()}
        >
          {loading && <Loader2 className="animate-spin" aria-hidden="true" />}
          {label}
          {srLabel && <span className="sr-only"> {srLabel}</span>}
        </Button>
      )}
      {error && <ErrorAlert message={error} />}
    </div>
  );
}

/** The parts of a useInfiniteQuery result that LoadMore needs. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
}

/** LoadMore for an infinite query: the next page on request, its failure said, the button tries again. */
export function QueryLoadMore({
  query,
  ...props
}: Omit<LoadMoreProps, 'hasMore' | 'loading' | 'error' | 'onLoadMore'> & { query: PagedQuery }) {
  return (
    <LoadMore
      {...props}
      hasMore={query.hasNextPage}
      loading={query.isFetchingNextPage}
      error={query.isFetchNextPageError ? errorMessage(query.error) : null}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}
