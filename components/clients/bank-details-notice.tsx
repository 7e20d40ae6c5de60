'use client';

import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { heldBadgeText } from '@/lib/bank-details';
import { errorMessage } from '@/lib/client/api';
import { formatDateTime } from '@/lib/format';
import { changedAgain, type PendingBankChange } from './client-api';
import { useApproveBankDetails } from './mutations';
import { clientName, type ClientDto } from './types';

/** The held details as a full admin's client carries them: what Approve approves. */
function heldDetailsText(client: ClientDto): string {
  const holder = client.accountName ? `, ${client.accountName}` : '';
  return `sort code ${client.sortCode ?? '?'}, account ${client.accountNumber ?? '?'}${holder}`;
}

/** The newer details of a refused approval, masked as the server sent them. */
function pendingDetailsText(pending: PendingBankChange): string {
  if (!pending.sortCode || !pending.accountNumber) return 'none';
  const holder = pending.accountName ? `, ${pending.accountName}` : '';
  return `sort code ${pending.sortCode}, account ${pending.accountNumber}${holder}`;
}

interface BankDetailsNoticeProps {
  client: ClientDto;
  isFullAdmin: boolean;
}

/**
 * What a client's row says about its bank details when something needs a full admin: a change by staff that
 * holds the client's payments (with Approve for full admins), or an account shared with other clients.
 */
export function BankDetailsNotice({ client, isFullAdmin }: BankDetailsNoticeProps) {
  const approval = useApproveBankDetails();
  // An approval refused because a newer change replaced the one shown: the server's words and the newer
  // details (masked), kept in view while the row shows the newer details to approve.
  const [replaced, setReplaced] = useState<{ message: string; pending: PendingBankChange } | null>(null);
  const busy = approval.isPending;
  const shared = client.sharedBankDetailsWith ?? [];
  if (!client.bankDetailsHeldAt && shared.length === 0) return null;
  const name = clientName(client);
  const changeId = client.bankDetailsChangeId;

  async function approve() {
    if (!changeId) return;
    setReplaced(null);
    // Awaited rather than mutate's callbacks: this notice goes once the details are approved.
    try {
      // The change this notice shows, and only that one (issue 28).
      await approval.mutateAsync({ id: client.id, changeId });
      toast.success(`Bank details approved for ${name}: their rewards can be paid`);
    } catch (e) {
      const pending = changedAgain(e);
      if (pending) setReplaced({ message: errorMessage(e), pending });
      else toast.error(errorMessage(e));
    }
  }

  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
      {client.bankDetailsHeldAt && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-start gap-2">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {heldBadgeText(client.bankDetailsChangedBy ?? 'staff', client.bankDetailsHeldAt)}.
              {isFullAdmin && client.hasBankDetails && (
                <span className="block">Details to approve: {heldDetailsText(client)}</span>
              )}
            </span>
          </p>
          {isFullAdmin && changeId && (
            <Button type="button" size="sm" disabled={busy} onClick={approve}>
              {busy ? 'Approving...' : 'Approve bank details'}
              <span className="sr-only"> of {name}</span>
            </Button>
          )}
        </div>
      )}
      {replaced && (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-background p-2">
          <p className="font-medium">{replaced.message}</p>
          <p>
            Newer details: {pendingDetailsText(replaced.pending)}, changed by {replaced.pending.changedBy} on{' '}
            {formatDateTime(replaced.pending.heldAt)} (UK time).
          </p>
        </div>
      )}
      {shared.length > 0 && (
        <p className="flex items-start gap-2">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Same bank account as {shared.length === 1 ? 'client' : 'clients'} {shared.join(', ')}: check that
            the account is really this client&apos;s before paying.
          </span>
        </p>
      )}
    </div>
  );
}
