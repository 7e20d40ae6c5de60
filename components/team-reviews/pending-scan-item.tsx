'use client';

import { useState } from 'react';
import { BadgeCheck, Loader2, X } from 'lucide-react';
import { TextField } from '@/components/shared/text-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Form } from '@/components/ui/form';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { PendingScanDto } from '@/lib/dto/team';
import { formatDateTime } from '@/lib/format';
import { parseReviewUrl } from '@/lib/review-url';
import { approveScanFormSchema, type ApproveScanFormInput } from '@/lib/validation/team';
import { RefusalAlert } from './refusal-alert';
import { reviewLinkProblem, verifyBlockedReason } from './review-link-hint';
import { PLATFORM_LABELS } from './team-text';
import { isSameReviewer, type ActionResult, type ReviewEvidence } from './use-team-reviews';

/** The id of a scan's review-link input, where focus goes when the scan before it leaves the list. */
export const scanInputId = (scanId: string) => `scan-link-${scanId}`;

/** What was typed for a scan: kept by the list while other scans come and go. */
export type ScanDraft = ApproveScanFormInput;
export const EMPTY_DRAFT: ScanDraft = { reviewUrl: '', reviewerName: '' };

interface PendingScanItemProps {
  scan: PendingScanDto;
  busy: boolean;
  draft: ScanDraft;
  onDraftChange: (scanId: string, draft: ScanDraft) => void;
  selected: boolean;
  onSelectedChange: (scanId: string, selected: boolean) => void;
  onApprove: (scan: PendingScanDto, evidence: ReviewEvidence) => Promise<ActionResult | undefined>;
  onReject: (scan: PendingScanDto) => Promise<ActionResult | undefined>;
}

/**
 * A pending scan: who, when, the visitor's choice (or none); the review's link and the reviewer's name,
 * 'Verify & Approve' and 'Reject', and a box to select it for 'Reject selected'. A second review by the same
 * reviewer asks before it is added.
 */
export function PendingScanItem({
  scan,
  busy,
  draft,
  onDraftChange,
  selected,
  onSelectedChange,
  onApprove,
  onReject,
}: PendingScanItemProps) {
  // The parent keeps the typed values (they outlive this row's re-renders); the form reads and reports them.
  const form = useSchemaForm(approveScanFormSchema, { values: draft });
  const error = form.formState.errors.root?.message;
  /** The server asked to confirm a second review by the same reviewer: 'Add it anyway' sends it confirmed. */
  const [toConfirm, setToConfirm] = useState(false);
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const linkId = scanInputId(scan.id);
  const nameId = `scan-reviewer-${scan.id}`;
  const errorId = `${linkId}-alert`;
  const when = formatDateTime(scan.scannedTime);
  const link = draft.reviewUrl.trim() ? parseReviewUrl(draft.reviewUrl) : null;
  const ready = link?.ok === true && draft.reviewerName.trim() !== '';
  // Why Verify cannot be pressed yet, from what was typed (issue 29, point 14): a form error would be cleared
  // when the parent hands the draft back, leaving a greyed-out button with no reason.
  const blocked = verifyBlockedReason(draft);
  const blockedId = `${linkId}-blocked`;

  const clearError = () => {
    form.clearErrors('root');
    setToConfirm(false);
  };

  async function run(kind: 'approve' | 'reject', confirmSameReviewer = false) {
    if (busy) return;
    clearError();
    setAction(kind);
    const result =
      kind === 'approve'
        ? await onApprove(scan, {
            reviewUrl: draft.reviewUrl.trim(),
            reviewerName: draft.reviewerName.trim(),
            ...(confirmSameReviewer && { confirmSameReviewer: true }),
          })
        : await onReject(scan);
    setAction(null);
    if (result && !result.ok) {
      showServerError(form, result.error);
      setToConfirm(isSameReviewer(result.error));
    }
  }

  // The schema refuses a link that will not do (its message under the field, focused) and a missing name.
  const submit = form.handleSubmit(() => void run('approve'));

  const change = (patch: Partial<ScanDraft>) => {
    onDraftChange(scan.id, { ...draft, ...patch });
    clearError();
  };

  return (
    <li aria-busy={busy || undefined} className="grid grid-cols-1 gap-3 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelectedChange(scan.id, e.target.checked)}
          aria-label={`Select the scan of ${scan.memberName} on ${when}`}
          className="size-4 accent-primary"
        />
        <h3 className="font-medium break-words">{scan.memberName}</h3>
        {scan.platform ? (
          <Badge variant="secondary">Chose {PLATFORM_LABELS[scan.platform]}</Badge>
        ) : (
          <Badge variant="outline">No platform chosen</Badge>
        )}
        <span className="text-sm text-muted-foreground">
          Scanned <time dateTime={scan.scannedTime}>{when}</time>
        </span>
      </div>

      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-3">
          <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <TextField
              control={form.control}
              name="reviewUrl"
              id={linkId}
              describedBy={error ? errorId : undefined}
              label={
                <>
                  Review link
                  <span className="sr-only">
                    {' '}
                    for the scan of {scan.memberName} on {when}
                  </span>
                </>
              }
              descriptionClassName="text-xs"
              description={
                link?.ok
                  ? `A ${PLATFORM_LABELS[link.platform]} review.`
                  : (reviewLinkProblem(draft.reviewUrl) ??
                    `Open the review on ${scan.platform ? PLATFORM_LABELS[scan.platform] : 'Google or Trustpilot'}, then copy its link here.`)
              }
            >
              {(field) => (
                <Input
                  {...field}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://g.page/r/… or https://uk.trustpilot.com/reviews/…"
                  onChange={(e) => {
                    field.onChange(e);
                    change({ reviewUrl: e.target.value });
                  }}
                  onBlur={() => {
                    field.onBlur();
                    if (link && !link.ok) void form.trigger('reviewUrl');
                  }}
                />
              )}
            </TextField>
            <TextField
              control={form.control}
              name="reviewerName"
              id={nameId}
              label={
                <>
                  Reviewer name
                  <span className="sr-only"> for the scan of {scan.memberName}</span>
                </>
              }
            >
              {(field) => (
                <Input
                  {...field}
                  autoComplete="off"
                  placeholder="As shown on the review"
                  onChange={(e) => {
                    field.onChange(e);
                    change({ reviewerName: e.target.value });
                  }}
                />
              )}
            </TextField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              disabled={!ready || busy}
              aria-describedby={blocked ? blockedId : undefined}
              className="flex-1 sm:flex-none"
            >
              {action === 'approve' ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <BadgeCheck aria-hidden="true" />
              )}
              {action === 'approve' ? 'Verifying...' : 'Verify & Approve'}
              <span className="sr-only"> the scan of {scan.memberName}</span>
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              className="flex-1 sm:flex-none"
              onClick={() => void run('reject')}
            >
              {action === 'reject' ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <X aria-hidden="true" />
              )}
              {action === 'reject' ? 'Rejecting...' : 'Reject'}
              <span className="sr-only"> the scan of {scan.memberName}</span>
            </Button>
          </div>
          {blocked && (draft.reviewUrl.trim() || draft.reviewerName.trim()) && (
            <p id={blockedId} className="text-sm text-muted-foreground" data-testid="verify-blocked">
              {blocked}
            </p>
          )}
          {error && (
            <RefusalAlert
              id={errorId}
              message={error}
              askToConfirm={toConfirm}
              disabled={busy}
              onConfirm={() => void run('approve', true)}
            />
          )}
        </form>
      </Form>
    </li>
  );
}
