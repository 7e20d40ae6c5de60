'use client';

import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MailCheck, Send, X } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/client/api';
import type { StaffInviteDto } from '@/lib/dto/invites';
import { formatDate, formatDateTime } from '@/lib/format';
import { useResendInvite, useRevokeInvite } from './mutations';
import { ActionList } from './action-list';
import { invitesQuery } from './queries';

/**
 * Invitations not yet accepted (issue 31), inside the Staff Accounts card: who was invited, as what, when the
 * email went and until when its link works, with Resend (a new link, the old one stops working) and Revoke
 * (asks first). Expired ones stay listed so they can be sent again.
 */
export function PendingInvites() {
  const invites = useQuery(invitesQuery());
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<StaffInviteDto | null>(null);
  // Revoking takes the row (and its focused button) away: focus goes to the list instead of the page top.
  const listRef = useRef<HTMLUListElement>(null);

  async function sendAgain(invite: StaffInviteDto) {
    setBusyId(invite.id);
    setActionError(null);
    try {
      const sent = await resend.mutateAsync({ params: { id: invite.id } });
      toast.success(
        `Invitation sent again to ${sent.email}. The new link works until ${formatDate(sent.expiresAt)}; the old one no longer works.`,
      );
    } catch (e) {
      setActionError(errorMessage(e));
    } finally {
      setBusyId(null);
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    await revoke.mutateAsync({ params: { id: revoking.id } });
    toast.success(`Invitation for ${revoking.email} revoked: its link no longer works`);
    setRevoking(null);
  }

  return (
    <section aria-labelledby="pending-invites-heading" className="grid gap-3">
      <h3 id="pending-invites-heading" className="text-sm font-semibold">
        Pending invitations
      </h3>
      {invites.isPending && <LoadingRows label="Loading pending invitations..." rows={1} className="h-12" />}
      {invites.isError && !invites.data && (
        <LoadError
          message={errorMessage(invites.error)}
          onRetry={() => void invites.refetch()}
          retryContext="to load the pending invitations"
        />
      )}
      {invites.data && invites.data.length === 0 && (
        <EmptyState icon={MailCheck}>
          <p>No invitations waiting. People you invite are listed here until they set up their account.</p>
        </EmptyState>
      )}
      {invites.data && invites.data.length > 0 && (
        <ActionList label="Pending invitations" listRef={listRef} error={actionError}>
          {invites.data.map((invite) => (
            <InviteRow
              key={invite.id}
              invite={invite}
              busy={busyId === invite.id}
              onResend={() => void sendAgain(invite)}
              onRevoke={() => {
                setActionError(null);
                setRevoking(invite);
              }}
            />
          ))}
        </ActionList>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          listRef.current?.focus();
        }}
        title="Revoke invitation?"
        description={
          revoking ? (
            <>
              The link emailed to {revoking.email} will stop working at once. You can invite them again later.
            </>
          ) : null
        }
        confirmLabel="Revoke Invitation"
        busyLabel="Revoking..."
        errorId="revoke-invite-error"
        onConfirm={confirmRevoke}
        failureText={(e) => errorMessage(e, 'The invitation could not be revoked. Please try again.')}
      />
    </section>
  );
}

function InviteRow({
  invite,
  busy,
  onResend,
  onRevoke,
}: {
  invite: StaffInviteDto;
  busy: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  const expired = invite.state === 'expired';
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-all">{invite.email}</span>
          <Badge variant={invite.isFullAdmin ? 'default' : 'secondary'}>
            {invite.isFullAdmin ? 'Full admin' : 'Staff'}
          </Badge>
          {expired ? <Badge variant="warning">Expired</Badge> : <Badge variant="outline">Invited</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          Sent {formatDateTime(invite.sentAt)} by {invite.invitedBy} ·{' '}
          {expired ? 'Expired' : 'Link works until'} {formatDateTime(invite.expiresAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button variant="outline" size="sm" disabled={busy} onClick={onResend}>
          <Send aria-hidden="true" />
          {busy ? 'Sending...' : 'Resend'}
          <span className="sr-only"> (invitation for {invite.email})</span>
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={onRevoke} className="text-destructive">
          <X aria-hidden="true" />
          Revoke
          <span className="sr-only"> (invitation for {invite.email})</span>
        </Button>
      </div>
    </li>
  );
}
