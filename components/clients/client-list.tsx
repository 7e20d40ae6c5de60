'use client';

import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SearchX, UserPlus, Users } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ImportClientsLink } from '@/components/imports/import-clients-link';
import { clientAnchorId, referralAnchorId, referralsHeadingId } from '@/components/referrals/anchors';
import { LeaderboardCard } from '@/components/referrals/leaderboard';
import { showReferralInCache } from '@/components/referrals/queries';
import { ReferralSearch } from '@/components/referrals/referral-search';
import { QueryLoadMore } from '@/components/shared/load-more';
import { EmptyState, QueryState } from '@/components/shared/load-states';
import { copyText } from '@/lib/client/clipboard';
import type { ReferralDto } from '@/lib/dto/referrals';
import { clientKeys, referralKeys } from '@/lib/query/keys';
import { DEFAULT_SORT_DIR, type ClientSort } from '@/lib/validation/paging';
import type { ClientAction } from './client-actions';
import { ClientDialogs, type ClientDialog, type OpenClientDialog } from './client-dialogs';
import { showingText } from './client-list-helpers';
import { ClientRow } from './client-row';
import { SortableHead, ClientTableToolbar } from './client-table-controls';
import { clientQuery } from './queries';
import { shareUrl, type ClientDto } from './types';
import { useClientTable } from './use-client-table';
import { useRowReveal } from './use-row-reveal';

const ORDER_NAMES = { name: 'name', cardNumber: 'card number', referrals: 'referrals', owed: 'amount owed' };

/** How the table is ordered, in words: 'newest first', 'by name, A to Z'. */
function orderText({ sort, dir }: { sort: ClientSort; dir: 'asc' | 'desc' | null }): string {
  const direction = dir ?? DEFAULT_SORT_DIR[sort];
  if (sort === 'created') return direction === 'desc' ? 'newest first' : 'oldest first';
  if (sort === 'name' || sort === 'cardNumber') {
    return `by ${ORDER_NAMES[sort]}, ${direction === 'asc' ? 'A to Z' : 'Z to A'}`;
  }
  return `by ${ORDER_NAMES[sort]}, ${direction === 'desc' ? 'most first' : 'fewest first'}`;
}

interface ClientListProps {
  isFullAdmin: boolean;
  /** Every client there is (the tab's count): none at all shows the empty state rather than the table. */
  count: number;
  onAddClient: () => void;
}

export function ClientList({ isFullAdmin, count, onAddClient }: ClientListProps) {
  const qc = useQueryClient();
  const table = useClientTable();
  const { list, rows, total, pin } = table;
  const [dialog, setDialog] = useState<OpenClientDialog | null>(null);
  const { expanded, setRowExpanded, reveal, focusWhenShown } = useRowReveal();
  // Deleting a row takes its buttons with it; focus then moves to the list's heading, not the page top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keyRef = useRef(0);
  // The button that opened the dialog, to return focus to; a dialog that follows another keeps the first one's.
  const openerRef = useRef<HTMLElement | null>(null);

  function open(next: ClientDialog) {
    // The client being worked on stays in the table even when a refreshed page no longer holds it.
    if (next.kind !== 'deleted') pin(next.client);
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

  /** Opens a client's row, putting the client at the top of the table when it is not loaded. */
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
    if (!rows.some((c) => c.id === clientId)) {
      try {
        pin(await qc.fetchQuery(clientQuery(clientId)));
      } catch (e) {
        console.error('Loading the referrer failed', e);
        toast.error(`Could not show ${referral.referrerName}. Please try again.`);
        return;
      }
    }
    showReferralInCache(qc, referral);
    reveal(clientId, referralAnchorId(referral.id));
  }

  async function loadMore() {
    const shown = new Set(rows.map((c) => c.id));
    const result = await list.fetchNextPage();
    const last = result.data?.pages.at(-1)?.items.find((c) => !shown.has(c.id));
    // The first new client takes focus: the keyboard carries on where the new clients begin.
    if (last) focusWhenShown(last.id, clientAnchorId(last.id));
  }

  function referralAdded(referrer: ClientDto, referral: ReferralDto | undefined) {
    // Another referrer than the row's may have been chosen: it joins the table.
    if (!rows.some((c) => c.id === referrer.id)) pin(referrer);
    // The new referral shows in its client's row. leads.create's `invalidates` refetched what was shown when
    // it succeeded; a referrer pinned just now joins after that, with the picker's copy (its count before the
    // referral), so its row is asked for again here.
    setRowExpanded(referrer.id, true);
    if (!referral) void qc.invalidateQueries({ queryKey: referralKeys.byClient(referrer.id) });
    void qc.invalidateQueries({ queryKey: clientKeys.detail(referrer.id) });
  }

  async function onAction(action: ClientAction, client: ClientDto) {
    if (action === 'webLink') open({ kind: 'linkCopied', client, copied: await copyText(shareUrl(client)) });
    else open({ kind: action, client });
  }

  const current = dialog ? rows.find((c) => c.id === dialog.dialog.client.id) : undefined;
  const summary =
    count === 0
      ? 'Every client, their Referral Reward Card and their referrals.'
      : `${count.toLocaleString('en-GB')} ${count === 1 ? 'client is' : 'clients are'} registered, ${orderText(table.params)}.`;

  return (
    <div className="grid gap-6">
      {count > 0 && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <ReferralSearch
            onShowClient={showClient}
            onShowReferral={(referral) => void showReferral(referral)}
          />
          <LeaderboardCard onShowClient={showClient} />
        </div>
      )}
      <Card className="min-w-0">
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
          <CardDescription>{summary}</CardDescription>
          <CardAction>
            <ImportClientsLink />
          </CardAction>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">
          {count === 0 && !table.isFiltered ? (
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
          ) : (
            <>
              <ClientTableToolbar table={table} />
              <QueryState query={list} loadingLabel="Loading clients..." rows={3} rowClassName="h-12">
                {rows.length === 0 ? (
                  <EmptyState icon={SearchX}>
                    <p>No clients match these filters.</p>
                  </EmptyState>
                ) : (
                  <Table aria-label="Clients" aria-busy={list.isFetching || undefined}>
                    <TableHeader>
                      <TableRow>
                        <SortableHead table={table} sort="name" label="Name" />
                        <SortableHead table={table} sort="cardNumber" label="Card number" />
                        <SortableHead table={table} sort="referrals" label="Referrals" />
                        <SortableHead table={table} sort="owed" label="Owed" className="text-right" />
                        <TableHead>BACS</TableHead>
                        <SortableHead table={table} sort="created" label="Added" />
                        <TableHead>Actions</TableHead>
                      </TableRow>
                    </TableHeader>
                    {rows.map((client) => (
                      <ClientRow
                        key={client.id}
                        client={client}
                        isFullAdmin={isFullAdmin}
                        expanded={expanded.has(client.id)}
                        onExpandedChange={setRowExpanded}
                        onAction={onAction}
                        onAddReferral={(c) => open({ kind: 'addReferral', client: c })}
                        onDeleteReferral={(c, referral) =>
                          open({ kind: 'deleteReferral', client: c, referral })
                        }
                      />
                    ))}
                  </Table>
                )}
                <QueryLoadMore
                  query={{ ...list, fetchNextPage: loadMore }}
                  shownText={showingText(rows.length, total)}
                  label="Load more clients"
                />
              </QueryState>
            </>
          )}
        </CardContent>

        <ClientDialogs
          state={dialog}
          current={current}
          onOpenChange={(isOpen) => setDialog((d) => (d ? { ...d, open: isOpen } : d))}
          onDeleted={(client) => open({ kind: 'deleted', client })}
          onReferralAdded={referralAdded}
          onReferralDeleted={(client, referral) => open({ kind: 'referralDeleted', client, referral })}
          onCloseAutoFocus={returnFocus}
        />
      </Card>
    </div>
  );
}
