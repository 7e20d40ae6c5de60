'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/client/api';
import { formatPounds } from '@/lib/format';
import { deleteClient, fetchClient } from './client-api';
import { ErrorAlert } from './error-alert';
import { clientName, confirmsName, type ClientDto } from './types';

const MISMATCH_TEXT = 'Name does not match. Please type the exact client name to confirm deletion.';
const FAILED_TEXT = 'Failed to delete client. Please try again.';
const OWED_FAILED_TEXT = 'Could not check what is owed to this client. Close this and try again.';
const ERROR_ID = 'delete-client-error';
const OWED_ID = 'delete-client-owed';

/** What the server says is owed to the client now: asked for as the dialog opens, before anything is deleted. */
type Owed = { status: 'loading' } | { status: 'ready'; amount: number } | { status: 'failed' };

function useOwed(clientId: string, open: boolean): Owed {
  const [owed, setOwed] = useState<Owed>({ status: 'loading' });
  useEffect(() => {
    if (!open) return;
    // The dialog is mounted afresh for each opening, so it starts as 'loading'.
    const controller = new AbortController();
    fetchClient(clientId, controller.signal).then(
      (client) => setOwed({ status: 'ready', amount: client.owedAmount ?? 0 }),
      () => !controller.signal.aborted && setOwed({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [clientId, open]);
  return owed;
}

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
  const [typed, setTyped] = useState('');
  /** Set by Enter or leaving the field with a mismatch; cleared by typing. */
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const owed = useOwed(client.id, open);
  const matches = confirmsName(typed, client);
  // Said as soon as the text can no longer become the name, not while it is still being typed.
  const cannotMatch =
    typed.trim() !== '' &&
    !name.toLocaleLowerCase('en-GB').startsWith(typed.trimStart().toLocaleLowerCase('en-GB'));
  const mismatch = !matches && (cannotMatch || (attempted && typed.trim() !== ''));
  const message = mismatch ? MISMATCH_TEXT : error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!matches) {
      setAttempted(true);
      return;
    }
    if (owed.status !== 'ready') return;
    setBusy(true);
    setError(null);
    try {
      await deleteClient(client.id);
      onDeleted(client);
    } catch (e) {
      // Already gone: the list should forget it too.
      if (e instanceof ApiError && e.status === 404) onDeleted(client);
      else setError(FAILED_TEXT);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Client</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes {name}&apos;s details, their Referral Reward Card and their unpaid
              referrals. Rewards already paid stay in the payment records as &lsquo;Deleted client&rsquo; with
              the card number. It cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <p id={OWED_ID} role="status" className="text-sm">
            {owed.status === 'loading' && 'Checking what is owed to this client...'}
            {owed.status === 'ready' && owed.amount > 0 && (
              <span className="font-semibold text-destructive">
                {formatPounds(owed.amount)} owed to this client will be cancelled.
              </span>
            )}
            {owed.status === 'ready' && owed.amount === 0 && 'Nothing is owed to this client.'}
            {owed.status === 'failed' && OWED_FAILED_TEXT}
          </p>
          <div className="grid gap-2">
            <Label htmlFor="delete-client-confirm" className="block leading-normal">
              Type <span className="font-semibold">{name}</span> to confirm
            </Label>
            <Input
              id="delete-client-confirm"
              value={typed}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={mismatch || undefined}
              aria-describedby={message ? ERROR_ID : undefined}
              onChange={(e) => {
                setTyped(e.target.value);
                setAttempted(false);
                setError(null);
              }}
              onBlur={() => setAttempted(true)}
            />
          </div>
          {message && <ErrorAlert id={ERROR_ID} message={message} />}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              Cancel
            </AlertDialogCancel>
            <Button
              type="submit"
              variant="destructive"
              disabled={!matches || busy || owed.status !== 'ready'}
              aria-describedby={OWED_ID}
            >
              <Trash2 aria-hidden="true" />
              {busy ? 'Deleting...' : 'Delete Client'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
