'use client';

import { Download, History, Loader2 } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { PaymentAuditEntryDto } from '@/lib/dto/payments';
import { formatDateTime } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { isPaymentAction } from '@/lib/payment-audit';
import type { AuditLog as AuditLogData } from './audit-entries';
import { AUDIT_CSV_URL } from './csv-links';
import { auditActionLabel } from './texts';
import { ToolCard } from './tool-card';
import type { Load } from './use-payments';

const HEADING_ID = 'payments-audit-heading';
const MORE_ERROR_ID = 'payments-audit-more-error';

interface AuditLogProps {
  load: Load<AuditLogData>;
  more: { loading: boolean; error: string | null };
  onRetry: () => void;
  onLoadMore: () => void;
}

const BADGE_VARIANT = {
  Paid: 'success',
  Undone: 'warning',
  'Bank details changed': 'destructive',
  'Bank details approved': 'secondary',
  Cancelled: 'secondary',
  'Reward changed': 'warning',
  'Story Started': 'secondary',
} as const;

function AuditEntry({ entry }: { entry: PaymentAuditEntryDto }) {
  const label = auditActionLabel(entry.action);
  const payment = isPaymentAction(entry.action);
  return (
    <li className="grid gap-1 py-3 sm:grid-cols-[5.5rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4">
      <div className="flex items-center gap-2 sm:grid sm:justify-items-start sm:gap-1">
        <Badge variant={BADGE_VARIANT[label]} className="whitespace-normal">
          {label}
        </Badge>
        {payment && <span className="font-semibold tabular-nums">{formatPounds(entry.amount)}</span>}
      </div>
      {payment ? (
        <p className="min-w-0 break-words">
          <span className="font-medium">{entry.clientName}</span>
          <span className="text-muted-foreground"> referred </span>
          <span className="font-medium">{entry.referralName}</span>
          {entry.details && <span className="block text-sm text-muted-foreground">{entry.details}</span>}
        </p>
      ) : (
        <p className="min-w-0 break-words">
          <span className="font-medium">{entry.clientName}</span>
          {entry.details && <span className="block text-sm text-muted-foreground">{entry.details}</span>}
        </p>
      )}
      <p className="min-w-0 text-sm text-muted-foreground sm:text-right">
        <span className="break-all">by {entry.performedBy}</span>
        <br />
        <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
      </p>
    </li>
  );
}

/**
 * 'Payments Audit Log' (spec section 2): every payment and undo, and every change and approval of a client's
 * bank details, newest first, more on demand.
 */
export function AuditLog({ load, more, onRetry, onLoadMore }: AuditLogProps) {
  const log = load.status === 'ready' ? load.data : null;
  const empty = log !== null && log.entries.length === 0;

  return (
    <ToolCard
      headingId={HEADING_ID}
      icon={History}
      title="Payments Audit Log"
      description={
        empty
          ? 'No payment actions recorded yet'
          : 'Detailed log of all payment-related actions with timestamps'
      }
      action={
        <Button asChild variant="outline" size="sm">
          <a href={AUDIT_CSV_URL} download>
            <Download aria-hidden="true" />
            Download Audit CSV
          </a>
        </Button>
      }
    >
      <CardContent className="grid gap-4">
        {load.status === 'loading' && (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading the payments audit log...
            </span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        )}

        {load.status === 'error' && (
          <ErrorAlert message={load.message}>
            <Button variant="outline" size="sm" onClick={onRetry} className="mt-2 text-foreground">
              Try again
            </Button>
          </ErrorAlert>
        )}

        {log && log.entries.length > 0 && (
          <ol aria-label="Payment actions, newest first" className="divide-y">
            {log.entries.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}

        {log?.nextCursor && (
          <div className="grid justify-items-center gap-3">
            {more.error && (
              <ErrorAlert id={MORE_ERROR_ID} message={more.error}>
                <p>Choose Load more to try again.</p>
              </ErrorAlert>
            )}
            <Button
              type="button"
              variant="outline"
              aria-disabled={more.loading || undefined}
              aria-describedby={more.error ? MORE_ERROR_ID : undefined}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              onClick={() => !more.loading && onLoadMore()}
            >
              {more.loading && <Loader2 className="animate-spin" aria-hidden="true" />}
              {more.loading ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </CardContent>
    </ToolCard>
  );
}
