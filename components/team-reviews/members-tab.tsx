'use client';

import { useState } from 'react';
import { Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TeamMemberDto } from '@/lib/dto/team';
import { AddMemberForm } from './add-member-form';
import { DeleteMemberDialog } from './delete-member-dialog';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { MemberItem } from './member-item';
import type { TeamReviews } from './use-team-reviews';

const LIST_HEADING_ID = 'team-members-heading';

/** The Team Members tab: add a member, and every member with their QR code, link and earnings. */
export function MembersTab({ team, isFullAdmin }: { team: TeamReviews; isFullAdmin: boolean }) {
  const { members } = team;
  const [deleting, setDeleting] = useState<TeamMemberDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const count = members.status === 'ready' ? members.data.length : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <AddMemberForm onAdd={team.addMember} />

      <Card role="region" aria-labelledby={LIST_HEADING_ID}>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <h2
              id={LIST_HEADING_ID}
              tabIndex={-1}
              className="rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Team Members
            </h2>
            {count !== null && <Badge variant="secondary">{count.toLocaleString('en-GB')}</Badge>}
          </CardTitle>
          <CardDescription>
            Print or share each member’s QR code: it opens their review page. Verified reviews earn them a
            bonus.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {members.status === 'loading' && (
            <LoadingRows label="Loading team members..." rows={2} className="h-56" />
          )}
          {members.status === 'error' && (
            <LoadError message={members.message} onRetry={() => team.retry('members')} />
          )}
          {members.status === 'ready' && members.data.length === 0 && (
            <EmptyState icon={Users}>
              <p>No team members yet.</p>
              <p>Add the first one above to give them a review QR code.</p>
            </EmptyState>
          )}
          {members.status === 'ready' && members.data.length > 0 && (
            <ul aria-label="Team members" className="grid grid-cols-1 gap-4">
              {members.data.map((member) => (
                <MemberItem
                  key={member.id}
                  member={member}
                  isFullAdmin={isFullAdmin}
                  onDelete={(m) => {
                    setDeleting(m);
                    setDialogOpen(true);
                  }}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {isFullAdmin && deleting && (
        <DeleteMemberDialog
          member={deleting}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onDelete={team.removeMember}
          onCloseAutoFocus={(event) => {
            // The member's Delete button is gone once they are deleted: the list heading takes focus.
            const stillThere = members.status === 'ready' && members.data.some((m) => m.id === deleting.id);
            if (stillThere) return;
            event.preventDefault();
            document.getElementById(LIST_HEADING_ID)?.focus();
          }}
        />
      )}
    </div>
  );
}
