'use client';

import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { QueryLoadMore } from '@/components/shared/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiFetch, apiFetchPage, errorMessage } from '@/lib/client/api';
import type { ClientDto } from '@/lib/dto/clients';
import type { CreateLeadResult, LeadDto } from '@/lib/dto/referrals';
import { formatDateTime } from '@/lib/format';
import { clientKeys, inboxKeys, referralKeys } from '@/lib/query/keys';
import { pagedItems, pagedQueryOptions, pagedTotal, withParams } from '@/lib/query/paged';
import { ClientMatches } from './client-matches';

const PAGE_SIZE = 20;

function unmatchedLeadsQuery() {
  return pagedQueryOptions<LeadDto>({
    queryKey: referralKeys.unmatchedLeads(),
    path: '/api/leads',
    params: { unmatched: true, limit: PAGE_SIZE },
  });
}

/**
 * Friends who named a referrer the app could not match (issues 16 and 29): a card number that matches no client,
 * or the name typed in 'Who recommended you?'. What they typed is kept, and staff attach the right client by card
 * number (or pick one of the clients whose name matches), which gives the lead its referrer and a pending
 * referral. Shown only when there are any.
 */
export function UnmatchedLeads() {
  const query = useInfiniteQuery(unmatchedLeadsQuery());
  const leads = pagedItems(query.data);
  if (!leads.length) return null;
  const total = pagedTotal(query.data);
  return (
    <Card role="region" aria-labelledby="unmatched-heading">
      <CardHeader>
        <CardTitle id="unmatched-heading" role="heading" aria-level={2}>
          Referrers to match ({total.toLocaleString('en-GB')})
        </CardTitle>
        <CardDescription>
          These friends named who recommended them, but no client matched: a card number not found, or a name.
          Attach the client who recommended them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-3">
          {leads.map((lead) => (
            <UnmatchedLead key={lead.id} lead={lead} />
          ))}
        </ul>
        <QueryLoadMore
          query={query}
          shownText={`${leads.length} of ${total.toLocaleString('en-GB')} shown`}
          label="Load more leads"
        />
      </CardContent>
    </Card>
  );
}

/** What the friend said about who recommended them, as staff should read it. */
export function TypedReferrer({ lead }: { lead: Pick<LeadDto, 'enteredCardNumber' | 'recommendedBy'> }) {
  if (lead.enteredCardNumber) {
    return (
      <span className="font-medium text-destructive">Card number not found: {lead.enteredCardNumber}</span>
    );
  }
  if (lead.recommendedBy) {
    return (
      <span>
        <span className="text-muted-foreground">Says they were recommended by</span>{' '}
        <span className="font-medium">{lead.recommendedBy}</span>
      </span>
    );
  }
  return null;
}

function UnmatchedLead({ lead }: { lead: LeadDto }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">
          {lead.firstName} {lead.lastName}
        </span>
        <span className="break-all text-muted-foreground">
          {lead.email} · {formatDateTime(lead.createdAt)}
        </span>
        <TypedReferrer lead={lead} />
      </div>
      <AttachClientForm lead={lead} />
    </li>
  );
}

/** How many clients whose name matches the typed one are offered. */
const SUGGESTIONS = 3;

/**
 * Attaches the client who recommended a lead the app could not match (here and in the inbox): by card number,
 * or, when the friend typed a name, by choosing one of the clients with that name (a search of at most three,
 * made only for such leads).
 */
export function AttachClientForm({
  lead,
}: {
  lead: Pick<LeadDto, 'id' | 'firstName' | 'lastName' | 'recommendedBy' | 'enteredCardNumber'>;
}) {
  const qc = useQueryClient();
  const id = useId();
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const typedName = lead.enteredCardNumber ? null : lead.recommendedBy?.trim() || null;
  const suggestions = useQuery({
    queryKey: referralKeys.search('referrer-suggestions', typedName ?? ''),
    queryFn: ({ signal }) =>
      apiFetchPage<ClientDto>(
        withParams('/api/clients', { q: typedName, limit: SUGGESTIONS, referrals: false }),
        {
          signal,
        },
      ),
    enabled: Boolean(typedName),
    staleTime: 60_000,
  });
  const attach = useMutation({
    mutationFn: (value: string) =>
      apiFetch<CreateLeadResult>(`/api/leads/${lead.id}/attach`, {
        method: 'POST',
        body: { cardNumber: value },
      }),
    onSuccess: (result) => {
      toast.success(
        `${lead.firstName} ${lead.lastName} attached to ${result.referral?.referrerName ?? 'the client'}`,
      );
      void qc.invalidateQueries({ queryKey: referralKeys.unmatchedLeads() });
      void qc.invalidateQueries({ queryKey: inboxKeys.all });
      void qc.invalidateQueries({ queryKey: clientKeys.all });
      if (result.referral)
        void qc.invalidateQueries({ queryKey: referralKeys.byClient(result.referral.referrerId) });
    },
    onError: (e) => setError(errorMessage(e)),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    attach.mutate(cardNumber);
  }

  const matches = suggestions.data?.items ?? [];
  return (
    <div className="grid gap-2">
      {matches.length > 0 && (
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">
            Clients named like <q>{typedName}</q>:
          </p>
          <ClientMatches
            clients={matches}
            label={`Clients named like ${typedName}`}
            action={{
              label: 'Attach',
              describe: (name) => `${name} as who recommended ${lead.firstName} ${lead.lastName}`,
              disabled: attach.isPending,
              onChoose: (client) => {
                setError(null);
                attach.mutate(client.cardNumber);
              },
            }}
          />
        </div>
      )}
      <form onSubmit={onSubmit} className="grid gap-1" noValidate>
        <Label htmlFor={`${id}-card`}>Client&apos;s card number</Label>
        <div className="flex min-w-0 gap-2">
          <Input
            id={`${id}-card`}
            value={cardNumber}
            onChange={(e) => setCardNumber(e.target.value)}
            placeholder="SC-XXXX-XXXX-XXXX"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="min-w-0 flex-1 font-mono uppercase sm:w-48 sm:flex-none"
          />
          <Button type="submit" disabled={attach.isPending || !cardNumber.trim()}>
            <Link2 aria-hidden="true" />
            Attach
            <span className="sr-only">
              {' '}
              {lead.firstName} {lead.lastName}
            </span>
          </Button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
