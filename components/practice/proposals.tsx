'use client';

import { useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CheckCheck, Stethoscope } from 'lucide-react';
import { parseAsStringLiteral, useQueryState } from 'nuqs';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { QueryLoadMore } from '@/components/shared/load-more';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toLoad } from '@/lib/query/load';
import { pagedItems, pagedTotal } from '@/lib/query/paged';
import { PRACTICE_MATCH_STATUSES } from '@/lib/validation/practice-records';
import { useConfirmHigh } from './mutations';
import { ProposalCard } from './proposal-card';
import { matchListQuery, type MatchStatus } from './queries';
import { confirmedHighText, confirmHighLabel } from './texts';

const TAB_LABEL: Record<MatchStatus, string> = {
  proposed: 'To confirm',
  confirmed: 'Confirmed',
  rejected: 'Not this person',
};

const EMPTY_TEXT: Record<MatchStatus, string> = {
  proposed:
    "Nothing to confirm. When your practice's records show a referred friend has started treatment, they appear here.",
  confirmed: 'No proposal has been confirmed yet.',
  rejected: 'No proposal has been marked “Not this person”.',
};

/** The tab in the URL (?status=), so a reload or a shared link opens the same list. */
const statusParser = parseAsStringLiteral(PRACTICE_MATCH_STATUSES).withDefault('proposed');

// Long labels wrap inside their column on a 375 px phone rather than overflow the tab bar.
const triggerClass = 'h-full min-h-9 px-1.5 py-1.5 text-xs leading-tight whitespace-normal sm:text-sm';

/** One status's list, a page at a time, with Show more. */
function MatchList({
  status,
  isFullAdmin,
  onDecided,
}: {
  status: MatchStatus;
  isFullAdmin: boolean;
  onDecided: (text: string) => void;
}) {
  const query = useInfiniteQuery(matchListQuery(status));
  const load = toLoad(query);
  const matches = pagedItems(query.data);
  const total = pagedTotal(query.data);
  const confirmHigh = useConfirmHigh();
  const [asking, setAsking] = useState(false);
  // Only what is loaded can be counted here; with more pages the server confirms those too.
  const high = matches.filter((m) => m.confidence === 'high').length;
  const highLabel = query.hasNextPage ? 'Confirm all high-confidence' : confirmHighLabel(high);

  if (load.status === 'loading') return <LoadingRows label="Loading proposals" rows={3} className="h-40" />;
  if (load.status === 'error')
    return <LoadError message={load.message} onRetry={() => void query.refetch()} />;
  if (matches.length === 0) {
    return (
      <EmptyState icon={Stethoscope}>
        <p>{EMPTY_TEXT[status]}</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid min-w-0 gap-4">
      {status === 'proposed' && isFullAdmin && high > 0 && (
        <div>
          <Button type="button" variant="secondary" onClick={() => setAsking(true)}>
            <CheckCheck aria-hidden="true" />
            {highLabel}
          </Button>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title="Confirm every high-confidence proposal?"
            description={
              'Each referral still open goes to Payment Due on the day of its practice record, and its reward ' +
              'becomes owed. Low-confidence proposals stay here for you to check.'
            }
            confirmLabel={highLabel}
            busyLabel="Confirming..."
            destructive={false}
            errorId="confirm-high-error"
            onConfirm={async () => {
              const { confirmed } = await confirmHigh.mutateAsync({});
              setAsking(false);
              onDecided(confirmedHighText(confirmed));
            }}
          />
        </div>
      )}
      <ul className="grid min-w-0 gap-3" aria-label={TAB_LABEL[status]}>
        {matches.map((match) => (
          <ProposalCard key={match.id} match={match} onDecided={onDecided} />
        ))}
      </ul>
      <QueryLoadMore
        query={query}
        shownText={`Showing ${matches.length.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`}
        label="Show more"
        srLabel="proposals"
      />
    </div>
  );
}

/**
 * Started treatment? (issue 34): proposals from the practice's records, by status in tabs. A decision is
 * said in the status line above the list (its row has gone), which takes the focus so keyboard users carry on
 * from there.
 */
export function Proposals({ isFullAdmin }: { isFullAdmin: boolean }) {
  const [status, setStatus] = useQueryState('status', statusParser.withOptions({ history: 'replace' }));
  const [said, setSaid] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);

  function onDecided(text: string) {
    setSaid(text);
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  return (
    <div className="grid min-w-0 gap-4">
      <p
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className="rounded-md text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {said}
      </p>
      <Tabs
        value={status}
        onValueChange={(value) => {
          setSaid('');
          void setStatus(value === 'proposed' ? null : (value as MatchStatus));
        }}
        className="min-w-0 gap-4"
      >
        <TabsList className="grid h-auto w-full grid-cols-3">
          {PRACTICE_MATCH_STATUSES.map((s) => (
            <TabsTrigger key={s} value={s} className={triggerClass}>
              {TAB_LABEL[s]}
            </TabsTrigger>
          ))}
        </TabsList>
        {PRACTICE_MATCH_STATUSES.map((s) => (
          <TabsContent key={s} value={s} className="min-w-0">
            {s === status && <MatchList status={s} isFullAdmin={isFullAdmin} onDecided={onDecided} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
