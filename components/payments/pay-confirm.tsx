'use client';

import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Banknote, Loader2, TriangleAlert } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import { AlertDialogCancel, AlertDialogFooter } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { heldBadgeText } from '@/lib/bank-details';
import { errorMessage } from '@/lib/client/api';
import { formatPounds } from '@/lib/money';
import { ConfirmFrame } from './confirm-frame';
import { paidEmailTimingQuery } from './queries';

/**
 * Where a payment goes, as the confirmation shows it (issue 29, point 1): the details on file (masked or in
 * full, as the screen already shows them), none at all, or held for a full admin's approval.
 */
export interface PayeeBank {
  /** 'Jane Doe: sort code 12-34-56, account ending 5678'; null when none are on file (or not shown). */
  detail: string | null;
  hasBankDetails: boolean;
  heldAt: string | null;
  changedBy: string | null;
}

/** The bank details line, or the warning that none are held. */
export function PayeeBankNotice({ clientName, bank }: { clientName: string; bank: PayeeBank }) {
  if (bank.heldAt) {
    return (
      <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{heldBadgeText(bank.changedBy ?? 'staff', bank.heldAt)}.</span>
      </p>
    );
  }
  if (!bank.hasBankDetails) {
    return (
      <p
        data-testid="no-bank-details-warning"
        className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>No bank details are held for {clientName}.</strong> Mark it paid only if you have paid them
          another way; otherwise ask them for their bank details first.
        </span>
      </p>
    );
  }
  return (
    <p className="break-words">{bank.detail ? `Pay to ${bank.detail}.` : 'Bank details are on file.'}</p>
  );
}

/** When the client hears of it: the 'reward paid' email waits out the undo window (paidEmailDelayMinutes). */
export function PaidEmailTiming({ clientName }: { clientName: string }) {
  const timing = useQuery(paidEmailTimingQuery());
  const minutes = timing.data;
  if (minutes === undefined) return null;
  return (
    <p>
      {minutes === 0
        ? `${clientName} is emailed at once that it is paid.`
        : `${clientName} is emailed that it is paid in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}; an Undo before then cancels the email.`}
    </p>
  );
}

interface PayConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  title: string;
  /** Who is paid (the client). */
  clientName: string;
  /** What for: 'The reward for Amy Pond's referral'. */
  what: ReactNode;
  /** Pounds. */
  amount: number;
  bank: PayeeBank;
  /** Pays; rejects with the reason when it failed (the dialog stays open and says it). */
  onConfirm: () => Promise<unknown>;
  /** Prefix for the ids inside (two dialogs may exist on one page). */
  id: string;
}

/**
 * The confirmation before money is recorded as sent (issue 29, point 1): the amount, the payee and where it
 * goes, a warning when no bank details are held, and when the client will be emailed. 'Paid Now' everywhere
 * and 'Pay All Outstanding' use it.
 */
export function PayConfirmDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  clientName,
  what,
  amount,
  bank,
  onConfirm,
  id,
}: PayConfirmDialogProps) {
  const { busy, error, confirm, onDialogOpenChange } = usePayConfirm(onConfirm, onOpenChange);
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;

  return (
    <ConfirmFrame
      open={open}
      onOpenChange={onDialogOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      descriptionId={descriptionId}
      description={
        <>
          <p>
            {what}: <strong className="text-foreground">{formatPounds(amount)}</strong> to{' '}
            <strong className="text-foreground">{clientName}</strong>.
          </p>
          <PayeeBankNotice clientName={clientName} bank={bank} />
          <PaidEmailTiming clientName={clientName} />
          <p>It is recorded in the payments audit log with your email address.</p>
        </>
      }
      footer={
        <PayConfirmFooter
          busy={busy}
          error={error}
          errorId={errorId}
          label={`Mark ${formatPounds(amount)} paid`}
          onConfirm={() => void confirm()}
        />
      }
    />
  );
}

/** The confirmation's error and its two buttons: Cancel, and the one that pays (a spinner while it does). */
export function PayConfirmFooter({
  busy,
  error,
  errorId,
  label,
  onConfirm,
}: {
  busy: boolean;
  error: string | null;
  errorId: string;
  label: string;
  onConfirm: () => void;
}) {
  return (
    <>
      {error && <ErrorAlert id={errorId} message={error} />}
      <AlertDialogFooter>
        <AlertDialogCancel type="button" disabled={busy}>
          Cancel
        </AlertDialogCancel>
        <Button
          type="button"
          aria-disabled={busy || undefined}
          aria-describedby={error ? errorId : undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          onClick={onConfirm}
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Banknote aria-hidden="true" />}
          {busy ? 'Paying...' : label}
        </Button>
      </AlertDialogFooter>
    </>
  );
}

/**
 * A payment confirmation's state: `confirm` pays once (a second press while it runs does nothing), closes the
 * dialog when it worked and keeps it open with the server's message when it did not; the dialog cannot be
 * closed while paying, and closing it forgets the message.
 */
export function usePayConfirm(pay: () => Promise<unknown>, onOpenChange: (open: boolean) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await pay();
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  function onDialogOpenChange(next: boolean) {
    if (busy) return;
    if (!next) setError(null);
    onOpenChange(next);
  }

  return { busy, error, confirm, onDialogOpenChange };
}
