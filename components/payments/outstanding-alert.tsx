'use client';

import { Banknote, BellRing, CircleCheck, Loader2, Undo2 } from 'lucide-react';
import { BankApproval } from '@/components/clients/bank-approval';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { heldBadgeText } from '@/lib/bank-details';
import type { OutstandingPaymentDto } from '@/lib/dto/payments';
import { formatDate } from '@/lib/format';
import { formatPounds, sumPounds } from '@/lib/money';
import { cn } from '@/lib/utils';
import { alertRows, type AlertRow } from './outstanding-list';
import { daysDescription, daysLabel, daysUrgency } from './texts';
import type { OutstandingSummary } from './queries';
import { ALERT_HEADING_ID, ALERT_ROW_ATTRIBUTE, type Load } from './use-payments';

interface OutstandingAlertProps {
  load: Load<OutstandingPaymentDto[]>;
  /** All outstanding rewards, as the server counted them when the list was loaded. */
  summary: OutstandingSummary | null;
  recentlyPaid: OutstandingPaymentDto[];
  isBusy: (referralId: string, clientId: string) => boolean;
  onPay: (row: OutstandingPaymentDto) => void;
  onUndo: (row: OutstandingPaymentDto) => void;
  onRetry: () => void;
}

const URGENCY_VARIANT = { calm: 'secondary', waiting: 'warning', late: 'destructive' } as const;

function OutstandingRow({
  item: { row, paid },
  busy,
  onPay,
  onUndo,
}: {
  item: AlertRow;
  busy: boolean;
  onPay: (row: OutstandingPaymentDto) => void;
  onUndo: (row: OutstandingPaymentDto) => void;
}) {
  const days = row.daysSinceConversion;
  const name = row.referralName;

  return (
    <li
      {...{ [ALERT_ROW_ATTRIBUTE]: row.referralId }}
      aria-busy={busy || undefined}
      className="grid gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4"
    >
      <div className="grid min-w-0 gap-1">
        <p className="break-words">
          <span className="font-medium">{row.clientName}</span>
          <span className="text-muted-foreground"> referred </span>
          <span className="font-medium">{name}</span>
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold tabular-nums">{formatPounds(row.rewardAmount)}</span>
          <span className="text-muted-foreground">
            Converted <time dateTime={row.convertedAt}>{formatDate(row.convertedAt)}</time>
          </span>
          {paid ? (
            <Badge variant="success">Paid</Badge>
          ) : (
            <Badge variant={URGENCY_VARIANT[daysUrgency(days)]} title={daysDescription(days)}>
              <span aria-hidden="true">{daysLabel(days)}</span>
              <span className="sr-only">{daysDescription(days)}</span>
            </Badge>
          )}
        </div>
        {paid && (
          <p className="text-sm text-muted-foreground">Marked paid. Undo is available for 30 seconds.</p>
        )}
        {!paid && row.bankDetailsHeldAt && (
          <div className="grid gap-2 text-sm text-amber-900 dark:text-amber-300">
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant="destructive">Payments held</Badge>
              {heldBadgeText(row.bankDetailsChangedBy ?? 'staff', row.bankDetailsHeldAt)}.
            </p>
            <BankApproval
              clientId={row.clientId}
              clientName={row.clientName}
              heldAt={row.bankDetailsHeldAt}
              idPrefix={`alert-${row.referralId}`}
            />
          </div>
        )}
      </div>
      {/* One button for both states, so that keyboard focus stays on it when Paid Now becomes Undo. */}
      <Button
        type="button"
        size="sm"
        variant={paid ? 'outline' : 'default'}
        aria-disabled={busy || undefined}
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:w-auto"
        onClick={() => {
          if (busy) return;
          if (paid) onUndo(row);
          else onPay(row);
        }}
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : paid ? (
          <Undo2 aria-hidden="true" />
        ) : (
          <Banknote aria-hidden="true" />
        )}
        {paid ? 'Undo' : 'Paid Now'}
        <span className="sr-only">{paid ? ` payment for ${name}` : ` for ${name}`}</span>
      </Button>
    </li>
  );
}

/** 'Outstanding Payments Alert' (spec section 2): unpaid rewards of started stories, oldest first. */
export function OutstandingAlert({
  load,
  summary,
  recentlyPaid,
  isBusy,
  onPay,
  onUndo,
  onRetry,
}: OutstandingAlertProps) {
  const rows = load.status === 'ready' ? alertRows(load.data, recentlyPaid) : [];
  const unpaid = rows.filter((r) => !r.paid);
  const owed = sumPounds(unpaid.map((r) => r.row.rewardAmount));
  // More than the alert shows: the server's figures for them all (fetched again after every payment).
  const partial = load.status === 'ready' && summary !== null && summary.count > load.data.length;
  const waiting = partial ? summary.count : unpaid.length;
  const waitingAmount = partial ? summary.amount : owed;

  return (
    <Card
      role="region"
      aria-labelledby={ALERT_HEADING_ID}
      className={cn(unpaid.length > 0 && 'border-amber-300 dark:border-amber-800')}
    >
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <BellRing
            className={cn('size-5', unpaid.length > 0 ? 'text-amber-600' : 'text-muted-foreground')}
            aria-hidden="true"
          />
          <h2
            id={ALERT_HEADING_ID}
            tabIndex={-1}
            className="rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Outstanding Payments Alert
          </h2>
          {waiting > 0 && <Badge variant="warning">{waiting.toLocaleString('en-GB')}</Badge>}
        </CardTitle>
        <CardDescription>
          {waiting > 0
            ? `${waiting === 1 ? '1 reward is' : `${waiting.toLocaleString('en-GB')} rewards are`} waiting to be paid, ${formatPounds(waitingAmount)} in all. Oldest conversion first${partial ? `: the oldest ${load.data.length.toLocaleString('en-GB')} are shown here, and the monthly summary has the rest` : ''}.`
            : 'Rewards owed for started stories, oldest conversion first.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {load.status === 'loading' && (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading outstanding payments...
            </span>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
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

        {load.status === 'ready' && rows.length === 0 && (
          <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <CircleCheck className="size-5 shrink-0 text-green-700" aria-hidden="true" />
            <p>No outstanding payments. Every started story has been paid.</p>
          </div>
        )}

        {rows.length > 0 && (
          <ul aria-label="Outstanding payments" className="divide-y">
            {rows.map((item) => (
              <OutstandingRow
                key={item.row.referralId}
                item={item}
                busy={isBusy(item.row.referralId, item.row.clientId)}
                onPay={onPay}
                onUndo={onUndo}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
