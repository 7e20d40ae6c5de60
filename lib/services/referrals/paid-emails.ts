/**
 * The 'reward paid' emails: what one tells of, its correction, and what an undo does to it.
 */
import 'server-only';
import { Prisma } from '@/lib/generated/prisma/client';
import { clinicNameIn } from '../settings';
import { queueMessages, type MessageDraft } from '@/lib/messages/outbox';
import type { RewardPaidCorrectionData, RewardPaidData } from '@/lib/messages/templates/messages';
import { rewardCorrectionSubject, rewardPaidSubject } from '@/lib/messages/subjects';

/** One payment a 'reward paid' email tells of: the audit entry that made it, its referral, its amount. */
export interface PaidItem {
  entry: string;
  referral: string;
  pence: number;
}

/**
 * 'Reward paid' to the referrer (issue 17): the amount and thanks, never the friend's name or anything about
 * their treatment. Nothing for a client without an email (deleted). The payments it tells of ride along in its
 * data (`paid`), so an undo finds the email of exactly the payment it undoes (withdrawRewardPaid). It waits
 * `paidEmailDelayMinutes` (issue 29), or until `sendAt` when it replaces a waiting one.
 */
export function rewardPaidMessages(
  referrer: { id: string; firstName: string; email: string | null; hasBankDetails?: boolean },
  paid: PaidItem[],
  event: string,
  when: { sendAfterMinutes?: number; sendAt?: Date | null } = {},
  /** For the subject line (issue 29, point 11). */
  clinicName: string | null = null,
): MessageDraft[] {
  const amountPence = paid.reduce((sum, p) => sum + p.pence, 0);
  const data: RewardPaidData = {
    firstName: referrer.firstName,
    amountPence,
    toBank: referrer.hasBankDetails ?? true,
    paid,
  };
  return referrerEmail(referrer, amountPence, {
    kind: 'reward-paid',
    event,
    subject: rewardPaidSubject(amountPence, clinicName),
    data,
    sendAfterMinutes: when.sendAfterMinutes,
    sendAt: when.sendAt ?? undefined,
  });
}

/** The correction a referrer gets when a payment is undone after its 'reward paid' email went (issue 29). */
export function rewardPaidCorrectionMessages(
  referrer: { id: string; firstName: string; email: string | null },
  amountPence: number,
  correctsId: string,
  event: string,
  /** For the subject line (issue 29, point 11). */
  clinicName: string | null = null,
): MessageDraft[] {
  const data: RewardPaidCorrectionData = { firstName: referrer.firstName, amountPence, correctsId };
  return referrerEmail(referrer, amountPence, {
    kind: 'reward-paid-correction',
    event,
    subject: rewardCorrectionSubject(amountPence, clinicName),
    data,
  });
}

/**
 * The one email of a reward to its referrer, by first name: none for a client without an email (deleted) or
 * for nothing paid.
 */
function referrerEmail(
  referrer: { id: string; firstName: string; email: string | null },
  amountPence: number,
  draft: Pick<MessageDraft, 'kind' | 'event' | 'subject' | 'sendAfterMinutes' | 'sendAt'> & {
    data: RewardPaidData | RewardPaidCorrectionData;
  },
): MessageDraft[] {
  if (!referrer.email || amountPence <= 0) return [];
  return [
    {
      ...draft,
      to: referrer.email,
      toName: referrer.firstName,
      data: { ...draft.data },
      clientId: referrer.id,
    },
  ];
}

/** What an undo did to the 'reward paid' email of the payment it undid (the API answers with it). */
export type PaidEmailOutcome = 'cancelled' | 'correction' | 'none';

export const PAID_EMAIL_CANCELLED_TEXT = 'Cancelled: the payment was undone before this email was sent.';

/**
 * An undo of the payment made by audit entry `paymentEntry` (issue 29), in the undo's transaction: the 'reward
 * paid' email that tells of it is cancelled if it is still waiting (it is never sent), or, if it has gone (or
 * is being sent right now), a short correction is written. The email's row is locked first: the sender takes
 * messages with FOR UPDATE SKIP LOCKED, so while the undo decides it cannot take this one, and a message it has
 * already taken carries a lease (lockedUntil) that the undo sees, and treats as sent. When the waiting email
 * told of other payments too (a Pay All), it is replaced by one for the rest, due at the same time.
 */
export async function withdrawRewardPaid(
  tx: Prisma.TransactionClient,
  referrer: { id: string; firstName: string; email: string | null; hasBankDetails?: boolean },
  paymentEntry: string,
  undoEntry: string,
): Promise<PaidEmailOutcome> {
  const [message] = await tx.$queryRaw<
    { id: string; status: string; data: { paid?: PaidItem[] }; dueAt: Date | null; inFlight: boolean }[]
  >`
    SELECT "id", "status"::text AS "status", "data", "nextAttemptAt" AS "dueAt",
           coalesce("lockedUntil" > now(), false) AS "inFlight"
    FROM "messages"
    WHERE "kind" = 'reward_paid' AND "clientId" = ${referrer.id}::uuid
      AND "data"->'paid' @> ${JSON.stringify([{ entry: paymentEntry }])}::jsonb
    ORDER BY "createdAt" DESC, "id" DESC LIMIT 1
    FOR UPDATE`;
  if (!message) return 'none';
  const paid = message.data.paid ?? [];
  const undone = paid.find((p) => p.entry === paymentEntry);
  const waiting = (message.status === 'queued' && !message.inFlight) || message.status === 'unsent';
  if (waiting) {
    // Conditional on the state read under the lock: a message the sender holds is never cancelled.
    const cancelled = await tx.$executeRaw`
      UPDATE "messages" SET "status" = 'cancelled', "lastError" = ${PAID_EMAIL_CANCELLED_TEXT},
        "nextAttemptAt" = NULL, "lockedUntil" = NULL, "updatedAt" = now()
      WHERE "id" = ${message.id}::uuid AND "status" IN ('queued', 'unsent')
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= now())`;
    if (cancelled === 1) {
      const rest = paid.filter((p) => p.entry !== paymentEntry);
      if (rest.length > 0) {
        await queueMessages(
          tx,
          rewardPaidMessages(
            referrer,
            rest,
            `undo:${undoEntry}:rest`,
            { sendAt: message.dueAt },
            await clinicNameIn(tx),
          ),
        );
      }
      return 'cancelled';
    }
  }
  if (message.status === 'sent' || message.status === 'queued') {
    const written = await queueMessages(
      tx,
      rewardPaidCorrectionMessages(
        referrer,
        undone?.pence ?? 0,
        message.id,
        `undo:${undoEntry}`,
        await clinicNameIn(tx),
      ),
    );
    return written.length > 0 ? 'correction' : 'none';
  }
  // Failed or already cancelled: the person was never told, so there is nothing to take back.
  return 'none';
}
