'use client';

import { useCallback, useState } from 'react';
import { Inbox, Loader2, RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { PendingScanDto } from '@/lib/dto/team';
import { AddReviewForm } from './add-review-form';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { PendingScanItem, scanInputId } from './pending-scan-item';
import type { TeamReviews } from './use-team-reviews';

const HEADING_ID = 'pending-scans-heading';

/** The Verify Reviews tab (full admins): pending scans to verify or reject, and reviews added by hand. */
export function VerifyTab({ team }: { team: TeamReviews }) {
  const { scans } = team;
  /** What was typed for each scan: kept while other scans come and go. */
  const [names, setNames] = useState<Record<string, string>>({});
  const [refreshing, setRefreshing] = useState(false);

  const setName = useCallback((scanId: string, value: string) => {
    setNames((current) => ({ ...current, [scanId]: value }));
  }, []);

  function forgetName(scanId: string) {
    setNames((current) => {
      const next = { ...current };
      delete next[scanId];
      return next;
    });
  }

  /** After a scan leaves the list, focus goes to the next scan's name (or the one before, or the heading). */
  function focusAfter(scan: PendingScanDto) {
    const list = scans.status === 'ready' ? scans.data : [];
    const index = list.findIndex((s) => s.id === scan.id);
    const next = list[index + 1] ?? list[index - 1];
    window.setTimeout(() => {
      const target = next ? document.getElementById(scanInputId(next.id)) : null;
      (target ?? document.getElementById(HEADING_ID))?.focus();
    }, 0);
  }

  async function approve(scan: PendingScanDto, reviewerName: string) {
    const result = await team.approve(scan, reviewerName);
    if (result?.ok) {
      focusAfter(scan);
      forgetName(scan.id);
    }
    return result;
  }

  async function reject(scan: PendingScanDto) {
    const result = await team.reject(scan);
    if (result?.ok) {
      focusAfter(scan);
      forgetName(scan.id);
    }
    return result;
  }

  async function refresh() {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await team.refresh('scans', 'stats', 'members');
    } finally {
      setRefreshing(false);
    }
  }

  const count = scans.status === 'ready' ? scans.data.length : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card role="region" aria-labelledby={HEADING_ID}>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <h2
              id={HEADING_ID}
              tabIndex={-1}
              className="rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Pending Scans
            </h2>
            {count !== null && (
              <Badge variant={count > 0 ? 'warning' : 'secondary'}>{count.toLocaleString('en-GB')}</Badge>
            )}
          </CardTitle>
          <CardDescription>
            Each scan is a visit to a team member’s review page, newest first. Once you have found the review,
            enter the reviewer’s name and verify it: the team member earns their bonus.
          </CardDescription>
          <CardAction>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={refresh}
              aria-disabled={refreshing || undefined}
              className="aria-disabled:opacity-50"
            >
              {refreshing ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <RefreshCw aria-hidden="true" />
              )}
              Refresh
              <span className="sr-only"> the pending scans</span>
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent>
          <p className="sr-only" role="status">
            {refreshing ? 'Refreshing the pending scans...' : ''}
          </p>
          {scans.status === 'loading' && (
            <LoadingRows label="Loading pending scans..." rows={2} className="h-32" />
          )}
          {scans.status === 'error' && (
            <LoadError message={scans.message} onRetry={() => team.retry('scans')} />
          )}
          {scans.status === 'ready' && scans.data.length === 0 && (
            <EmptyState icon={Inbox}>
              <p>No reviews are waiting for verification.</p>
              <p>A scan appears here when someone opens a team member’s review page.</p>
            </EmptyState>
          )}
          {scans.status === 'ready' && scans.data.length > 0 && (
            <ul aria-label="Pending scans" className="divide-y">
              {scans.data.map((scan) => (
                <PendingScanItem
                  key={scan.id}
                  scan={scan}
                  busy={team.isBusy(`scan:${scan.id}`)}
                  reviewerName={names[scan.id] ?? ''}
                  onReviewerNameChange={setName}
                  onApprove={approve}
                  onReject={reject}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <AddReviewForm members={team.members} onAdd={team.addReview} />
    </div>
  );
}
