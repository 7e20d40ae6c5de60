/**
 * Changing a referral's status and reward, with the 'reward_changed' audit entry.
 */
import 'server-only';
import { conflict, forbidden } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ReferralDto } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { STATUS_VALUE } from '@/lib/dto/referrals';
import { planStatusChange, type ReferralStatusText } from '../referral-status';
import { fullName } from '../referrers';
import type { Actor } from '../actor';
import { formatPence, toPence } from '@/lib/money';
import { rewardChangeText } from '@/lib/payment-audit';
import { SELF_REFERRAL_NO_REWARD_TEXT } from './create';
import { currentState, getReferral, promisedRewardPence } from './common';

/** Staff naming another reward than the referral's (issue 28, point 2): 403, nothing written. */
export function rewardChangeForbiddenText(fixedPence: number): string {
  return (
    `Only a full admin can change a reward's amount. This referral's reward is ${formatPence(fixedPence)}, ` +
    'fixed when the friend was referred: start the story without an amount, or ask a full admin.'
  );
}

/**
 * PATCH /api/referrals/{id}: moves a referral through the state machine (referral-status.ts). The write is
 * conditional on the state it was planned from, so two staff acting at once cannot both start a story or
 * revert a reward that has just been paid: the later one is planned again from what the first one left.
 *
 * Story Started owes the reward fixed when the friend was referred. Another amount is a full admin's decision
 * only (staff: 403, nothing written), and a full admin's is audited ('reward_changed': old and new amounts, who,
 * when) in the same transaction as the change, so the monthly report can say who changed it.
 */
export async function changeReferralStatus(
  id: string,
  target: ReferralStatusText,
  rewardAmount?: number | null,
  /** Who asks; without one (a script), only the fixed reward can be owed. */
  actor?: Actor & { isFullAdmin: boolean },
): Promise<ReferralDto> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await currentState(id);
    const plan = planStatusChange(current, target);
    if (plan.kind === 'refused') throw conflict(plan.message);
    if (plan.kind === 'none') return getReferral(id);

    let data: Prisma.ReferralUpdateManyMutationInput;
    let change: RewardChange | null = null;
    if (plan.kind === 'start' && (await isSelfReferral(id))) throw conflict(SELF_REFERRAL_NO_REWARD_TEXT);
    if (plan.kind === 'start') {
      // The reward is what the card promised when the friend was referred (set then); a later change of the
      // setting does not move it. An older row without one gets today's.
      const fixedPence = current.rewardPence ?? (await promisedRewardPence());
      const rewardPence = rewardAmount != null ? toPence(rewardAmount) : fixedPence;
      if (rewardPence !== fixedPence) {
        if (!actor?.isFullAdmin) throw forbidden(rewardChangeForbiddenText(fixedPence));
        change = { fromPence: fixedPence, toPence: rewardPence, by: actor };
      }
      data = { status: 'payment_due', rewardPence, rewardPaid: false, paidAt: null, convertedAt: new Date() };
    } else if (plan.kind === 'revert') {
      // The promised amount stays: starting the story again owes the same reward.
      data = { status: STATUS_VALUE[target], rewardPaid: false, paidAt: null, convertedAt: null };
    } else {
      data = { status: STATUS_VALUE[target] };
    }
    const where = { id, status: STATUS_VALUE[current.status], rewardPaid: current.rewardPaid };
    const done = change
      ? await db.$transaction(async (tx) => {
          const { count } = await tx.referral.updateMany({ where, data });
          if (count === 1) await auditRewardChange(tx, id, change);
          return count === 1;
        })
      : (await db.referral.updateMany({ where, data })).count === 1;
    if (done) return getReferral(id);
  }
  throw conflict('This referral was changed by someone else at the same time. Please try again.');
}

interface RewardChange {
  fromPence: number;
  toPence: number;
  by: Actor;
}

/** The 'reward_changed' entry of a full admin's change of a reward, written in the change's transaction. */
async function auditRewardChange(
  tx: Prisma.TransactionClient,
  id: string,
  change: RewardChange,
): Promise<void> {
  const row = await tx.referral.findUniqueOrThrow({
    where: { id },
    select: {
      referrer: { select: { id: true, firstName: true, lastName: true } },
      lead: { select: { firstName: true, lastName: true } },
    },
  });
  await tx.paymentAuditEntry.create({
    data: {
      action: 'reward_changed',
      referralId: id,
      clientId: row.referrer.id,
      clientName: fullName(row.referrer),
      referralName: fullName(row.lead) || 'Unknown Lead',
      amountPence: change.toPence,
      previousAmountPence: change.fromPence,
      performedById: change.by.id,
      performedBy: change.by.email,
      details: rewardChangeText(change.fromPence, change.toPence),
    },
  });
}

async function isSelfReferral(id: string): Promise<boolean> {
  const row = await db.referral.findUnique({
    where: { id },
    select: { lead: { select: { isSelfReferral: true } } },
  });
  return row?.lead.isSelfReferral ?? false;
}
