'use client';

import { useQuery } from '@tanstack/react-query';
import { DeleteByNameDialog } from '@/components/shared/delete-by-name-dialog';
import { formatPounds } from '@/lib/money';
import { useDeleteClient } from './mutations';
import { clientQuery } from './queries';
import { clientName, confirmsName, type ClientDto } from './types';

const FAILED_TEXT = 'Failed to delete client. Please try again.';
const OWED_FAILED_TEXT = 'Could not check what is owed to this client. Close this and try again.';
const OWED_ID = 'delete-client-owed';

interface DeleteClientDialogProps {
  client: ClientDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (client: ClientDto) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

export function DeleteClientDialog({
  client,
  open,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteClientDialogProps) {
  const name = clientName(client);
  // What the server says is owed now: asked afresh each time the dialog opens, before anything is deleted.
  const owed = useQuery({ ...clientQuery(client.id), enabled: open, staleTime: 0, refetchOnMount: 'always' });
  const checking = owed.isPending || owed.isFetching;
  const amount = owed.data?.owedAmount ?? 0;
  const deletion = useDeleteClient();

  return (
    <DeleteByNameDialog
      noun="client"
      name={name}
      matches={(typed) => confirmsName(typed, client)}
      // Already gone (404): the list forgets it too.
      onDelete={() => deletion.mutateAsync({ params: { id: client.id } })}
      onDeleted={() => onDeleted(client)}
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      description={
        <>
          This permanently deletes {name}&apos;s details, their Referral Reward Card and their unpaid
          referrals. Rewards already paid stay in the payment records as &lsquo;Deleted client&rsquo; with the
          card number. It cannot be undone.
        </>
      }
      failureText={() => FAILED_TEXT}
      confirmDisabled={checking || owed.isError}
      confirmDescribedBy={OWED_ID}
    >
      <p id={OWED_ID} role="status" className="text-sm">
        {checking && 'Checking what is owed to this client...'}
        {!checking && owed.isSuccess && amount > 0 && (
          <span className="font-semibold text-destructive">
            {formatPounds(amount)} owed to this client will be cancelled.
          </span>
        )}
        {!checking && owed.isSuccess && amount === 0 && 'Nothing is owed to this client.'}
        {!checking && owed.isError && OWED_FAILED_TEXT}
      </p>
    </DeleteByNameDialog>
  );
}
