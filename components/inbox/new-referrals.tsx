'use client';

import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Check, Inbox, Phone } from 'lucide-react';
import { AttachClientForm } from '@/components/referrals/unmatched-leads';
import { QueryLoadMore } from '@/components/shared/load-more';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { InboxItemDto } from '@/lib/dto/referrals';
import { formatDateTime, waitedFor } from '@/lib/format';
import { pagedItems, pagedTotal } from '@/lib/query/paged';
import { toLoad } from '@/lib/query/load';
import { TREATMENT_INTERESTS } from '@/lib/validation/leads';
import { OutcomeActions } from './lead-outcome';
import { useLeadOutcome } from './mutations';
import { ReachedRecently } from './reached-recently';
import { INBOX_POLL_MS, inboxQuery } from './queries';

/** The words the form showed when the friend chose (issue 29); older leads by their value. */
const treatmentLabel = (lead: { treatmentLabel: string | null; treatmentInterest: string | null }) =>
  lead.treatmentLabel ??
  TREATMENT_INTERESTS.find((t) => t.value === lead.treatmentInterest)?.label ??
  'Not given';

/**
 * The new-referrals inbox (issue 17), at the top of the dashboard: every lead nobody has handled yet, newest
 * first, with what they are interested in, who referred them (or the card number that was not found) and how
 * long they have waited. It looks for new leads by itself; an outcome of the call (issue 29) takes a lead out,
 * except 'No answer', and so does its referral moving on. While focus is on one
 * of its leads it waits: a new lead at the top would push the last one out from under a keyboard user's focus.
 */
export function NewReferrals() {
  const [working, setWorking] = useState(false);
  // An outcome that takes a lead out takes its focus too: the inbox looks for new leads again.
  const outcome = useLeadOutcome({ onLeave: () => setWorking(false) });
  const query = useInfiniteQuery({ ...inboxQuery(), refetchInterval: working ? false : INBOX_POLL_MS });
  const load = toLoad({ ...query, data: query.data });
  const leads = pagedItems(query.data);
  const total = pagedTotal(query.data);
  return (
    <Card id="new-referrals" role="region" aria-labelledby="new-referrals-heading" className="scroll-mt-20">
      <CardHeader>
        <CardTitle
          id="new-referrals-heading"
          role="heading"
          aria-level={2}
          className="flex items-center gap-2"
        >
          <Inbox className="size-5" aria-hidden="true" />
          New referrals
          {load.status === 'ready' && <Badge variant={total ? 'default' : 'secondary'}>{total}</Badge>}
        </CardTitle>
        <CardDescription>
          Friends waiting for a call. Say what came of each call: anyone reached leaves the list, and{' '}
          <q>No answer</q> keeps them here to try again. Anyone whose referral has moved on leaves by itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {load.status === 'loading' && <LoadingRows label="Loading new referrals" />}
        {load.status === 'error' && <LoadError message={load.message} onRetry={() => void query.refetch()} />}
        {load.status === 'ready' && leads.length === 0 && (
          <EmptyState icon={Check}>No new referrals: everyone has been contacted.</EmptyState>
        )}
        {leads.length > 0 && (
          <ul
            className="grid gap-3"
            aria-label="New referrals"
            onFocus={() => setWorking(true)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) setWorking(false);
            }}
          >
            {leads.map((lead) => (
              <InboxLead key={lead.id} lead={lead} outcome={outcome} asOf={query.dataUpdatedAt} />
            ))}
          </ul>
        )}
        <QueryLoadMore
          query={query}
          shownText={`The newest ${leads.length} of ${total.toLocaleString('en-GB')} new referrals`}
          label="Load more new referrals"
        />
        <ReachedRecently outcome={outcome} />
      </CardContent>
    </Card>
  );
}

/**
 * One lead. `asOf` is when the list was fetched: the wait is counted to then, not to the moment of rendering,
 * so the page the server drew and the browser's first render agree (a lead crossing a minute between the two
 * broke hydration), and it moves on with each poll.
 */
function InboxLead({
  lead,
  outcome,
  asOf,
}: {
  lead: InboxItemDto;
  outcome: ReturnType<typeof useLeadOutcome>;
  asOf: number;
}) {
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  const busy = outcome.isPending && outcome.variables?.lead.id === lead.id;
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border p-3">
      <div className="grid min-w-0 gap-1 text-sm">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{name}</span>
          <span className="text-muted-foreground">
            waiting {waitedFor(lead.createdAt, new Date(asOf))} · {formatDateTime(lead.createdAt)}
          </span>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {lead.phone && (
            <a
              href={`tel:${lead.phone}`}
              className="inline-flex min-h-6 items-center gap-1 underline-offset-4 hover:underline"
            >
              <Phone className="size-3.5" aria-hidden="true" />
              {lead.phone}
            </a>
          )}
          {lead.email && <span className="break-all">{lead.email}</span>}
        </div>
        <span>
          <span className="text-muted-foreground">Interested in:</span> {treatmentLabel(lead)}
        </span>
        {lead.referrer ? (
          <span>
            <span className="text-muted-foreground">Referred by:</span> {lead.referrer.name} (
            <span className="font-mono">{lead.referrer.cardNumber}</span>)
          </span>
        ) : lead.enteredCardNumber ? (
          <span className="font-medium text-destructive">
            Card number not found: {lead.enteredCardNumber}
          </span>
        ) : (
          <span className="text-muted-foreground">
            {lead.recommendedBy ? `Says they were recommended by ${lead.recommendedBy}` : 'No referrer given'}
          </span>
        )}
        {lead.isSelfReferral && <Badge variant="warning">Own email: no reward</Badge>}
        {lead.outcome === 'no-answer' && (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge variant="warning">No answer</Badge>
            <span className="text-muted-foreground">
              tried {lead.outcomeAt ? formatDateTime(lead.outcomeAt) : ''}
              {lead.outcomeBy ? ` by ${lead.outcomeBy}` : ''}
            </span>
          </p>
        )}
        {lead.outcomeNote && (
          <p className="break-words">
            <span className="text-muted-foreground">Note:</span> {lead.outcomeNote}
          </p>
        )}
      </div>
      <OutcomeActions lead={lead} busy={busy} onChange={(change) => outcome.mutateAsync(change)} />
      {!lead.referrerId && (lead.enteredCardNumber || lead.recommendedBy) && <AttachClientForm lead={lead} />}
    </li>
  );
}
