import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { ErrorAlert } from '@/components/clients/error-alert';
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

/** A failed load: the message and 'Try again'. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorAlert message={message}>
      <Button type="button" variant="outline" size="sm" onClick={onRetry} className="mt-2 text-foreground">
        Try again
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
