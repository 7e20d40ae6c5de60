'use client';

import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { ErrorAlert } from '@/components/clients/error-alert';
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
import type { TeamMemberDto } from '@/lib/dto/team';
import { countLabel, memberName } from './team-helpers';

const ERROR_ID = 'delete-member-error';

interface DeleteMemberDialogProps {
  member: TeamMemberDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelete: (member: TeamMemberDto) => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec section 4, as issue 14 changed it: deleting a team member needs a confirm click; they leave the lists and
 * their QR code stops working, but their reviews stay in the bonus reports (money records are never rewritten).
 */
export function DeleteMemberDialog({
  member,
  open,
  onOpenChange,
  onDelete,
  onCloseAutoFocus,
}: DeleteMemberDialogProps) {
  const name = memberName(member);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onDelete(member);
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e, 'The team member could not be deleted. Please try again.'));
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
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            This removes {name} from the team and their QR code will stop working. Their{' '}
            {countLabel(member.reviewsCount, 'verified review')} stay in the bonus payment reports, and
            bonuses still owed for them can still be paid there; scans waiting for verification are rejected.
            It cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error && <ErrorAlert id={ERROR_ID} message={error} />}
        <AlertDialogFooter>
          <AlertDialogCancel type="button" disabled={busy}>
            Cancel
          </AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={busy}
            aria-describedby={error ? ERROR_ID : undefined}
            onClick={confirm}
          >
            <Trash2 aria-hidden="true" />
            {busy ? 'Deleting...' : 'Delete Team Member'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
