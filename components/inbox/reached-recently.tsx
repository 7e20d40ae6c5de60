'use client';

import { useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { QueryLoadMore } from '@/components/shared/load-more';
import { LoadError, LoadingRows } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { InboxItemDto } from '@/lib/dto/referrals';
import { formatDateTime } from '@/lib/format';
import { pagedItems, pagedTotal } from '@/lib/query/paged';
import { toLoad } from '@/lib/query/load';
import { LEAD_OUTCOMES } from '@/lib/validation/leads';
import { OutcomeActions } from './lead-outcome';
import type { useLeadOutcome } from './mutations';
import { reachedQuery } from './queries';

const outcomeLabel = (value: InboxItemDto['outcome']) =>
  LEAD_OUTCOMES.find((o) => o.value === value)?.label ?? 'Reached';

/**
 * 'Reached in the last day' under the inbox (issue 29): the friends taken out by an outcome, each with the same
 * outcome buttons to change it and Clear to take it off (the friend comes back to the inbox), for a mark made
 * by mistake once the toast's Undo has gone. Loaded only when opened.
 */
export function ReachedRecently({ outcome }: { outcome: ReturnType<typeof useLeadOutcome> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const query = useInfiniteQuery({ ...reachedQuery(), enabled: open });
  const load = toLoad({ ...query, data: query.data });
  const leads = pagedItems(query.data);
  const total = pagedTotal(query.data);
  return (
    <div className="grid gap-3 border-t pt-3">
      <Button
        type="button"
        variant="ghost"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <ChevronDown
          className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
          aria-hidden="true"
        />
        Reached in the last day
      </Button>
      <div id={panelId} hidden={!open} className="grid gap-3">
        {open && load.status === 'loading' && (
          <LoadingRows label="Loading the friends reached in the last day" />
        )}
        {open && load.status === 'error' && (
          <LoadError message={load.message} onRetry={() => void query.refetch()} />
        )}
        {open && load.status === 'ready' && leads.length === 0 && (
          <p className="text-sm text-muted-foreground">Nobody has been marked reached in the last day.</p>
        )}
        {leads.length > 0 && (
          <ul className="grid gap-3" aria-label="Reached in the last day">
            {leads.map((lead) => {
              const name = `${lead.firstName} ${lead.lastName}`.trim();
              return (
                <li key={lead.id} className="grid min-w-0 gap-2 rounded-lg border p-3 text-sm">
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                    <span className="font-medium">{name}</span>
                    <Badge variant="secondary">{outcomeLabel(lead.outcome)}</Badge>
                    <span className="text-muted-foreground">
                      {lead.outcomeAt ? formatDateTime(lead.outcomeAt) : ''}
                      {lead.outcomeBy ? ` by ${lead.outcomeBy}` : ''}
                    </span>
                  </div>
                  {lead.outcomeNote && (
                    <p className="break-words">
                      <span className="text-muted-foreground">Note:</span> {lead.outcomeNote}
                    </p>
                  )}
                  <OutcomeActions
                    lead={lead}
                    busy={outcome.isPending && outcome.variables?.lead.id === lead.id}
                    onChange={(change) => outcome.mutateAsync(change)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {open && (
          <QueryLoadMore
            query={query}
            shownText={`The latest ${leads.length} of ${total.toLocaleString('en-GB')} reached in the last day`}
            label="Load more friends reached in the last day"
          />
        )}
      </div>
    </div>
  );
}
