'use client';

import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableBody, TableCell, TableRow } from '@/components/ui/table';
import { clientAnchorId } from '@/components/referrals/anchors';
import type { ReferralHandlers } from '@/components/referrals/referral-list';
import { formatDate, formatPhoneForDisplay } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { cn } from '@/lib/utils';
import { BankDetailsNotice } from './bank-details-notice';
import { ClientActions, type ClientAction } from './client-actions';
import { ClientReferrals } from './client-referrals';
import { clientName, type ClientDto } from './types';

/** The table's columns, for the details row's span. */
export const CLIENT_COLUMNS = 7;

interface ClientRowProps extends ReferralHandlers {
  client: ClientDto;
  isFullAdmin: boolean;
  /** Whether its details show; the table decides, so that a search result can open a row. */
  expanded: boolean;
  onExpandedChange: (clientId: string, expanded: boolean) => void;
  onAction: (action: ClientAction, client: ClientDto) => void;
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
  return <span className="text-muted-foreground">Missing</span>;
}

/**
 * One client of the table: a compact line (name and email, card number, referrals, owed, BACS, added, actions)
 * and, on demand, a details line with the bank-details notice and the client's referrals. Each client is a
 * row group of its own, so the two lines stay together.
 */
export function ClientRow({
  client,
  isFullAdmin,
  expanded,
  onExpandedChange,
  onAction,
  ...handlers
}: ClientRowProps) {
  const panelId = useId();
  const name = clientName(client);
  const count = client.referralCount;
  const notice = Boolean(client.bankDetailsHeldAt || client.sharedBankDetailsWith?.length);

  return (
    <TableBody className="border-b last:border-0 [&_tr]:border-0">
      <TableRow className="align-top">
        <TableCell className="max-w-64 min-w-40 whitespace-normal">
          <h3
            id={clientAnchorId(client.id)}
            tabIndex={-1}
            className="rounded-sm font-medium break-words outline-none focus:ring-[3px] focus:ring-ring/50"
          >
            {name}
          </h3>
          <p className="truncate text-xs text-muted-foreground" title={client.email}>
            {client.email}
            {client.phone && (
              <a
                // Stored in international form (+447700900123): a tap dials it.
                href={`tel:${client.phone}`}
                className="block w-max underline-offset-2 hover:underline"
              >
                {formatPhoneForDisplay(client.phone)}
              </a>
            )}
            {client.affiliateCompany && (
              <span className="block truncate" title={client.affiliateCompany}>
                Affiliate: {client.affiliateCompany}
              </span>
            )}
          </p>
        </TableCell>
        <TableCell className="font-mono text-xs">{client.cardNumber}</TableCell>
        <TableCell>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls={expanded ? panelId : undefined}
            onClick={() => onExpandedChange(client.id, !expanded)}
          >
            <Badge variant={count > 0 ? 'default' : 'secondary'}>{count.toLocaleString('en-GB')}</Badge>
            <span className="sr-only">
              {' '}
              {count === 1 ? 'Referral' : 'Referrals'} of {name}
            </span>
            <ChevronDown
              className={cn('transition-transform', expanded && 'rotate-180')}
              aria-hidden="true"
            />
          </Button>
        </TableCell>
        <TableCell className="text-right tabular-nums">
          {client.owedAmount === undefined ? '—' : formatPounds(client.owedAmount)}
        </TableCell>
        <TableCell>
          <BacsBadge client={client} />
        </TableCell>
        <TableCell className="tabular-nums">{formatDate(client.createdAt)}</TableCell>
        <TableCell>
          <ClientActions client={client} isFullAdmin={isFullAdmin} onAction={onAction} />
        </TableCell>
      </TableRow>
      {(expanded || notice) && (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={CLIENT_COLUMNS} className="grid-cols-1 pt-0 pb-4 whitespace-normal">
            {/* Sticky: on a narrow screen the details stay in view however far the table is scrolled. */}
            <div className="sticky left-0 grid max-w-[calc(100vw-4rem)] gap-3 md:max-w-[calc(100vw-22rem)]">
              <BankDetailsNotice client={client} isFullAdmin={isFullAdmin} />
              {expanded && (
                <ClientReferrals client={client} id={panelId} isFullAdmin={isFullAdmin} {...handlers} />
              )}
            </div>
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}
