'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ClientDto } from '@/lib/dto/clients';
import { fullName } from './referral-helpers';

interface ClientMatchesProps {
  clients: readonly ClientDto[];
  /** 'Show' opens the client's row in the list (the search); or `action` instead (attaching a lead). */
  onShowClient?: (client: ClientDto) => void;
  action?: {
    label: string;
    /** The rest of the button's name for a screen reader, from the client's name. */
    describe: (name: string) => string;
    disabled?: boolean;
    onChoose: (client: ClientDto) => void;
  };
  label?: string;
}

/**
 * The clients a client search found, each with 'Show' to open its row in the list, or with an action of the
 * caller's (issue 29: 'Attach' for the clients named like the referrer a friend typed on the form).
 */
export function ClientMatches({
  clients,
  onShowClient,
  action,
  label = 'Client matches',
}: ClientMatchesProps) {
  return (
    <ul aria-label={label} className="divide-y">
      {clients.map((client) => {
        const name = fullName(client);
        return (
          <li key={client.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="grid min-w-0 gap-0.5">
              <p className="font-medium break-words">{name}</p>
              <p className="text-xs break-all text-muted-foreground">{client.email}</p>
              <p className="text-xs text-muted-foreground">
                <span className="font-mono">{client.cardNumber}</span>
                {client.affiliateCompany && <span className="break-words"> · {client.affiliateCompany}</span>}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Badge variant={client.referralCount > 0 ? 'default' : 'secondary'}>
                {client.referralCount.toLocaleString('en-GB')}{' '}
                {client.referralCount === 1 ? 'referral' : 'referrals'}
              </Badge>
              {action ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={action.disabled}
                  onClick={() => action.onChoose(client)}
                >
                  {action.label}
                  <span className="sr-only"> {action.describe(name)}</span>
                </Button>
              ) : (
                <Button type="button" variant="outline" size="sm" onClick={() => onShowClient?.(client)}>
                  Show
                  <span className="sr-only"> {name} in the client list</span>
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
