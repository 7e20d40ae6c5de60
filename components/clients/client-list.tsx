'use client';

import { useRef, useState } from 'react';
import { UserPlus, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
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
}: ClientListProps) {
  const [dialog, setDialog] = useState<OpenClientDialog | null>(null);
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
    if (opener?.isConnected) opener.focus();
    else headingRef.current?.focus();
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

  return (
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
        {/* Client search, referral search, 'Clear All' and the leaderboard come with the referrals work. */}

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
              <ClientRow key={client.id} client={client} isFullAdmin={isFullAdmin} onAction={onAction} />
            ))}
          </ul>
        )}
      </CardContent>

      <ClientDialogs
        state={dialog}
        current={current}
        onOpenChange={(isOpen) => setDialog((d) => (d ? { ...d, open: isOpen } : d))}
        onSaved={onUpdated}
        onDeleted={deleted}
        onCloseAutoFocus={returnFocus}
      />
    </Card>
  );
}
