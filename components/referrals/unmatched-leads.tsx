'use client';

import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { QueryLoadMore } from '@/components/shared/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiFetch, errorMessage } from '@/lib/client/api';
import type { CreateLeadResult, LeadDto } from '@/lib/dto/referrals';
import { formatDateTime } from '@/lib/format';
import { clientKeys, inboxKeys, referralKeys } from '@/lib/query/keys';
import { pagedItems, pagedQueryOptions, pagedTotal } from '@/lib/query/paged';

const PAGE_SIZE = 20;

function unmatchedLeadsQuery() {
  return pagedQueryOptions<LeadDto>({
    queryKey: referralKeys.unmatchedLeads(),
    path: '/api/leads',
    params: { unmatched: true, limit: PAGE_SIZE },
  });
}

/**
 * Friends whose card number matched no client (issue 16): what they typed is kept, and staff attach the right
 * client by card number, which gives the lead its referrer and a pending referral. Shown only when there are any.
 */
export function UnmatchedLeads() {
  const query = useInfiniteQuery(unmatchedLeadsQuery());
  const leads = pagedItems(query.data);
  if (!leads.length) return null;
  const total = pagedTotal(query.data);
  return (
    <Card aria-labelledby="unmatched-heading">
      <CardHeader>
        <CardTitle id="unmatched-heading" role="heading" aria-level={2}>
          Card numbers not found ({total.toLocaleString('en-GB')})
        </CardTitle>
        <CardDescription>
          These friends gave a card number that matches no client. Attach the client who recommended them.
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
          shownText={`Showing ${leads.length} of ${total.toLocaleString('en-GB')}`}
          label="Load more leads"
        />
      </CardContent>
    </Card>
  );
}

function UnmatchedLead({ lead }: { lead: LeadDto }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">
          {lead.firstName} {lead.lastName}
        </span>
        <span className="text-muted-foreground">
          {lead.email} · {formatDateTime(lead.createdAt)}
        </span>
        <span className="font-medium text-destructive">Card number not found: {lead.enteredCardNumber}</span>
      </div>
      <AttachClientForm lead={lead} />
    </li>
  );
}

/** Attaches the client who recommended a lead whose card number matched no client (here and in the inbox). */
export function AttachClientForm({ lead }: { lead: Pick<LeadDto, 'id' | 'firstName' | 'lastName'> }) {
  const qc = useQueryClient();
  const id = useId();
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
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

  return (
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
  );
}
