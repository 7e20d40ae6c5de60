'use client';

import { useState } from 'react';
import { Loader2, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TeamMemberDto } from '@/lib/dto/team';
import { formatDate } from '@/lib/format';
import { AddMemberForm } from './add-member-form';
import { ArchiveMemberDialog } from './archive-member-dialog';
import { RenameMemberDialog } from './rename-member-dialog';
import { countLabel, memberName } from './team-text';
import { MemberItem } from './member-item';
import { MembersLoadState, TabTitle } from './tab-parts';
import type { TeamReviews } from './use-team-reviews';

const LIST_HEADING_ID = 'team-members-heading';

/** The Team Members tab: add a member, and every member with their QR code, link and earnings. */
export function MembersTab({ team, isFullAdmin }: { team: TeamReviews; isFullAdmin: boolean }) {
  const { members } = team;
  const [archiving, setArchiving] = useState<TeamMemberDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [renaming, setRenaming] = useState<TeamMemberDto | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const count = members.status === 'ready' ? members.data.length : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <AddMemberForm onAdd={team.addMember} />

      <Card role="region" aria-labelledby={LIST_HEADING_ID}>
        <CardHeader>
          <TabTitle
            id={LIST_HEADING_ID}
            badge={count !== null && <Badge variant="secondary">{count.toLocaleString('en-GB')}</Badge>}
          >
            Team Members
          </TabTitle>
          <CardDescription>
            Print or share each member’s QR code: it opens their review page. Verified reviews earn them a
            bonus.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <MembersLoadState team={team} list="members" />
          {members.status === 'ready' && members.data.length > 0 && (
            <ul aria-label="Team members" className="grid grid-cols-1 gap-4">
              {members.data.map((member) => (
                <MemberItem
                  key={member.id}
                  member={member}
                  isFullAdmin={isFullAdmin}
                  onArchive={(m) => {
                    setArchiving(m);
                    setDialogOpen(true);
                  }}
                  onRename={(m) => {
                    setRenaming(m);
                    setRenameOpen(true);
                  }}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {isFullAdmin && <ArchivedMembers team={team} />}

      {isFullAdmin && renaming && (
        <RenameMemberDialog
          member={renaming}
          open={renameOpen}
          onOpenChange={setRenameOpen}
          onRename={team.renameMember}
        />
      )}

      {isFullAdmin && archiving && (
        <ArchiveMemberDialog
          member={archiving}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onArchive={team.archiveMember}
          onCloseAutoFocus={(event) => {
            // The member's Archive button is gone once they are archived: the list heading takes focus.
            const stillThere = members.status === 'ready' && members.data.some((m) => m.id === archiving.id);
            if (stillThere) return;
            event.preventDefault();
            document.getElementById(LIST_HEADING_ID)?.focus();
          }}
        />
      )}
    </div>
  );
}

/** 'Archived team members' (full admins): who left, with their records, and Restore. */
function ArchivedMembers({ team }: { team: TeamReviews }) {
  const { archived } = team;
  if (archived.status !== 'ready' || archived.data.length === 0) {
    // Nothing to show until someone has left (a failure to load this list is not worth an alarm here).
    return null;
  }
  return (
    <Card role="region" aria-labelledby="archived-members-heading">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 id="archived-members-heading">Archived Team Members</h2>
          <Badge variant="secondary">{archived.data.length.toLocaleString('en-GB')}</Badge>
        </CardTitle>
        <CardDescription>
          Members who left. Their QR codes count no visits; their reviews and bonuses stay in every month.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Archived team members" className="divide-y">
          {archived.data.map((m) => {
            const name = memberName(m);
            const busy = team.isBusy(`member:${m.id}`);
            return (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium break-words">{name}</span>
                  <span className="text-sm text-muted-foreground">
                    {countLabel(m.reviewsCount, 'verified review')} · archived{' '}
                    {m.archivedAt && <time dateTime={m.archivedAt}>{formatDate(m.archivedAt)}</time>}
                  </span>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-disabled={busy || undefined}
                  className="aria-disabled:opacity-50"
                  onClick={() => !busy && void team.restoreMember(m)}
                >
                  {busy ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <RotateCcw aria-hidden="true" />
                  )}
                  Restore
                  <span className="sr-only"> {name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
