'use client';

import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ClientDto } from '@/lib/dto/clients';
import { formatPhoneForDisplay } from '@/lib/validation/phone';
import { fullName, resultCountText, searchClients, searchReferrals } from './referral-helpers';
import { StatusBadge } from './status-badge';

/** More than this and the panel asks for a narrower search rather than growing without end. */
const MAX_SHOWN = 25;

interface ReferralSearchProps {
  clients: readonly ClientDto[];
  /** Expands the client's row and moves focus to it. */
  onShowClient: (clientId: string) => void;
  /** Expands the referrer's row and moves focus to the referral. */
  onShowReferral: (clientId: string, referralId: string) => void;
}

interface SearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  resultsId: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

function SearchField({ id, label, placeholder, value, onChange, resultsId, inputRef }: SearchFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-controls={resultsId}
          className="pl-8"
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}

interface ResultsPanelProps {
  id: string;
  label: string;
  query: string;
  count: number;
  /** 'No clients match "x"' */
  emptyText: string;
  children: ReactNode;
}

/**
 * A search's results. The count (or the empty state) is a polite live region that stays in the page, so that
 * each change is read out while typing; the list only appears with a query.
 */
function ResultsPanel({ id, label, query, count, emptyText, children }: ResultsPanelProps) {
  const active = query.trim() !== '';
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={active ? headingId : undefined}
      className={active ? 'grid gap-2 rounded-lg border p-3' : undefined}
    >
      <div className={active ? 'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1' : undefined}>
        {active && (
          <h3 id={headingId} className="text-sm font-semibold">
            {label}
          </h3>
        )}
        <p role="status" aria-live="polite" className={active ? 'text-sm text-muted-foreground' : 'sr-only'}>
          {active ? (count === 0 ? emptyText : resultCountText(count)) : ''}
        </p>
      </div>
      {active && count > 0 && children}
      {active && count > MAX_SHOWN && (
        <p className="text-xs text-muted-foreground">
          Showing the first {MAX_SHOWN.toLocaleString('en-GB')}. Type more to narrow the search.
        </p>
      )}
    </section>
  );
}

/** Client search and referral search over the loaded list (spec section 2), each with its results panel. */
export function ReferralSearch({ clients, onShowClient, onShowReferral }: ReferralSearchProps) {
  const [clientQuery, setClientQuery] = useState('');
  const [referralQuery, setReferralQuery] = useState('');
  const clientInputRef = useRef<HTMLInputElement>(null);
  const clientResults = useMemo(() => searchClients(clients, clientQuery), [clients, clientQuery]);
  const referralResults = useMemo(() => searchReferrals(clients, referralQuery), [clients, referralQuery]);
  const anything = clientQuery !== '' || referralQuery !== '';

  function clearAll() {
    setClientQuery('');
    setReferralQuery('');
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
            value={clientQuery}
            onChange={setClientQuery}
            resultsId="client-search-results"
            inputRef={clientInputRef}
          />
          <SearchField
            id="referral-search"
            label="Search referrals"
            placeholder="Name, email or phone"
            value={referralQuery}
            onChange={setReferralQuery}
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

        <ResultsPanel
          id="client-search-results"
          label="Client search results"
          query={clientQuery}
          count={clientResults.length}
          emptyText={`No clients match "${clientQuery.trim()}"`}
        >
          <ul aria-label="Client matches" className="divide-y">
            {clientResults.slice(0, MAX_SHOWN).map((client) => {
              const name = fullName(client);
              return (
                <li key={client.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="grid min-w-0 gap-0.5">
                    <p className="font-medium break-words">{name}</p>
                    <p className="text-xs break-all text-muted-foreground">{client.email}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="font-mono">{client.cardNumber}</span>
                      {client.affiliateCompany && (
                        <span className="break-words"> · {client.affiliateCompany}</span>
                      )}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={client.referralCount > 0 ? 'default' : 'secondary'}>
                      {client.referralCount.toLocaleString('en-GB')}{' '}
                      {client.referralCount === 1 ? 'referral' : 'referrals'}
                    </Badge>
                    <Button type="button" variant="outline" size="sm" onClick={() => onShowClient(client.id)}>
                      Show
                      <span className="sr-only"> {name} in the client list</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </ResultsPanel>

        <ResultsPanel
          id="referral-search-results"
          label="Referral search results"
          query={referralQuery}
          count={referralResults.length}
          emptyText={`No referrals match "${referralQuery.trim()}"`}
        >
          <ul aria-label="Referral matches" className="divide-y">
            {referralResults.slice(0, MAX_SHOWN).map(({ client, referral }) => {
              const referrer = fullName(client);
              return (
                <li key={referral.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="grid min-w-0 gap-0.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-medium break-words">{referral.name}</p>
                      <StatusBadge referral={referral} />
                    </div>
                    {(referral.email || referral.phone) && (
                      <p className="text-xs text-muted-foreground">
                        {referral.email && <span className="break-all">{referral.email}</span>}
                        {referral.email && referral.phone && ' · '}
                        {referral.phone && (
                          <span className="whitespace-nowrap">{formatPhoneForDisplay(referral.phone)}</span>
                        )}
                      </p>
                    )}
                    <p className="text-xs text-muted-foreground">
                      Referred by <span className="font-medium text-foreground">{referrer}</span>
                    </p>
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => onShowReferral(client.id, referral.id)}
                  >
                    Show
                    <span className="sr-only">
                      {' '}
                      referral {referral.name} of {referrer}
                    </span>
                  </Button>
                </li>
              );
            })}
          </ul>
        </ResultsPanel>
      </CardContent>
    </Card>
  );
}
