'use client';

import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { clientAnchorId } from '@/components/referrals/anchors';
import type { ReferralHandlers } from '@/components/referrals/referral-list';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { BankDetailsNotice } from './bank-details-notice';
import { ClientActions, type ClientAction } from './client-actions';
import { ClientReferrals } from './client-referrals';
import { clientName, type ClientDto } from './types';
import type { ClientReferrals as LoadedReferrals } from './use-client-referrals';

interface ClientRowProps extends ReferralHandlers {
  client: ClientDto;
  isFullAdmin: boolean;
  /** Whether its referrals show; the list decides, so that a search result can open a row. */
  expanded: boolean;
  onExpandedChange: (clientId: string, expanded: boolean) => void;
  onAction: (action: ClientAction, client: ClientDto) => void;
  /** A change made from the row itself (approving held bank details). */
  onSaved: (client: ClientDto) => void;
  /** The referrals loaded when the row first opened (kept while it is closed). */
  referrals: LoadedReferrals | undefined;
  onRetryReferrals: (clientId: string) => void;
  onLoadMoreReferrals: (clientId: string, cursor: string) => void;
}

function BacsBadge({ client }: { client: ClientDto }) {
  if (client.bankDetailsHeldAt) return <Badge variant="warning">Payments held</Badge>;
  if (client.hasBankDetails) return <Badge variant="success">BACS on file</Badge>;
  if (client.bacsRequested) {
    return (
      <Badge variant="warning">
        BACS requested{client.bacsRequestedAt ? ` ${formatDate(client.bacsRequestedAt)}` : ''}
      </Badge>
    );
  }
  return null;
}

export function ClientRow({
  client,
  isFullAdmin,
  expanded,
  onExpandedChange,
  onAction,
  onSaved,
  referrals,
  onRetryReferrals,
  onLoadMoreReferrals,
  ...handlers
}: ClientRowProps) {
  const panelId = useId();
  const name = clientName(client);
  const count = client.referralCount;

  return (
    <li className="grid gap-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3
              id={clientAnchorId(client.id)}
              tabIndex={-1}
              className="rounded-sm font-medium break-words outline-none focus:ring-[3px] focus:ring-ring/50"
            >
              {name}
            </h3>
            <BacsBadge client={client} />
          </div>
          <p className="text-sm break-all text-muted-foreground">{client.email}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Card:</dt>
              <dd className="font-mono">{client.cardNumber}</dd>
            </div>
            <div className="flex min-w-0 gap-1">
              <dt className="text-muted-foreground">Affiliate:</dt>
              <dd className="break-words">{client.affiliateCompany ?? 'None'}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Added:</dt>
              <dd>{formatDate(client.createdAt)}</dd>
            </div>
          </dl>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => onExpandedChange(client.id, !expanded)}
        >
          <Badge variant={count > 0 ? 'default' : 'secondary'}>{count.toLocaleString('en-GB')}</Badge>
          {count === 1 ? 'Referral' : 'Referrals'}
          <span className="sr-only"> of {name}</span>
          <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>

      <BankDetailsNotice client={client} isFullAdmin={isFullAdmin} onSaved={onSaved} />

      <ClientActions client={client} isFullAdmin={isFullAdmin} onAction={onAction} />

      {expanded && (
        <ClientReferrals
          client={client}
          id={panelId}
          isFullAdmin={isFullAdmin}
          referrals={referrals}
          onRetry={onRetryReferrals}
          onLoadMore={onLoadMoreReferrals}
          {...handlers}
        />
      )}
    </li>
  );
}
