'use client';

import { useState, type FormEvent } from 'react';
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
import { ErrorAlert } from '@/components/clients/error-alert';
import { ApiError } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { DELETE_REFERRAL_FAILED_TEXT } from '@/lib/validation/leads';
import { deleteReferral } from './referral-api';
import { confirmsReferralName, fullName } from './referral-helpers';

const MISMATCH_TEXT = 'Name does not match. Please type the exact referral name to confirm deletion.';
const ERROR_ID = 'delete-referral-error';

interface DeleteReferralDialogProps {
  client: ClientDto;
  referral: ReferralDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (client: ClientDto, referral: ReferralDto) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Delete Referral (spec sections 2 and 4): enabled only once the referral's name is typed, in any case. */
export function DeleteReferralDialog({
  client,
  referral,
  open,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteReferralDialogProps) {
  const name = referral.name;
  const [typed, setTyped] = useState('');
  /** Set by Enter or leaving the field with a mismatch; cleared by typing. */
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = confirmsReferralName(typed, name);
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
    setBusy(true);
    setError(null);
    try {
      await deleteReferral(referral.id);
      onDeleted(client, referral);
    } catch (e) {
      console.error('Referral deletion failed', e);
      // Already gone: the list should forget it too.
      if (e instanceof ApiError && e.status === 404) onDeleted(client, referral);
      // Paid meanwhile: the server says why it stays.
      else if (e instanceof ApiError && e.status === 409) setError(e.message);
      else setError(DELETE_REFERRAL_FAILED_TEXT);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Referral</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes the referral of {name} by {fullName(client)}. The lead stays on record,
              and the payments audit log keeps its entries. It cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="delete-referral-confirm" className="block leading-normal">
              Type <span className="font-semibold break-words">{name}</span> to confirm
            </Label>
            <Input
              id="delete-referral-confirm"
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
            <Button type="submit" variant="destructive" disabled={!matches || busy}>
              <Trash2 aria-hidden="true" />
              {busy ? 'Deleting...' : 'Delete Referral'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
