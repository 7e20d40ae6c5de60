'use client';

import { useState, type ReactNode } from 'react';
import { Loader2, RefreshCw, Users } from 'lucide-react';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { Button } from '@/components/ui/button';
import { CardAction, CardTitle } from '@/components/ui/card';
import type { TeamReviews } from './use-team-reviews';

/** A tab's card title: its heading, which takes focus when the list under it changes, and a count beside it. */
export function TabTitle({ id, children, badge }: { id: string; children: ReactNode; badge: ReactNode }) {
  return (
    <CardTitle className="flex flex-wrap items-center gap-2">
      <h2
        id={id}
        tabIndex={-1}
        className="rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {children}
      </h2>
      {badge}
    </CardTitle>
  );
}

/** A tab's 'Refresh': runs once at a time, and says so to screen readers (RefreshStatus). */
export function useRefresh(run: () => Promise<unknown>) {
  const [refreshing, setRefreshing] = useState(false);
  async function refresh() {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await run();
    } finally {
      setRefreshing(false);
    }
  }
  return { refreshing, refresh };
}

/** The card's 'Refresh {what}' button. */
export function RefreshAction({
  what,
  refreshing,
  onRefresh,
}: {
  what: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <CardAction>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onRefresh}
        aria-disabled={refreshing || undefined}
        className="aria-disabled:opacity-50"
      >
        {refreshing ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCw aria-hidden="true" />
        )}
        Refresh
        <span className="sr-only"> {what}</span>
      </Button>
    </CardAction>
  );
}

/** 'Refreshing {what}...' for screen readers while a refresh runs (always present, so that it is heard). */
export function RefreshStatus({ what, refreshing }: { what: string; refreshing: boolean }) {
  return (
    <p className="sr-only" role="status">
      {refreshing ? `Refreshing ${what}...` : ''}
    </p>
  );
}

/** Where the team list is shown: what its loading rows say and how tall they are, and what an empty team does. */
const MEMBER_LISTS = {
  members: {
    loading: 'Loading team members...',
    height: 'h-56',
    hint: 'Add the first one above to give them a review QR code.',
  },
  scans: {
    loading: 'Loading scans per member...',
    height: 'h-10',
    hint: 'Add them in the Team Members tab to give them QR codes.',
  },
};

/** The team list still loading, failed, or empty (with what to do about it); nothing once there are members. */
export function MembersLoadState({ team, list }: { team: TeamReviews; list: keyof typeof MEMBER_LISTS }) {
  const { members } = team;
  const { loading, height, hint } = MEMBER_LISTS[list];
  if (members.status === 'loading') return <LoadingRows label={loading} rows={2} className={height} />;
  if (members.status === 'error')
    return <LoadError message={members.message} onRetry={() => team.retry('members')} />;
  if (members.data.length > 0) return null;
  return (
    <EmptyState icon={Users}>
      <p>No team members yet.</p>
      <p>{hint}</p>
    </EmptyState>
  );
}
