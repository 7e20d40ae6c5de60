'use client';

import { ShieldAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { heldBadgeText } from '@/lib/bank-details';
import { errorMessage } from '@/lib/client/api';
import { useApproveBankDetails } from './mutations';
import { clientName, type ClientDto } from './types';

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
  const busy = approval.isPending;
  const shared = client.sharedBankDetailsWith ?? [];
  if (!client.bankDetailsHeldAt && shared.length === 0) return null;
  const name = clientName(client);

  async function approve() {
    // Awaited rather than mutate's callbacks: this notice goes once the details are approved.
    try {
      await approval.mutateAsync(client.id);
      toast.success(`Bank details approved for ${name}: their rewards can be paid`);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  }

  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
      {client.bankDetailsHeldAt && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-start gap-2">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{heldBadgeText(client.bankDetailsChangedBy ?? 'staff', client.bankDetailsHeldAt)}.</span>
          </p>
          {isFullAdmin && (
            <Button type="button" size="sm" disabled={busy} onClick={approve}>
              {busy ? 'Approving...' : 'Approve bank details'}
              <span className="sr-only"> of {name}</span>
            </Button>
          )}
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
