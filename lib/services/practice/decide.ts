/**
 * Issue 34, point 2: staff (or the clinic's automatic setting) decide each proposal. Confirm starts the story
 * (Payment Due, the reward fixed when the friend was referred) with the conversion date from the practice's
 * record, and writes a 'story_started' entry in the payment audit: who confirmed it, or that it was automatic,
 * and from which source. "Not this person" keeps the rejection, so the record is never proposed for that
 * referral again. Nothing is sent to anyone: a referrer never learns of a friend's treatment (their reward
 * email, if any, comes only when it is paid).
 */
import 'server-only';
import { conflict, HttpError, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { formatPence } from '@/lib/money';
import type { Actor } from '../actor';
import { fullName } from '../referrers';
import { promisedRewardPence } from '../referrals/common';

export const MATCH_NOT_FOUND_TEXT = 'No proposal has that id.';
export const MATCH_DECIDED_TEXT = 'This proposal has already been decided.';
export const MATCH_REFERRAL_CLOSED_TEXT =
  "This referral's story has already started, or its client was deleted: there is nothing to confirm.";

/** Who decides: a member of staff, or the setting "confirm high-confidence matches automatically". */
export type Decider = Actor | 'automatic';

const deciderName = (by: Decider) => (by === 'automatic' ? 'automatic' : by.email);

/** The conversion instant of a practice's day: midday of it, the same UK date whatever the season. */
export function conversionInstant(eventDate: Date): Date {
  return new Date(`${eventDate.toISOString().slice(0, 10)}T12:00:00Z`);
}

/** The audit entry's words: "Story Started, confirmed from practice records (dentally) by ann@clinic.test". */
export function confirmationText(source: string, by: Decider, rewardPence: number): string {
  const how = by === 'automatic' ? 'automatically (high confidence)' : `by ${by.email}`;
  return `Story Started, confirmed from practice records (${source}) ${how}: ${formatPence(rewardPence)} owed`;
}

/** Locks the proposal for the decision; 404 if there is none, 409 if it was decided already. */
async function lockProposal(tx: Prisma.TransactionClient, id: string) {
  const [row] = await tx.$queryRaw<{ status: string }[]>`
    SELECT "status"::text AS "status" FROM "practice_matches" WHERE "id" = ${id}::uuid FOR UPDATE`;
  if (!row) throw notFound(MATCH_NOT_FOUND_TEXT);
  if (row.status !== 'proposed') throw conflict(MATCH_DECIDED_TEXT);
}

/**
 * Confirms a proposal: its referral goes to Payment Due, converted on the record's day, in one transaction with
 * the decision and its audit entry. Refused (409) if the referral is no longer open.
 */
export async function confirmMatch(id: string, by: Decider): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockProposal(tx, id);
    const match = await tx.practiceMatch.findUniqueOrThrow({
      where: { id },
      select: {
        referralId: true,
        record: { select: { source: true, eventDate: true } },
        referral: {
          select: {
            rewardPence: true,
            referrer: { select: { id: true, firstName: true, lastName: true, deletedAt: true } },
            lead: { select: { firstName: true, lastName: true, isSelfReferral: true } },
          },
        },
      },
    });
    const { referral, record } = match;
    if (referral.referrer.deletedAt || referral.lead.isSelfReferral)
      throw conflict(MATCH_REFERRAL_CLOSED_TEXT);
    const rewardPence = referral.rewardPence ?? (await promisedRewardPence());
    const started = await tx.referral.updateMany({
      where: { id: match.referralId, status: { in: ['pending', 'in_progress'] } },
      data: {
        status: 'payment_due',
        rewardPence,
        rewardPaid: false,
        paidAt: null,
        convertedAt: conversionInstant(record.eventDate),
      },
    });
    if (started.count !== 1) throw conflict(MATCH_REFERRAL_CLOSED_TEXT);
    await tx.practiceMatch.update({
      where: { id },
      data: {
        status: 'confirmed',
        decidedBy: deciderName(by),
        decidedAt: new Date(),
        automatic: by === 'automatic',
      },
    });
    await tx.paymentAuditEntry.create({
      data: {
        action: 'story_started',
        referralId: match.referralId,
        clientId: referral.referrer.id,
        clientName: fullName(referral.referrer),
        referralName: fullName(referral.lead) || 'Unknown Lead',
        amountPence: rewardPence,
        performedById: by === 'automatic' ? null : by.id,
        performedBy: deciderName(by),
        details: confirmationText(record.source, by, rewardPence),
      },
    });
  });
}

/** "Not this person": the proposal is kept as rejected, so it is never made again. */
export async function rejectMatch(id: string, by: Actor): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockProposal(tx, id);
    await tx.practiceMatch.update({
      where: { id },
      data: { status: 'rejected', decidedBy: by.email, decidedAt: new Date() },
    });
  });
}

/**
 * Confirms every high-confidence proposal whose referral is still open, the earliest event first (a referral
 * proposed twice starts on its earliest day; its later proposals are then refused as closed and left as they
 * are). Returns how many referrals it started.
 */
export async function confirmHighMatches(by: Decider, ids?: string[]): Promise<number> {
  const proposals = await db.$queryRaw<{ id: string }[]>`
    SELECT m."id" FROM "practice_matches" m
    JOIN "practice_records" pr ON pr."id" = m."recordId"
    JOIN "referrals" r ON r."id" = m."referralId"
    WHERE m."status" = 'proposed' AND m."confidence" = 'high' AND r."status" IN ('pending', 'In Progress')
      ${ids ? Prisma.sql`AND m."id" = ANY(${ids}::uuid[])` : Prisma.empty}
    ORDER BY pr."eventDate", m."createdAt", m."id"`;
  let confirmed = 0;
  for (const { id } of proposals) {
    try {
      await confirmMatch(id, by);
      confirmed++;
    } catch (error) {
      // Another proposal of the same referral went first, or someone decided this one meanwhile.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
  }
  return confirmed;
}
