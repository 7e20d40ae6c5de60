/**
 * Adding a referral of a known lead by a known client, and deleting one.
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ReferralDto } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { CLIENT_NOT_FOUND_TEXT, referrerStillThere } from '../leads';
import { referralSelect, toReferralDto } from '@/lib/dto/referrals';
import { findReferrer } from '../referrers';
import {
  DUPLICATE_REFERRAL_TEXT,
  LEAD_NOT_FOUND_TEXT,
  PAID_REFERRAL_DELETE_TEXT,
  REFERRAL_NOT_FOUND_TEXT,
  SELF_REFERRAL_TEXT,
  promisedRewardPence,
} from './common';

/** A self-referral (the lead's email is the referrer's own) is recorded for staff but never earns a reward. */
export const SELF_REFERRAL_NO_REWARD_TEXT =
  "This is a self-referral: the lead's email is the referring client's own, so it earns no reward.";

/** POST /api/referrals: a pending referral of a known lead by a known client (manual entry). */
export async function createReferral(input: { referrerId: string; leadId: string }): Promise<ReferralDto> {
  const referrer = await findReferrer(input.referrerId);
  if (!referrer) throw notFound(CLIENT_NOT_FOUND_TEXT);
  const lead = await db.lead.findUnique({ where: { id: input.leadId }, select: { id: true, email: true } });
  if (!lead) throw notFound(LEAD_NOT_FOUND_TEXT);
  if (lead.email === referrer.email) throw conflict(SELF_REFERRAL_TEXT);
  const rewardPence = await promisedRewardPence();
  try {
    const row = await db.$transaction(async (tx) => {
      // A client deleted meanwhile gets no new referral.
      if (!(await referrerStillThere(tx, referrer.id))) throw notFound(CLIENT_NOT_FOUND_TEXT);
      return tx.referral.create({
        data: { referrerId: referrer.id, leadId: lead.id, status: 'pending', rewardPence },
        select: referralSelect,
      });
    });
    return toReferralDto(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const existing = await db.referral.findUnique({
        where: { referrerId_leadId: { referrerId: referrer.id, leadId: lead.id } },
        select: referralSelect,
      });
      throw conflict(DUPLICATE_REFERRAL_TEXT, existing ? { referral: toReferralDto(existing) } : {});
    }
    throw error;
  }
}

/**
 * DELETE /api/referrals/{id}. A paid reward is a money record and is never rewritten: that referral stays
 * (409, saying why) until its payment is undone. The condition is part of the delete, so a payment made at
 * the same moment either lands first (and the delete is refused) or finds the referral gone.
 */
export async function deleteReferral(id: string): Promise<void> {
  const { count } = await db.referral.deleteMany({ where: { id, rewardPaid: false } });
  if (count === 1) return;
  const exists = await db.referral.count({ where: { id } });
  if (exists) throw conflict(PAID_REFERRAL_DELETE_TEXT);
  throw notFound(REFERRAL_NOT_FOUND_TEXT);
}
