/**
 * Referrals' shared pieces: the refusal texts, the reward a referral made now is promised, and reading one
 * referral (its answer, or its current state inside a transaction).
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ReferralDto } from '@/lib/dto/referrals';
import { Prisma } from '@/lib/generated/prisma/client';
import { referralSelect, STATUS_TEXT, toReferralDto } from '@/lib/dto/referrals';
import type { ReferralState } from '../referral-status';
import { getSettings } from '../settings';
import { toPence } from '@/lib/money';

export const REFERRAL_NOT_FOUND_TEXT = 'That referral does not exist.';
export const LEAD_NOT_FOUND_TEXT = 'That lead does not exist.';
export const DUPLICATE_REFERRAL_TEXT = 'This lead is already a referral of this client.';
export const SELF_REFERRAL_TEXT = 'A client cannot be rewarded for referring themselves.';
export const PAID_REFERRAL_DELETE_TEXT =
  "This referral's reward has been paid, so it stays in the payment records. Undo the payment first if it was marked by mistake.";
export const DELETED_CLIENT_REFERRAL_TEXT =
  "This referral's client has been deleted, so its payment record can no longer change.";

/** The reward a referral made now is promised: the setting in force at this moment, in pence. */
export async function promisedRewardPence(): Promise<number> {
  return toPence((await getSettings()).referralRewardAmount);
}

export async function getReferral(id: string, client: Prisma.TransactionClient = db): Promise<ReferralDto> {
  const row = await client.referral.findUnique({ where: { id }, select: referralSelect });
  if (!row) throw notFound(REFERRAL_NOT_FOUND_TEXT);
  return toReferralDto(row);
}

export async function currentState(
  id: string,
  client: Prisma.TransactionClient = db,
): Promise<ReferralState & { rewardPence: number | null }> {
  const row = await client.referral.findUnique({
    where: { id },
    select: { status: true, rewardPaid: true, rewardPence: true, referrer: { select: { deletedAt: true } } },
  });
  if (!row) throw notFound(REFERRAL_NOT_FOUND_TEXT);
  // What is left of a deleted client's referrals is the payment record: it stays as it is.
  if (row.referrer.deletedAt) throw conflict(DELETED_CLIENT_REFERRAL_TEXT);
  return { status: STATUS_TEXT[row.status], rewardPaid: row.rewardPaid, rewardPence: row.rewardPence };
}
