'use client';

import { Banknote, ChevronDown, Loader2 } from 'lucide-react';
import { BankApproval } from '@/components/clients/bank-approval';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { heldBadgeText } from '@/lib/bank-details';
import type { PaymentGroupDto, PaymentRowDto } from '@/lib/dto/payments';
import { formatDate } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { cn } from '@/lib/utils';
import { groupKey, groupTotal } from './report-data';
import { bacsText, conversionsLabel, rewardChangeNote } from './texts';

export const toggleId = (group: PaymentGroupDto) => `${groupKey(group)}-toggle`;
export const payAllButtonId = (group: PaymentGroupDto) => `${groupKey(group)}-pay-all`;
/** A conversion's status button, where focus returns after its payment's confirmation closes. */
export const statusButtonId = (payment: PaymentRowDto) => `payment-status-${payment.id}`;

const busyClass = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/**
 * A conversion's status (spec section 2): 'Paid ↶' that reads 'Undo Payment' on hover or focus and undoes it;
 * 'Due Payment' that reads 'Paid Now' and pays. Both texts share one grid cell, so the button keeps its width
 * when they swap. Its name says what a click does.
 */
function StatusButton({
  payment,
  busy,
  onToggle,
}: {
  payment: PaymentRowDto;
  busy: boolean;
  onToggle: (payment: PaymentRowDto) => void;
}) {
  const paid = payment.paid;
  const swap = 'group-hover/status:invisible group-focus-visible/status:invisible';
  const swapIn = 'invisible group-hover/status:visible group-focus-visible/status:visible';

  return (
    <button
      type="button"
      id={statusButtonId(payment)}
      aria-label={paid ? `Undo payment for ${payment.name}` : `Paid Now for ${payment.name}`}
      aria-disabled={busy || undefined}
      onClick={() => !busy && onToggle(payment)}
      className={cn(
        'group/status inline-flex h-8 shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-md border px-2.5 text-xs font-medium whitespace-nowrap transition-colors outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50',
        paid
          ? 'border-green-200 bg-green-100 text-green-800 hover:border-amber-200 hover:bg-amber-100 hover:text-amber-900 focus-visible:border-amber-300 focus-visible:bg-amber-100 focus-visible:text-amber-900 dark:border-green-900 dark:bg-green-950 dark:text-green-300'
          : 'border-amber-200 bg-amber-100 text-amber-900 hover:border-green-200 hover:bg-green-100 hover:text-green-800 focus-visible:border-green-300 focus-visible:bg-green-100 focus-visible:text-green-800 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-300',
        busyClass,
      )}
    >
      {busy && <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />}
      <span className="inline-grid">
        <span className={cn('[grid-area:1/1]', swap)}>{paid ? 'Paid ↶' : 'Due Payment'}</span>
        <span className={cn('[grid-area:1/1]', swapIn)}>{paid ? 'Undo Payment' : 'Paid Now'}</span>
      </span>
    </button>
  );
}

interface PaymentGroupProps {
  group: PaymentGroupDto;
  expanded: boolean;
  onExpandedChange: (key: string, expanded: boolean) => void;
  isBusy: (referralId: string, clientId: string) => boolean;
  payingAll: boolean;
  onToggle: (payment: PaymentRowDto) => void;
  onPayAll: (group: PaymentGroupDto) => void;
}

/** One client's conversions in the month (spec section 2, 'Monthly Payment Summary'). */
export function PaymentGroup({
  group,
  expanded,
  onExpandedChange,
  isBusy,
  payingAll,
  onToggle,
  onPayAll,
}: PaymentGroupProps) {
  const key = groupKey(group);
  const panelId = `${key}-panel`;
  const headingId = `${key}-name`;
  const bacs = bacsText(group);
  const count = group.payments.length;

  return (
    <li aria-labelledby={headingId} className="rounded-lg border">
      <div className="grid gap-3 p-3 sm:p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h4 id={headingId} className="font-medium break-words">
              {group.clientName}
            </h4>
            {group.totalOwed > 0 && <Badge variant="warning">Owed</Badge>}
            {group.totalPaid > 0 && <Badge variant="success">Paid</Badge>}
            {group.bankDetailsHeldAt && <Badge variant="destructive">Payments held</Badge>}
            {group.sharedBankDetailsWith.length > 0 && <Badge variant="destructive">Shared account</Badge>}
          </div>
          <p className="text-sm break-words text-muted-foreground">{bacs ?? 'No BACS details on file'}</p>
          {group.bankDetailsHeldAt && (
            <div className="grid gap-2 text-sm break-words text-amber-900 dark:text-amber-300">
              <p>{heldBadgeText(group.bankDetailsChangedBy ?? 'staff', group.bankDetailsHeldAt)}.</p>
              {/* Approved here as on the Clients tab (issue 29, point 8): one component. */}
              <BankApproval
                clientId={group.clientId}
                clientName={group.clientName}
                heldAt={group.bankDetailsHeldAt}
                idPrefix={`${key}-held`}
              />
            </div>
          )}
          {group.sharedBankDetailsWith.length > 0 && (
            <p className="text-sm break-words text-amber-900 dark:text-amber-300">
              Same bank account as {group.sharedBankDetailsWith.join(', ')}.
            </p>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button
            id={toggleId(group)}
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => onExpandedChange(key, !expanded)}
            className="-ml-2 md:ml-0"
          >
            {conversionsLabel(count)}
            <span className="sr-only"> of {group.clientName}</span>
            <ChevronDown
              className={cn('transition-transform', expanded && 'rotate-180')}
              aria-hidden="true"
            />
          </Button>
          <p className="text-sm">
            <span className="text-muted-foreground">Total </span>
            <span className="font-semibold tabular-nums">{formatPounds(groupTotal(group))}</span>
          </p>
          {group.totalOwed > 0 ? (
            <Button
              id={payAllButtonId(group)}
              type="button"
              size="sm"
              aria-disabled={payingAll || undefined}
              className={cn('ml-auto', busyClass)}
              onClick={() => !payingAll && onPayAll(group)}
            >
              {payingAll ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Banknote aria-hidden="true" />
              )}
              Pay All Outstanding
              <span className="sr-only"> for {group.clientName}</span>
            </Button>
          ) : (
            <Badge variant="success" className="ml-auto">
              Fully Paid
            </Badge>
          )}
        </div>
      </div>

      {expanded && (
        <ul id={panelId} aria-label={`Conversions of ${group.clientName}`} className="divide-y border-t">
          {group.payments.map((payment) => (
            <li
              key={payment.id}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:px-4"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium break-words">{payment.name}</p>
                <p className="text-xs text-muted-foreground">
                  Converted <time dateTime={payment.convertedAt}>{formatDate(payment.convertedAt)}</time>
                  {payment.paid && payment.paidAt && (
                    <>
                      {' · Paid '}
                      <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
                    </>
                  )}
                </p>
                {payment.rewardChange && (
                  <p className="text-xs break-words text-amber-900 dark:text-amber-300">
                    {rewardChangeNote(payment.rewardChange)}
                  </p>
                )}
              </div>
              <p className="text-right font-semibold tabular-nums sm:order-none">
                {formatPounds(payment.rewardAmount)}
              </p>
              <div className="col-span-2 sm:col-span-1 sm:justify-self-end">
                <StatusButton
                  payment={payment}
                  busy={isBusy(payment.id, payment.clientId)}
                  onToggle={onToggle}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
