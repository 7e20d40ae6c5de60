'use client';

import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { errorMessage } from '@/lib/client/api';
import type { TeamMemberDto } from '@/lib/dto/team';
import { countLabel, memberName } from './team-text';

interface ArchiveMemberDialogProps {
  member: TeamMemberDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onArchive: (member: TeamMemberDto) => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Issue 18: a member who leaves is archived, after a confirm click. They leave the active lists and their QR
 * code counts no new visits; every month's reviews and bonuses stay as they were (money records are never
 * rewritten), and a full admin can restore them.
 */
export function ArchiveMemberDialog({
  member,
  open,
  onOpenChange,
  onArchive,
  onCloseAutoFocus,
}: ArchiveMemberDialogProps) {
  const name = memberName(member);

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Archive ${name}?`}
      description={
        <>
          {name} leaves the team lists and their QR code stops counting visits. Their{' '}
          {countLabel(member.reviewsCount, 'verified review')} and every month’s bonuses stay as they were,
          and bonuses still owed can still be paid; scans waiting for verification are rejected. You can
          restore them from Archived team members.
        </>
      }
      confirmLabel="Archive Team Member"
      errorId="archive-member-error"
      onConfirm={async () => {
        await onArchive(member);
        onOpenChange(false);
      }}
      failureText={(e) => errorMessage(e, 'The team member could not be archived. Please try again.')}
    />
  );
}
