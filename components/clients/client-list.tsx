'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { UserPlus, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { clientAnchorId, referralAnchorId, referralsHeadingId } from '@/components/referrals/anchors';
import { LeaderboardCard } from '@/components/referrals/leaderboard';
import { ReferralSearch } from '@/components/referrals/referral-search';
import type { ReferralDto } from '@/lib/dto/referrals';
import { appLinkFor } from './app-link-dialog';
import type { ClientAction } from './client-actions';
import { ClientDialogs, type ClientDialog, type OpenClientDialog } from './client-dialogs';
import { ClientRow } from './client-row';
import { copyText } from '@/lib/client/clipboard';
import { ErrorAlert } from './error-alert';
import { shareUrl, type ClientDto } from './types';
import type { ClientsLoad } from './use-clients';

interface ClientListProps {
  load: ClientsLoad;
  clients: ClientDto[];
  isFullAdmin: boolean;
  onRetry: () => void;
  onUpdated: (client: ClientDto) => void;
  onDeleted: (id: string) => void;
  onAddClient: () => void;
  /** A referral of that client was created or changed. */
  onReferralChanged: (clientId: string, referral: ReferralDto) => void;
  onReferralRemoved: (clientId: string, referralId: string) => void;
  /** Reloads the list in the background (when an answer left it unsure). */
  onRefresh: () => void;
}

function summary(load: ClientsLoad, count: number): string {
  if (load.status !== 'ready' || count === 0) {
    return 'Every client, their Referral Reward Card and their referrals.';
  }
  const n = count.toLocaleString('en-GB');
  return `${n} ${count === 1 ? 'client is' : 'clients are'} registered, newest first.`;
}

export function ClientList({
  load,
  clients,
  isFullAdmin,
  onRetry,
  onUpdated,
  onDeleted,
  onAddClient,
  onReferralChanged,
  onReferralRemoved,
  onRefresh,
}: ClientListProps) {
  const [dialog, setDialog] = useState<OpenClientDialog | null>(null);
  /** Rows showing their referrals. */
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  /** The element a search result or the leaderboard asked to show, focused once it is rendered. */
  const pendingFocusRef = useRef<string | null>(null);
  // Deleting a row takes its buttons with it; focus then moves to the list's heading, not the page top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keyRef = useRef(0);
  // The button that opened the dialog, to return focus to; a dialog that follows another keeps the first one's.
  const openerRef = useRef<HTMLElement | null>(null);

  function open(next: ClientDialog) {
    if (!dialog?.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    keyRef.current += 1;
    setDialog({ dialog: next, key: keyRef.current, open: true });
  }

  function returnFocus(event: Event) {
    event.preventDefault();
    // A dialog replaced by the next one (Delete Client, then Client Deleted Successfully) leaves focus to it.
    if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'))
      return;
    const opener = openerRef.current;
    if (opener?.isConnected) {
      opener.focus();
      return;
    }
    // A deleted referral took its Delete button: its client's referrals take focus, while they are there.
    const closing = dialog?.dialog;
    const referrals =
      closing?.kind === 'referralDeleted' || closing?.kind === 'deleteReferral'
        ? document.getElementById(referralsHeadingId(closing.client.id))
        : null;
    (referrals ?? headingRef.current)?.focus();
  }

  const setRowExpanded = useCallback((clientId: string, isExpanded: boolean) => {
    setExpanded((current) => {
      if (current.has(clientId) === isExpanded) return current;
      const next = new Set(current);
      if (isExpanded) next.add(clientId);
      else next.delete(clientId);
      return next;
    });
  }, []);

  /** Opens a client's row and moves focus (and the view) to `targetId` once it is on screen. */
  const reveal = useCallback((clientId: string, targetId: string) => {
    pendingFocusRef.current = targetId;
    setExpanded((current) => new Set(current).add(clientId));
  }, []);

  useEffect(() => {
    const target = pendingFocusRef.current;
    if (!target) return;
    const element = document.getElementById(target);
    if (!element) return;
    pendingFocusRef.current = null;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  });

  const showClient = useCallback((clientId: string) => reveal(clientId, clientAnchorId(clientId)), [reveal]);
  const showReferral = useCallback(
    (clientId: string, referralId: string) => reveal(clientId, referralAnchorId(referralId)),
    [reveal],
  );

  function addReferral(client: ClientDto) {
    open({ kind: 'addReferral', client });
  }

  function deleteReferral(client: ClientDto, referral: ReferralDto) {
    open({ kind: 'deleteReferral', client, referral });
  }

  function referralAdded(clientId: string, referral: ReferralDto | undefined) {
    // The new referral shows in its client's row; an answer without it means the list must be reloaded.
    setRowExpanded(clientId, true);
    if (!referral) onRefresh();
  }

  function referralDeleted(client: ClientDto, referral: ReferralDto) {
    onReferralRemoved(client.id, referral.id);
    open({ kind: 'referralDeleted', client, referral });
  }

  async function onAction(action: ClientAction, client: ClientDto) {
    if (action === 'webLink') open({ kind: 'linkCopied', client, copied: await copyText(shareUrl(client)) });
    else if (action === 'appLink') open({ kind: 'appLink', client, appLink: appLinkFor(client) });
    else open({ kind: action, client });
  }

  function deleted(client: ClientDto) {
    onDeleted(client.id);
    open({ kind: 'deleted', client });
  }

  const current = dialog ? clients.find((c) => c.id === dialog.dialog.client.id) : undefined;

  const ready = load.status === 'ready' && clients.length > 0;

  return (
    <div className="grid gap-6">
      {ready && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <ReferralSearch clients={clients} onShowClient={showClient} onShowReferral={showReferral} />
          <LeaderboardCard clients={clients} onShowClient={showClient} />
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 ref={headingRef} tabIndex={-1} className="outline-none">
              Clients
            </h2>
          </CardTitle>
          <CardDescription>{summary(load, clients.length)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {load.status === 'loading' && (
            <div className="grid gap-3" aria-busy="true">
              <span className="sr-only" role="status">
                Loading clients...
              </span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-24 w-full" />
              ))}
            </div>
          )}

          {load.status === 'error' && (
            <ErrorAlert message={load.message}>
              <Button variant="outline" size="sm" onClick={onRetry} className="mt-2 text-foreground">
                Try again
              </Button>
            </ErrorAlert>
          )}

          {load.status === 'ready' && clients.length === 0 && (
            <div className="flex flex-col items-center gap-3 py-6 text-center">
              <Users className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="max-w-md text-sm text-muted-foreground">
                No clients yet. Clients you add appear here with their referrals.
              </p>
              <Button variant="outline" onClick={onAddClient}>
                <UserPlus aria-hidden="true" />
                Add Client
              </Button>
            </div>
          )}

          {load.status === 'ready' && clients.length > 0 && (
            <ul aria-label="Clients" className="divide-y">
              {clients.map((client) => (
                <ClientRow
                  key={client.id}
                  client={client}
                  isFullAdmin={isFullAdmin}
                  expanded={expanded.has(client.id)}
                  onExpandedChange={setRowExpanded}
                  onAction={onAction}
                  onAddReferral={addReferral}
                  onDeleteReferral={deleteReferral}
                  onReferralChanged={onReferralChanged}
                  onReferralRemoved={onReferralRemoved}
                  onReferralsStale={onRefresh}
                />
              ))}
            </ul>
          )}
        </CardContent>

        <ClientDialogs
          state={dialog}
          current={current}
          clients={clients}
          onOpenChange={(isOpen) => setDialog((d) => (d ? { ...d, open: isOpen } : d))}
          onSaved={onUpdated}
          onDeleted={deleted}
          onReferral={onReferralChanged}
          onReferralAdded={referralAdded}
          onReferralDeleted={referralDeleted}
          onCloseAutoFocus={returnFocus}
        />
      </Card>
    </div>
  );
}
