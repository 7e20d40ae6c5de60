'use client';

import { useCallback, useRef, useState } from 'react';
import { UserPlus, Users } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { clientAnchorId, referralAnchorId, referralsHeadingId } from '@/components/referrals/anchors';
import { LeaderboardCard } from '@/components/referrals/leaderboard';
import { ReferralSearch } from '@/components/referrals/referral-search';
import { withReferralCount } from '@/components/referrals/referral-helpers';
import { copyText } from '@/lib/client/clipboard';
import type { ReferralDto } from '@/lib/dto/referrals';
import { appLinkFor } from './app-link-dialog';
import type { ClientAction } from './client-actions';
import { fetchClient } from './client-api';
import { ClientDialogs, type ClientDialog, type OpenClientDialog } from './client-dialogs';
import { showingText } from './client-list-helpers';
import { ClientRow } from './client-row';
import { ErrorAlert } from '@/components/shared/error-alert';
import { LoadMore } from '@/components/shared/load-more';
import { shareUrl, type ClientDto } from './types';
import type { ClientsApi, ClientsLoad } from './use-clients';
import { useRowReveal } from './use-row-reveal';

interface ClientListProps {
  /** The clients the page has loaded, their referrals, and what changes them (useClients). */
  data: ClientsApi;
  isFullAdmin: boolean;
  onAddClient: () => void;
}

function summary(load: ClientsLoad, count: number): string {
  if (load.status !== 'ready' || count === 0) {
    return 'Every client, their Referral Reward Card and their referrals.';
  }
  const n = count.toLocaleString('en-GB');
  return `${n} ${count === 1 ? 'client is' : 'clients are'} registered, newest first.`;
}

export function ClientList({ data, isFullAdmin, onAddClient }: ClientListProps) {
  const { load, clients, count, referrals, changeReferral, pin, refreshClient } = data;
  const [dialog, setDialog] = useState<OpenClientDialog | null>(null);
  const { expanded, setRowExpanded, reveal, focusWhenShown } = useRowReveal({
    onExpand: referrals.ensure,
    referralsFailed: (clientId) => referrals.byClient[clientId]?.status === 'error',
  });
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
    const heading =
      closing?.kind === 'referralDeleted' || closing?.kind === 'deleteReferral'
        ? document.getElementById(referralsHeadingId(closing.client.id))
        : null;
    (heading ?? headingRef.current)?.focus();
  }

  /** Opens a client's row, putting the client at the top of the list when it is not loaded. */
  const showClient = useCallback(
    (client: ClientDto) => {
      pin(client);
      reveal(client.id, clientAnchorId(client.id));
    },
    [pin, reveal],
  );

  /** Opens the referrer's row (fetching the referrer when not loaded) and focuses the referral once loaded. */
  async function showReferral(referral: ReferralDto) {
    const clientId = referral.referrerId;
    if (!clients.some((c) => c.id === clientId)) {
      try {
        pin(await fetchClient(clientId));
      } catch (e) {
        console.error('Loading the referrer failed', e);
        toast.error(`Could not show ${referral.referrerName}. Please try again.`);
        return;
      }
    }
    referrals.show(clientId, referral);
    reveal(clientId, referralAnchorId(referral.id));
  }

  async function loadMore(cursor: string) {
    const shown = new Set(clients.map((c) => c.id));
    const first = (await data.loadMore(cursor)).find((c) => !shown.has(c.id));
    // The first new client takes focus: the keyboard carries on where the new clients begin.
    if (first) focusWhenShown(first.id, clientAnchorId(first.id));
  }

  function addReferral(client: ClientDto) {
    open({ kind: 'addReferral', client });
  }

  function deleteReferral(client: ClientDto, referral: ReferralDto) {
    open({ kind: 'deleteReferral', client, referral });
  }

  function referralRecorded(referrer: ClientDto, referral: ReferralDto, kind: 'new' | 'changed') {
    changeReferral(referrer.id, { kind, referral });
  }

  function referralAdded(referrer: ClientDto, referral: ReferralDto | undefined) {
    // Another referrer than the row's may have been chosen: it joins the list (counted with its new one).
    if (!clients.some((c) => c.id === referrer.id)) {
      pin(referral ? withReferralCount(referrer, { kind: 'new', referral }) : referrer);
    }
    // The new referral shows in its client's row; an answer without it means asking the server again.
    setRowExpanded(referrer.id, true);
    if (!referral) void refreshClient(referrer.id);
  }

  function referralDeleted(client: ClientDto, referral: ReferralDto) {
    changeReferral(client.id, { kind: 'removed', referralId: referral.id });
    open({ kind: 'referralDeleted', client, referral });
  }

  async function onAction(action: ClientAction, client: ClientDto) {
    if (action === 'webLink') open({ kind: 'linkCopied', client, copied: await copyText(shareUrl(client)) });
    else if (action === 'appLink') open({ kind: 'appLink', client, appLink: appLinkFor(client) });
    else open({ kind: action, client });
  }

  function deleted(client: ClientDto) {
    data.remove(client.id);
    open({ kind: 'deleted', client });
  }

  const current = dialog ? clients.find((c) => c.id === dialog.dialog.client.id) : undefined;

  const ready = load.status === 'ready' && clients.length > 0;

  return (
    <div className="grid gap-6">
      {ready && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <ReferralSearch
            revision={data.revision}
            onShowClient={showClient}
            onShowReferral={(referral) => void showReferral(referral)}
          />
          <LeaderboardCard revision={data.revision} onShowClient={showClient} />
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Clients
            </h2>
          </CardTitle>
          <CardDescription>{summary(load, count)}</CardDescription>
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
              <Button variant="outline" size="sm" onClick={data.retry} className="mt-2 text-foreground">
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

          {ready && (
            <>
              <ul aria-label="Clients" className="divide-y">
                {clients.map((client) => (
                  <ClientRow
                    key={client.id}
                    client={client}
                    isFullAdmin={isFullAdmin}
                    expanded={expanded.has(client.id)}
                    onExpandedChange={setRowExpanded}
                    onAction={onAction}
                    onSaved={data.upsert}
                    referrals={referrals.byClient[client.id]}
                    onRetryReferrals={referrals.reload}
                    onLoadMoreReferrals={referrals.loadMore}
                    onAddReferral={addReferral}
                    onDeleteReferral={deleteReferral}
                    onReferralChanged={(clientId, referral) =>
                      changeReferral(clientId, { kind: 'changed', referral })
                    }
                    onReferralRemoved={(clientId, referralId) =>
                      changeReferral(clientId, { kind: 'removed', referralId })
                    }
                    onReferralsStale={refreshClient}
                  />
                ))}
              </ul>
              <LoadMore
                shownText={showingText(clients.length, count)}
                label="Load more clients"
                hasMore={data.nextCursor !== null}
                loading={data.more.loading}
                error={data.more.error}
                onLoadMore={() => data.nextCursor && void loadMore(data.nextCursor)}
              />
            </>
          )}
        </CardContent>

        <ClientDialogs
          state={dialog}
          current={current}
          onOpenChange={(isOpen) => setDialog((d) => (d ? { ...d, open: isOpen } : d))}
          onSaved={data.upsert}
          onDeleted={deleted}
          onReferral={referralRecorded}
          onReferralAdded={referralAdded}
          onReferralDeleted={referralDeleted}
          onCloseAutoFocus={returnFocus}
        />
      </Card>
    </div>
  );
}
