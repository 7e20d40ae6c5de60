'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/client/api';
import type { PendingBankChange } from '@/lib/dto/clients';
import { formatDateTime } from '@/lib/format';
import { useApproveBankDetails } from './mutations';
import { pendingBankChangeQuery } from './queries';
import { changedAgain } from './refusals';

/** 'sort code **-34-56, account ****5678, account holder J Smith' */
export function pendingDetailsText(pending: PendingBankChange): string {
  if (!pending.sortCode || !pending.accountNumber) return 'the bank details were removed';
  const holder = pending.accountName ? `, account holder ${pending.accountName}` : ', no account holder name';
  return `sort code ${pending.sortCode}, account ${pending.accountNumber}${holder}`;
}

const changedText = (pending: PendingBankChange) =>
  `changed by ${pending.changedBy} on ${formatDateTime(pending.heldAt)} (UK time)`;

interface BankApprovalProps {
  clientId: string;
  clientName: string;
  /** When the client's details were held (the row's bankDetailsHeldAt). */
  heldAt: string;
  /** Prefix for ids: the same client may show on two tabs. */
  idPrefix: string;
}

/**
 * What a held change of bank details is and the full admin's Approve (issue 29, point 8), on the Clients tab's
 * banner and on the Payments tab wherever a client is held: the new details (masked), who changed them and
 * when, and an Approve that asks first, naming them. Approval names the change shown (its changeId); when a
 * newer one has replaced it the server refuses, and the newer details are shown to check instead.
 */
export function BankApproval({ clientId, clientName, heldAt, idPrefix }: BankApprovalProps) {
  const query = useQuery(pendingBankChangeQuery(clientId, heldAt));
  const approval = useApproveBankDetails();
  const [open, setOpen] = useState(false);
  const [replaced, setReplaced] = useState<{ message: string; pending: PendingBankChange } | null>(null);
  const pending = replaced?.pending ?? query.data?.pending ?? null;
  const detailsId = `${idPrefix}-bank-change`;

  async function approve() {
    if (!pending?.changeId) return;
    try {
      // The change shown, and only that one (issue 28).
      await approval.mutateAsync({ params: { id: clientId }, body: { changeId: pending.changeId } });
      setOpen(false);
      setReplaced(null);
      toast.success(`Bank details approved for ${clientName}: their rewards can be paid`);
    } catch (e) {
      const newer = changedAgain(e);
      if (!newer) throw e;
      // Shown instead of what was approved; the dialog closes so that the admin reads them first.
      setReplaced({ message: errorMessage(e), pending: newer });
      setOpen(false);
    }
  }

  if (query.isPending) {
    return <p className="text-sm text-muted-foreground">Loading the details to approve...</p>;
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm">
        The details to approve could not be loaded: {errorMessage(query.error)}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (!pending) return null;

  return (
    <div className="grid gap-2">
      {replaced && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-background p-2 font-medium">
          {replaced.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={detailsId} className="min-w-0 break-words">
          <span className="font-medium">{replaced ? 'Newer details' : 'Details to approve'}:</span>{' '}
          {pendingDetailsText(pending)}; {changedText(pending)}.
        </p>
        <Button
          type="button"
          size="sm"
          aria-describedby={detailsId}
          disabled={!pending.changeId}
          onClick={() => setOpen(true)}
        >
          <ShieldCheck aria-hidden="true" />
          Approve bank details
          <span className="sr-only"> of {clientName}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Approve ${clientName}'s new bank details?`}
        description={
          <span className="grid gap-2">
            <span className="block">
              Check these against what {clientName} gave you (on the phone or at the desk, not from an email):
            </span>
            <span className="block font-medium text-foreground">{pendingDetailsText(pending)}.</span>
            <span className="block">
              They were {changedText(pending)}. Once approved, {clientName}&apos;s rewards are paid to this
              account.
            </span>
          </span>
        }
        confirmLabel="Approve bank details"
        busyLabel="Approving..."
        destructive={false}
        errorId={`${idPrefix}-approve-error`}
        onConfirm={approve}
      />
    </div>
  );
}
