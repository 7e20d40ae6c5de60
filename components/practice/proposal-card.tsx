'use client';

import { useId, useState } from 'react';
import { Check, Loader2, X } from 'lucide-react';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/client/api';
import type { PracticeMatchDto } from '@/lib/dto/practice-matches';
import { formatDateTime, formatPhoneForDisplay } from '@/lib/format';
import { useConfirmMatch, useRejectMatch } from './mutations';
import { confidenceLabel, decidedText, eventLine, sourceLabel } from './texts';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 grid-cols-[7.5rem_1fr] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Who decided and when, for the Confirmed and Not this person lists. */
function decidedLine(match: PracticeMatchDto): string | null {
  if (!match.decidedAt) return null;
  const verb = match.status === 'confirmed' ? 'Confirmed' : 'Marked not this person';
  const who = match.automatic ? 'automatically' : match.decidedBy ? `by ${match.decidedBy}` : '';
  return `${verb} ${who} on ${formatDateTime(match.decidedAt)}`.replace(/\s+/g, ' ');
}

/**
 * One proposal: the referral (the friend, who referred them, where it stands), the practice's record, how sure
 * the match is and why; for those still to decide, Confirm and Not this person. A decision takes the row out of
 * the list (mutations.ts), so what happened is said by the list (`onDecided`), not here.
 */
export function ProposalCard({
  match,
  onDecided,
}: {
  match: PracticeMatchDto;
  onDecided: (text: string) => void;
}) {
  const id = useId();
  const confirm = useConfirmMatch();
  const reject = useRejectMatch();
  const [error, setError] = useState<string | null>(null);
  const busy = confirm.isPending || reject.isPending;
  const friend = match.referral.friendName;
  const record = match.record;
  const recordName = `${record.firstName} ${record.lastName}`.trim();
  const errorId = `${id}-error`;

  async function decide(decision: 'confirmed' | 'rejected') {
    if (busy) return;
    setError(null);
    try {
      const input = { params: { id: match.id } };
      const decidedMatch = await (decision === 'confirmed'
        ? confirm.mutateAsync(input)
        : reject.mutateAsync(input));
      onDecided(decidedText(friend, decision, decidedMatch.referral.rewardAmount));
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const decided = decidedLine(match);
  return (
    <li>
      <article
        aria-labelledby={`${id}-name`}
        className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-0.5">
            <h3 id={`${id}-name`} className="text-base font-semibold break-words">
              {friend}
            </h3>
            <p className="text-sm text-muted-foreground">
              Referred by <span className="font-medium text-foreground">{match.referral.referrerName}</span> (
              {match.referral.referrerCardNumber}) · Referral: {match.referral.status}
            </p>
          </div>
          <Badge variant={match.confidence === 'high' ? 'success' : 'warning'}>
            {confidenceLabel(match.confidence)}
          </Badge>
        </div>

        <div className="grid gap-1">
          <h4 className="text-sm font-medium">From the practice’s records</h4>
          <dl className="grid gap-1 text-sm">
            <Detail label="Patient">{recordName}</Detail>
            {record.email && <Detail label="Email">{record.email}</Detail>}
            {record.phone && <Detail label="Phone">{formatPhoneForDisplay(record.phone)}</Detail>}
            {record.externalPatientId && <Detail label="Patient ID">{record.externalPatientId}</Detail>}
            <Detail label="What happened">{eventLine(match.kind, match.eventDate)}</Detail>
            <Detail label="Source">{sourceLabel(match.source)}</Detail>
          </dl>
        </div>

        <div className="grid gap-1">
          <h4 className="text-sm font-medium">Why they match</h4>
          <ul className="list-disc pl-5 text-sm">
            {match.reasons.map((reason) => (
              <li key={reason.code}>{reason.text}</li>
            ))}
          </ul>
        </div>

        {decided && <p className="text-sm text-muted-foreground">{decided}</p>}

        {match.status === 'proposed' && (
          <div className="flex flex-wrap gap-2">
            {/* aria-disabled rather than disabled while it works, so that keyboard focus stays on the button. */}
            <Button
              type="button"
              aria-disabled={busy || undefined}
              className="aria-disabled:opacity-50"
              aria-describedby={error ? errorId : undefined}
              onClick={() => void decide('confirmed')}
            >
              {confirm.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Check aria-hidden="true" />
              )}
              {confirm.isPending ? 'Confirming...' : 'Confirm'}
              <span className="sr-only"> {friend} started treatment</span>
            </Button>
            <Button
              type="button"
              variant="outline"
              aria-disabled={busy || undefined}
              className="aria-disabled:opacity-50"
              onClick={() => void decide('rejected')}
            >
              {reject.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <X aria-hidden="true" />
              )}
              {reject.isPending ? 'Saving...' : 'Not this person'}
              <span className="sr-only"> for {friend}</span>
            </Button>
          </div>
        )}
        {error && <ErrorAlert id={errorId} message={error} />}
      </article>
    </li>
  );
}
