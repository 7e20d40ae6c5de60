'use client';

import { ShieldAlert } from 'lucide-react';
import { heldBadgeText } from '@/lib/bank-details';
import { BankApproval } from './bank-approval';
import { clientName, type ClientDto } from './types';

interface BankDetailsNoticeProps {
  client: ClientDto;
  isFullAdmin: boolean;
}

/**
 * What a client's row says about its bank details when something needs a full admin: a change by staff that
 * holds the client's payments, with what Approve approves (masked) and its confirmation for full admins
 * (BankApproval, the same on the Payments tab), or an account shared with other clients.
 */
export function BankDetailsNotice({ client, isFullAdmin }: BankDetailsNoticeProps) {
  const shared = client.sharedBankDetailsWith ?? [];
  if (!client.bankDetailsHeldAt && shared.length === 0) return null;
  const name = clientName(client);

  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
      {client.bankDetailsHeldAt && (
        <div className="grid gap-2">
          <p className="flex items-start gap-2">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{heldBadgeText(client.bankDetailsChangedBy ?? 'staff', client.bankDetailsHeldAt)}.</span>
          </p>
          {isFullAdmin && (
            <BankApproval
              clientId={client.id}
              clientName={name}
              heldAt={client.bankDetailsHeldAt}
              idPrefix={`client-${client.id}`}
            />
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
