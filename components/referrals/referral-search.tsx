'use client';

import { useRef, useState } from 'react';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Page } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { ClientMatches } from './client-matches';
import { searchClients, searchReferrals } from './queries';
import { ReferralMatches } from './referral-matches';
import { MAX_SHOWN, ResultsPanel } from './results-panel';
import { SearchField } from './search-field';
import { useServerSearch } from './use-server-search';

// Outside the component, so that the searches are stable (a new function would search again).
const findClients = (q: string, signal: AbortSignal): Promise<Page<ClientDto>> =>
  searchClients(q, MAX_SHOWN, signal);
const findReferrals = (q: string, signal: AbortSignal): Promise<Page<ReferralDto>> =>
  searchReferrals(q, MAX_SHOWN, signal);

interface ReferralSearchProps {
  /** Opens the client's row (putting it in the list when it is not loaded) and moves focus to it. */
  onShowClient: (client: ClientDto) => void;
  /** Opens the referrer's row and moves focus to the referral once it is loaded. */
  onShowReferral: (referral: ReferralDto) => void;
}

/**
 * Client search and referral search (spec section 2), each with its results panel. The server searches
 * (results as you type, once typing pauses): the page holds only a few of the clients and referrals.
 */
export function ReferralSearch({ onShowClient, onShowReferral }: ReferralSearchProps) {
  const [clientText, setClientText] = useState('');
  const [referralText, setReferralText] = useState('');
  const clientInputRef = useRef<HTMLInputElement>(null);
  const clients = useServerSearch(clientText, findClients, 'clients');
  const referrals = useServerSearch(referralText, findReferrals, 'referrals');
  const anything = clientText !== '' || referralText !== '';

  function clearAll() {
    setClientText('');
    setReferralText('');
    clientInputRef.current?.focus();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Search</h2>
        </CardTitle>
        <CardDescription>Find a client, or someone a client referred.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="search" aria-label="Clients and referrals" className="grid gap-4 sm:grid-cols-2">
          <SearchField
            id="client-search"
            label="Search clients"
            placeholder="Name, email, card number or company"
            value={clientText}
            onChange={setClientText}
            resultsId="client-search-results"
            inputRef={clientInputRef}
          />
          <SearchField
            id="referral-search"
            label="Search referrals"
            placeholder="Name, email or phone"
            value={referralText}
            onChange={setReferralText}
            resultsId="referral-search-results"
          />
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={!anything}
          onClick={clearAll}
        >
          <X aria-hidden="true" />
          Clear All
        </Button>

        <ResultsPanel kind="client" search={clients}>
          {(items) => <ClientMatches clients={items} onShowClient={onShowClient} />}
        </ResultsPanel>
        <ResultsPanel kind="referral" search={referrals}>
          {(items) => <ReferralMatches referrals={items} onShowReferral={onShowReferral} />}
        </ResultsPanel>
      </CardContent>
    </Card>
  );
}
