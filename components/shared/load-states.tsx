import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { errorMessage } from '@/lib/client/api';
import { ErrorAlert } from './error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** Placeholder rows while a list loads, with a status message for screen readers (unless said elsewhere). */
export function LoadingRows({
  label,
  rows = 2,
  className = 'h-16',
}: {
  label: string;
  rows?: number;
  className?: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-3" aria-busy="true">
      {label && (
        <span className="sr-only" role="status">
          {label}
        </span>
      )}
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('w-full', className)} />
      ))}
    </div>
  );
}

/**
 * A failed load: the message and 'Try again'; `retryContext` is read after it by screen readers ('to load the
 * leaderboard') where the page has more than one.
 */
export function LoadError({
  message,
  onRetry,
  retryContext,
}: {
  message: string;
  onRetry: () => void;
  retryContext?: string;
}) {
  return (
    <ErrorAlert message={message}>
      <Button type="button" variant="outline" size="sm" onClick={onRetry} className="mt-2 text-foreground">
        Try again
        {retryContext && <span className="sr-only"> {retryContext}</span>}
      </Button>
    </ErrorAlert>
  );
}

/** Nothing to show yet. */
export function EmptyState({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <div className="grid grid-cols-1 gap-1">{children}</div>
    </div>
  );
}

/** The parts of a useQuery result that QueryState needs. */
interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A query's three faces: placeholder rows while it loads, the error with 'Try again' when it failed, and
 * `children` once it has data (a failed refetch keeps showing the data it had).
 */
export function QueryState({
  query,
  loadingLabel,
  rows,
  rowClassName,
  children,
}: {
  query: LoadingQuery;
  loadingLabel: string;
  rows?: number;
  rowClassName?: string;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingRows label={loadingLabel} rows={rows} className={rowClassName} />;
  if (query.isError && query.data === undefined) {
    return <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <>{children}</>;
}
