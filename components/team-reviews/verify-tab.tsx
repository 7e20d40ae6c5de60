'use client';

import { useCallback, useState } from 'react';
import { Inbox, X } from 'lucide-react';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorMessage } from '@/lib/client/api';
import type { PendingScanDto } from '@/lib/dto/team';
import { AddReviewForm } from './add-review-form';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { EMPTY_DRAFT, PendingScanItem, scanInputId, type ScanDraft } from './pending-scan-item';
import { RefreshAction, RefreshStatus, TabTitle, useRefresh } from './tab-parts';
import { countLabel } from './team-text';
import type { ReviewEvidence, TeamReviews } from './use-team-reviews';

const HEADING_ID = 'pending-scans-heading';
const WHAT = 'the pending scans';

/** The Verify Reviews tab (full admins): pending scans to verify or reject, and reviews added by hand. */
export function VerifyTab({ team }: { team: TeamReviews }) {
  const { scans } = team;
  /** What was typed for each scan: kept while other scans come and go. */
  const [drafts, setDrafts] = useState<Record<string, ScanDraft>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const { refreshing, refresh } = useRefresh(() => team.refresh('scans', 'stats', 'members'));

  const setDraft = useCallback((scanId: string, draft: ScanDraft) => {
    setDrafts((current) => ({ ...current, [scanId]: draft }));
  }, []);

  const select = useCallback((scanId: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(scanId);
      else next.delete(scanId);
      return next;
    });
  }, []);

  function forgetName(scanId: string) {
    setDrafts((current) => {
      const next = { ...current };
      delete next[scanId];
      return next;
    });
    select(scanId, false);
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

  async function approve(scan: PendingScanDto, evidence: ReviewEvidence) {
    const result = await team.approve(scan, evidence);
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

  const list = scans.status === 'ready' ? scans.data : [];
  const count = scans.status === 'ready' ? scans.data.length : null;
  // Only scans still in the list count as selected (one verified elsewhere has left it).
  const chosen = list.filter((s) => selected.has(s.id)).map((s) => s.id);
  const allChosen = list.length > 0 && chosen.length === list.length;

  async function rejectSelected() {
    await team.rejectMany(chosen);
    for (const id of chosen) forgetName(id);
    setConfirmingBulk(false);
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card role="region" aria-labelledby={HEADING_ID}>
        <CardHeader>
          <TabTitle
            id={HEADING_ID}
            badge={
              count !== null && (
                <Badge variant={count > 0 ? 'warning' : 'secondary'}>{count.toLocaleString('en-GB')}</Badge>
              )
            }
          >
            Pending Scans
          </TabTitle>
          <CardDescription>
            Each scan is a visit to a team member’s review page, newest first. Once you have found the review,
            paste its link and the reviewer’s name and verify it: the team member earns their bonus. Scans
            nobody verified within 30 days leave this list by themselves (they stay in the statistics).
          </CardDescription>
          <RefreshAction what={WHAT} refreshing={refreshing} onRefresh={refresh} />
        </CardHeader>
        <CardContent>
          <RefreshStatus what={WHAT} refreshing={refreshing} />
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
            <>
              <div className="flex flex-wrap items-center gap-3 border-b pb-3">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={allChosen}
                    onChange={(e) =>
                      setSelected(e.target.checked ? new Set(list.map((s) => s.id)) : new Set())
                    }
                    className="size-4 accent-primary"
                  />
                  Select all
                </label>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={chosen.length === 0 || team.isBusy('scans:bulk')}
                  onClick={() => setConfirmingBulk(true)}
                >
                  <X aria-hidden="true" />
                  Reject selected{chosen.length > 0 && ` (${chosen.length.toLocaleString('en-GB')})`}
                </Button>
              </div>
              <ul aria-label="Pending scans" className="divide-y">
                {scans.data.map((scan) => (
                  <PendingScanItem
                    key={scan.id}
                    scan={scan}
                    busy={team.isBusy(`scan:${scan.id}`) || team.isBusy('scans:bulk')}
                    draft={drafts[scan.id] ?? EMPTY_DRAFT}
                    onDraftChange={setDraft}
                    selected={selected.has(scan.id)}
                    onSelectedChange={select}
                    onApprove={approve}
                    onReject={reject}
                  />
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmingBulk}
        onOpenChange={setConfirmingBulk}
        title={`Reject ${countLabel(chosen.length, 'scan')}?`}
        description="They leave the list and earn no bonus. The visits stay in the statistics."
        confirmLabel={`Reject ${countLabel(chosen.length, 'scan')}`}
        errorId="reject-selected-error"
        onConfirm={rejectSelected}
        failureText={(e) => errorMessage(e, 'The scans could not be rejected. Please try again.')}
      />

      <AddReviewForm members={team.members} onAdd={team.addReview} />
    </div>
  );
}
