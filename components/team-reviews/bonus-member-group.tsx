'use client';

import { Banknote, ExternalLink, Loader2, Undo2, WalletCards } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { TeamBonusMonthDto, TeamReviewDto } from '@/lib/dto/team';
import { formatDate } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { outstandingReviews } from './loaded-lists';
import { countLabel, PLATFORM_LABELS, statusTone, type Period } from './team-text';
import { UNDO_FOCUS_ATTRIBUTE, UNDO_HOME_ATTRIBUTE, undoHomeKey } from './use-team-reviews';

type MonthMember = TeamBonusMonthDto['members'][number];

const STATUS_VARIANT = { pending: 'secondary', due: 'warning', paid: 'success' } as const;

const actionClass = 'w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:w-auto';
const focusTargetClass = 'rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** The review itself, on its platform, for anyone to open (issue 18); older reviews have no link. */
export function ReviewLinkOut({
  review,
}: {
  review: Pick<TeamReviewDto, 'reviewUrl' | 'reviewerName' | 'platform'>;
}) {
  if (!review.reviewUrl) return <span className="text-muted-foreground">No link recorded</span>;
  return (
    <a
      href={review.reviewUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
    >
      Open review
      <span className="sr-only">
        {' '}
        by {review.reviewerName} on {PLATFORM_LABELS[review.platform]} (opens in a new tab)
      </span>
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

interface ReviewRowProps {
  review: TeamReviewDto;
  /** Paid with 'Mark Paid' less than 30 seconds ago: offers 'Undo'. */
  undoable: boolean;
  busy: boolean;
  onMarkPaid: (review: TeamReviewDto) => void;
  onUndo: (review: TeamReviewDto) => void;
}

function ReviewRow({ review, undoable, busy, onMarkPaid, onUndo }: ReviewRowProps) {
  const tone = statusTone(review);
  const due = tone === 'due';
  const showButton = due || (tone === 'paid' && undoable);
  const who = `the review by ${review.reviewerName}`;

  return (
    <li
      {...{ [UNDO_HOME_ATTRIBUTE]: undoHomeKey.review(review.id) }}
      aria-busy={busy || undefined}
      className="grid grid-cols-1 gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4"
    >
      <div className="grid grid-cols-1 min-w-0 gap-1">
        <p className="break-words">
          <span
            {...{ [UNDO_FOCUS_ATTRIBUTE]: '' }}
            tabIndex={-1}
            className={`font-medium ${focusTargetClass}`}
          >
            {review.reviewerName}
          </span>
          <span className="text-muted-foreground"> on {PLATFORM_LABELS[review.platform]}</span>
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <time dateTime={review.date} className="text-muted-foreground">
            {formatDate(review.date)}
          </time>
          <span className="font-semibold tabular-nums">{formatPounds(review.bonusAmount)}</span>
          <Badge variant={STATUS_VARIANT[tone]}>{review.status}</Badge>
          <ReviewLinkOut review={review} />
        </div>
        {tone === 'paid' && undoable && (
          <p className="text-sm text-muted-foreground">Marked paid. Undo is available for 30 seconds.</p>
        )}
      </div>
      {/* One button for both states, so that keyboard focus stays on it when Mark Paid becomes Undo. */}
      {showButton && (
        <Button
          type="button"
          size="sm"
          variant={due ? 'default' : 'outline'}
          aria-disabled={busy || undefined}
          className={actionClass}
          onClick={() => {
            if (busy) return;
            if (due) onMarkPaid(review);
            else onUndo(review);
          }}
        >
          {busy ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : due ? (
            <Banknote aria-hidden="true" />
          ) : (
            <Undo2 aria-hidden="true" />
          )}
          {due ? 'Mark Paid' : 'Undo'}
          <span className="sr-only">{due ? ` the bonus for ${who}` : ` the payment for ${who}`}</span>
        </Button>
      )}
    </li>
  );
}

interface BonusMemberGroupProps {
  member: MonthMember;
  period: Period;
  isBusy: (key: string) => boolean;
  isUndoable: (reviewId: string) => boolean;
  /** The reviews a 'Pay All Outstanding' of the last 30 seconds paid, if there was one. */
  bulkPaid: string[] | undefined;
  onMarkPaid: (review: TeamReviewDto) => void;
  onUndo: (review: TeamReviewDto) => void;
  onPayAll: (member: MonthMember) => void;
  onUndoBulk: (member: MonthMember) => void;
}

/** A member's reviews of the month with their bonus status, 'Pay All Outstanding' and its undo. */
export function BonusMemberGroup({
  member,
  period,
  isBusy,
  isUndoable,
  bulkPaid,
  onMarkPaid,
  onUndo,
  onPayAll,
  onUndoBulk,
}: BonusMemberGroupProps) {
  const headingId = `bonus-member-${member.teamMemberId}`;
  const owed = outstandingReviews(member);
  const payingAll = isBusy(`payall:${member.teamMemberId}`);
  // An Undo Bulk Payment is busy by the reviews it un-pays (its input names no member).
  const undoingBulk = member.reviews.some((r) => isBusy(`undobulk:${r.id}`));
  const busy = payingAll || undoingBulk;

  return (
    <li
      {...{ [UNDO_HOME_ATTRIBUTE]: undoHomeKey.bulk(member.teamMemberId, period) }}
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-2 rounded-lg border p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="grid grid-cols-1 min-w-0 gap-1">
          <h4
            id={headingId}
            {...{ [UNDO_FOCUS_ATTRIBUTE]: '' }}
            tabIndex={-1}
            className={`font-semibold break-words ${focusTargetClass}`}
          >
            {member.name}
          </h4>
          {member.archived && (
            <Badge variant="outline" className="justify-self-start">
              Archived
            </Badge>
          )}
          <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground tabular-nums">
            <span>{countLabel(member.reviews.length, 'review')}</span>
            <span>
              Owed <span className="font-medium text-foreground">{formatPounds(member.totalOwed)}</span>
            </span>
            <span>
              Paid <span className="font-medium text-foreground">{formatPounds(member.totalPaid)}</span>
            </span>
          </p>
          {bulkPaid && (
            <p className="text-sm text-muted-foreground">
              {countLabel(bulkPaid.length, 'bonus', 'bonuses')} paid together. Undo is available for 30
              seconds.
            </p>
          )}
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          {/* One slot: 'Pay All Outstanding' becomes 'Undo Bulk Payment', so focus stays on it. */}
          {(bulkPaid || owed.length > 0) && (
            <Button
              type="button"
              size="sm"
              variant={bulkPaid ? 'outline' : 'default'}
              aria-disabled={busy || undefined}
              className={actionClass}
              onClick={() => {
                if (busy) return;
                if (bulkPaid) onUndoBulk(member);
                else onPayAll(member);
              }}
            >
              {busy ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : bulkPaid ? (
                <Undo2 aria-hidden="true" />
              ) : (
                <WalletCards aria-hidden="true" />
              )}
              {bulkPaid ? 'Undo Bulk Payment' : 'Pay All Outstanding'}
              <span className="sr-only">
                {bulkPaid ? ` for ${member.name}` : ` for ${member.name}, ${formatPounds(member.totalOwed)}`}
              </span>
            </Button>
          )}
          {/* A review verified after a bulk payment can still be paid while that payment can be undone. */}
          {bulkPaid && owed.length > 0 && (
            <Button
              type="button"
              size="sm"
              aria-disabled={busy || undefined}
              className={actionClass}
              onClick={() => {
                if (!busy) onPayAll(member);
              }}
            >
              <WalletCards aria-hidden="true" />
              Pay All Outstanding
              <span className="sr-only">
                {' '}
                for {member.name}, {formatPounds(member.totalOwed)}
              </span>
            </Button>
          )}
        </div>
      </div>

      <ul aria-label={`Reviews of ${member.name}`} className="divide-y border-t">
        {member.reviews.map((review) => (
          <ReviewRow
            key={review.id}
            review={review}
            undoable={isUndoable(review.id)}
            busy={isBusy(`review:${review.id}`) || payingAll}
            onMarkPaid={onMarkPaid}
            onUndo={onUndo}
          />
        ))}
      </ul>
    </li>
  );
}
