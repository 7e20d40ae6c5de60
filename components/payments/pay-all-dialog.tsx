'use client';

import { useState } from 'react';
import { Banknote, Loader2 } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/client/api';
import type { PaymentGroupDto } from '@/lib/dto/payments';
import { formatPounds } from '@/lib/money';
import { PaidEmailTiming, PayeeBankNotice } from './pay-confirm';
import { bacsText, conversionsLabel, periodLabel, type ReportPeriod } from './payment-helpers';

const ERROR_ID = 'pay-all-error';

interface PayAllDialogProps {
  group: PaymentGroupDto;
  period: ReportPeriod;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pays; rejects with the reason when it failed. */
  onConfirm: (group: PaymentGroupDto, period: ReportPeriod) => Promise<unknown>;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Confirms 'Pay All Outstanding' (it records money as sent): who, which month, how many conversions and how
 * much, the bank details to pay to (a warning when there are none), and when the client is emailed.
 */
export function PayAllDialog({
  group,
  period,
  open,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: PayAllDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unpaid = group.payments.filter((p) => !p.paid).length;
  const amount = formatPounds(group.totalOwed);
  const bacs = bacsText(group);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(group, period);
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus} aria-describedby="pay-all-description">
        <AlertDialogHeader>
          <AlertDialogTitle>Pay All Outstanding</AlertDialogTitle>
          <AlertDialogDescription id="pay-all-description" asChild>
            <div className="grid gap-2">
              <p>
                Mark {conversionsLabel(unpaid)} of {group.clientName} in {periodLabel(period)} as paid:{' '}
                <strong className="text-foreground">{amount}</strong> in total.
              </p>
              <PayeeBankNotice
                clientName={group.clientName}
                bank={{
                  hasBankDetails: !!group.accountNumber,
                  detail: bacs?.replace(/^BACS: /, '') ?? null,
                  heldAt: group.bankDetailsHeldAt,
                  changedBy: group.bankDetailsChangedBy,
                }}
              />
              <PaidEmailTiming clientName={group.clientName} />
              <p>Each payment is recorded in the payments audit log with your email address.</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error && <ErrorAlert id={ERROR_ID} message={error} />}
        <AlertDialogFooter>
          <AlertDialogCancel type="button" disabled={busy}>
            Cancel
          </AlertDialogCancel>
          <Button
            type="button"
            aria-disabled={busy || undefined}
            aria-describedby={error ? ERROR_ID : undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            onClick={() => void confirm()}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Banknote aria-hidden="true" />}
            {busy ? 'Paying...' : `Pay ${amount}`}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
