'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ClientDto } from '@/lib/dto/clients';
import { fullName } from './referral-helpers';

interface ClientMatchesProps {
  clients: readonly ClientDto[];
  onShowClient: (client: ClientDto) => void;
}

/** The clients a client search found, each with 'Show' to open its row in the list. */
export function ClientMatches({ clients, onShowClient }: ClientMatchesProps) {
  return (
    <ul aria-label="Client matches" className="divide-y">
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
              <Button type="button" variant="outline" size="sm" onClick={() => onShowClient(client)}>
                Show
                <span className="sr-only"> {name} in the client list</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
