'use client';

import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { errorMessage } from '@/lib/client/api';
import type { TeamMemberDto } from '@/lib/dto/team';
import { countLabel, memberName } from './team-helpers';

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

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Delete ${name}?`}
      description={
        <>
          This removes {name} from the team and their QR code will stop working. Their{' '}
          {countLabel(member.reviewsCount, 'verified review')} stay in the bonus payment reports, and bonuses
          still owed for them can still be paid there; scans waiting for verification are rejected. It cannot
          be undone.
        </>
      }
      confirmLabel="Delete Team Member"
      errorId="delete-member-error"
      onConfirm={async () => {
        await onDelete(member);
        onOpenChange(false);
      }}
      failureText={(e) => errorMessage(e, 'The team member could not be deleted. Please try again.')}
    />
  );
}
