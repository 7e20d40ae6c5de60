'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, Loader2, PlayCircle, Trash2, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LeadPrivacyActions } from './lead-privacy-actions';
import { PayConfirmDialog, type PayeeBank } from '@/components/payments/pay-confirm';
import { ErrorAlert } from '@/components/shared/error-alert';
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { ApiError, errorMessage } from '@/lib/client/api';
import { formatDate, formatPhoneForDisplay } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { REVERT_STATUS_FAILED_TEXT, UPDATE_STATUS_FAILED_TEXT } from '@/lib/copy';
import { referralAnchorId } from './anchors';
import {
  forgetReferral,
  referralOf,
  usePayReferral,
  useRevertReferral,
  useStartStory,
  useUndoReferralPayment,
} from './mutations';
import { putReferral } from './queries';
import { referralStage, rewardOf } from './referral-helpers';
import { STAGE_LABEL, STAGE_VARIANT } from './status-badge';

/** Story Started, revert, Paid Now and Undo Payment. */
type Action = 'start' | 'revert' | 'pay' | 'undo';

export interface ReferralItemProps {
  client: ClientDto;
  referral: ReferralDto;
  isFullAdmin: boolean;
  onDelete: (client: ClientDto, referral: ReferralDto) => void;
}

function isReferral(value: unknown): value is ReferralDto {
  return typeof value === 'object' && value !== null && typeof (value as ReferralDto).id === 'string';
}

/** Spec section 8: the status changes have fixed texts; a refusal (409) says why in the server's words. */
function failureText(action: Action, error: unknown): string {
  const refusal = error instanceof ApiError && error.status === 409 ? error.serverMessage : undefined;
  if (action === 'start') return refusal ?? UPDATE_STATUS_FAILED_TEXT;
  if (action === 'revert') return refusal ?? REVERT_STATUS_FAILED_TEXT;
  return errorMessage(error);
}

function successText(action: Action, referral: ReferralDto): string {
  const amount = formatPounds(rewardOf(referral) ?? 0);
  switch (action) {
    case 'start':
      return `Story Started for ${referral.name}: ${amount} owed`;
    case 'revert':
      return `${referral.name} reverted to pending`;
    case 'pay':
      return `${amount} reward for ${referral.name} marked paid`;
    case 'undo':
      return `Payment undone: ${amount} owed for ${referral.name}`;
  }
}

/** Where the reward goes, for the confirmation: the account's last four digits at most (issue 29). */
function payeeBank(client: ClientDto): PayeeBank {
  const holder = client.accountName ? `${client.accountName}, ` : '';
  return {
    hasBankDetails: client.hasBankDetails,
    detail: client.accountNumber ? `${holder}account ending ${client.accountNumber.slice(-4)}` : null,
    heldAt: client.bankDetailsHeldAt,
    changedBy: client.bankDetailsChangedBy,
  };
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-1">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One referral of a client's expanded row: who, how to reach them, where it stands, and its actions. */
export function ReferralItem({ client, referral, isFullAdmin, onDelete }: ReferralItemProps) {
  const qc = useQueryClient();
  // Each optimistic: the referral shows its new state at once and returns to what it was when refused.
  const start = useStartStory();
  const revert = useRevertReferral();
  const pay = usePayReferral();
  const undo = useUndoReferralPayment();
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  // 'Paid Now' and the Owed badge ask first (issue 29, point 1): a misclick must not tell a client they are paid.
  const [confirmingPay, setConfirmingPay] = useState(false);
  // A second click before React re-renders must not send a second call.
  const busyRef = useRef(false);
  const focusAfterChange = useRef(false);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLHeadingElement>(null);

  const name = referral.name;
  const stage = referralStage(referral);
  const reward = rewardOf(referral);
  const rewardText = reward === null ? null : formatPounds(reward);
  const errorId = `${referralAnchorId(referral.id)}-error`;

  // The button that was used is gone with the old status: carry focus to the next step (or the name).
  useEffect(() => {
    if (!focusAfterChange.current) return;
    focusAfterChange.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    (primaryRef.current ?? nameRef.current)?.focus();
  }, [referral]);

  /** The change, as the server answers it: the referral as it now is. */
  async function send(action: Action): Promise<ReferralDto> {
    const change = { params: { id: referral.id }, referral };
    if (action === 'start')
      return referralOf(await start.mutateAsync({ ...change, body: { status: 'Payment Due' } }));
    if (action === 'revert')
      return referralOf(await revert.mutateAsync({ ...change, body: { status: 'pending' } }));
    return (await (action === 'pay' ? pay : undo).mutateAsync(change)).referral;
  }

  async function run(action: Action) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(action);
    setError(null);
    // The button used goes with the old status as soon as the change shows (before the server answers).
    focusAfterChange.current = true;
    try {
      const updated = await send(action);
      toast.success(successText(action, updated));
    } catch (e) {
      console.error(`Referral ${action} failed`, e);
      if (e instanceof ApiError && e.status === 404) {
        // Deleted meanwhile (by someone else): the list forgets it too.
        toast.error(e.serverMessage ?? `${name} is no longer a referral.`);
        forgetReferral(qc, referral);
        return;
      }
      // The change was rolled back; a refusal (409) says why and may carry the referral as it now is.
      setError(failureText(action, e));
      if (e instanceof ApiError && e.status === 409 && isReferral(e.body.referral))
        putReferral(qc, e.body.referral);
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  }

  const disabled = busy !== null;
  const busyIcon = <Loader2 className="animate-spin" aria-hidden="true" />;
  // aria-disabled rather than disabled while a call runs, so that keyboard focus stays where it was.
  const common = {
    type: 'button' as const,
    'aria-disabled': disabled || undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  const busyClass = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

  return (
    <li
      className="grid gap-3 rounded-lg border p-3 sm:p-4"
      aria-busy={disabled || undefined}
      aria-labelledby={referralAnchorId(referral.id)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h5
          ref={nameRef}
          id={referralAnchorId(referral.id)}
          tabIndex={-1}
          className="min-w-0 rounded-sm font-medium break-words outline-none focus:ring-[3px] focus:ring-ring/50"
        >
          {name}
        </h5>
        <div className="flex flex-wrap items-center gap-2">
          {stage === 'owed' ? (
            <Badge asChild variant="warning">
              <button
                {...common}
                aria-label={`Payment Due: revert ${name} to pending`}
                title="Click to revert to pending"
                className="cursor-pointer hover:bg-amber-200 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                onClick={() => void run('revert')}
              >
                {busy === 'revert' ? busyIcon : <Undo2 aria-hidden="true" />}
                Payment Due
              </button>
            </Badge>
          ) : (
            <Badge variant={STAGE_VARIANT[stage]}>{STAGE_LABEL[stage]}</Badge>
          )}
          {referral.selfReferral && (
            <Badge variant="outline" title="The lead's email is the client's own: it earns no reward">
              Self-referral
            </Badge>
          )}
          {stage === 'owed' && rewardText && (
            <Badge asChild variant="destructive">
              <button
                {...common}
                aria-label={`Owed ${rewardText}: mark ${name} paid`}
                title="Click to mark paid"
                className="cursor-pointer hover:bg-destructive/90 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                onClick={() => !disabled && setConfirmingPay(true)}
              >
                {busy === 'pay' ? busyIcon : <Banknote aria-hidden="true" />}
                Owed {rewardText}
              </button>
            </Badge>
          )}
        </div>
      </div>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <Detail label="Email">
          {referral.email ? (
            <a href={`mailto:${referral.email}`} className="break-all underline-offset-4 hover:underline">
              {referral.email}
            </a>
          ) : (
            'Not given'
          )}
        </Detail>
        <Detail label="Phone">
          {referral.phone ? (
            <a href={`tel:${referral.phone}`} className="underline-offset-4 hover:underline">
              {formatPhoneForDisplay(referral.phone)}
            </a>
          ) : (
            'Not given'
          )}
        </Detail>
        <Detail label="Reward">
          {referral.selfReferral
            ? 'None: the client referred their own email'
            : rewardText === null
              ? 'When the story starts'
              : `${rewardText} ${stage === 'paid' ? 'paid' : 'owed'}`}
        </Detail>
        <Detail label="Referred on">{formatDate(referral.createdAt)}</Detail>
        {referral.convertedAt && <Detail label="Story started on">{formatDate(referral.convertedAt)}</Detail>}
        {referral.paidAt && <Detail label="Paid on">{formatDate(referral.paidAt)}</Detail>}
      </dl>

      <div role="group" aria-label={`Actions for referral ${name}`} className="flex flex-wrap gap-2">
        {/* A self-referral earns nothing, so its story cannot start a reward (the server refuses it too). */}
        {(stage === 'pending' || stage === 'inProgress') && !referral.selfReferral && (
          <Button
            {...common}
            ref={primaryRef}
            size="sm"
            className={busyClass}
            onClick={() => void run('start')}
          >
            {busy === 'start' ? busyIcon : <PlayCircle aria-hidden="true" />}
            Story Started
            <span className="sr-only"> for {name}</span>
          </Button>
        )}
        {stage === 'owed' && (
          <Button
            {...common}
            ref={primaryRef}
            size="sm"
            className={busyClass}
            onClick={() => !disabled && setConfirmingPay(true)}
          >
            {busy === 'pay' ? busyIcon : <Banknote aria-hidden="true" />}
            Paid Now
            <span className="sr-only"> for {name}</span>
          </Button>
        )}
        {stage === 'paid' && isFullAdmin && (
          <Button
            {...common}
            ref={primaryRef}
            size="sm"
            variant="outline"
            className={busyClass}
            onClick={() => void run('undo')}
          >
            {busy === 'undo' ? busyIcon : <Undo2 aria-hidden="true" />}
            Undo Payment
            <span className="sr-only"> for {name}</span>
          </Button>
        )}
        {/* A paid reward stays in the payment records: no delete until the payment is undone. */}
        {isFullAdmin && stage !== 'paid' && (
          <Button
            {...common}
            size="sm"
            variant="outline"
            className={`text-destructive ${busyClass}`}
            onClick={() => !disabled && onDelete(client, referral)}
          >
            <Trash2 aria-hidden="true" />
            Delete
            <span className="sr-only"> referral {name}</span>
          </Button>
        )}
        {isFullAdmin && <LeadPrivacyActions referral={referral} name={name} />}
      </div>

      {error && <ErrorAlert id={errorId} message={error} />}

      {rewardText && (
        <PayConfirmDialog
          id={`${referralAnchorId(referral.id)}-pay`}
          open={confirmingPay}
          onOpenChange={setConfirmingPay}
          onCloseAutoFocus={(event) => {
            // The Paid Now button has given way to Undo Payment (or the name, for staff).
            event.preventDefault();
            (primaryRef.current ?? nameRef.current)?.focus();
          }}
          title="Mark this reward paid?"
          clientName={`${client.firstName} ${client.lastName}`.trim()}
          what={`The reward for ${name}'s referral`}
          amount={reward ?? 0}
          bank={payeeBank(client)}
          // Optimistic (issue 15): the dialog closes at once and the list shows Paid; a refusal puts the
          // referral back and says why under it.
          onConfirm={async () => void run('pay')}
        />
      )}
    </li>
  );
}
