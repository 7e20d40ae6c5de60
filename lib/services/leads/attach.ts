/**
 * Attaching an unmatched lead to a client named by their card number.
 */
import 'server-only';
import { conflict, notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { CreateLeadResult } from '@/lib/dto/referrals';
import { referralSelect, toReferralDto } from '@/lib/dto/referrals';
import { findReferrer, fullName } from '../referrers';
import { getSettings } from '../settings';
import { toPence } from '@/lib/money';
import { referrerStillThere } from './record';

export const ATTACH_NOT_FOUND_TEXT = 'No client has that card number. Check it and try again.';
export const ALREADY_ATTACHED_TEXT = 'This lead already has a referrer.';
export const ALREADY_REFERRED_TEXT = 'That client has already referred this friend.';

/**
 * POST /api/leads/{id}/attach: a lead whose card number matched no client ('Card number not found: SC-…') is
 * attached to the client staff found: the lead gets its referrer and a pending referral with the reward in
 * force now, and the unmatched number is cleared.
 */
export async function attachLead(id: string, referrerId: string): Promise<CreateLeadResult> {
  const referrer = await findReferrer(referrerId);
  if (!referrer) throw notFound(ATTACH_NOT_FOUND_TEXT);
  const rewardPence = toPence((await getSettings()).referralRewardAmount);
  const referralId = await db.$transaction(async (tx) => {
    const [lead] = await tx.$queryRaw<
      { referrerId: string | null; email: string | null; erasedAt: Date | null }[]
    >`
      SELECT "referrerId", "email", "erasedAt" FROM "leads" WHERE "id" = ${id}::uuid FOR UPDATE`;
    if (!lead || lead.erasedAt) throw notFound('That lead does not exist.');
    if (lead.referrerId) throw conflict(ALREADY_ATTACHED_TEXT);
    if (!(await referrerStillThere(tx, referrer.id))) throw notFound(ATTACH_NOT_FOUND_TEXT);
    const twin = await tx.lead.findFirst({
      where: { referrerId: referrer.id, email: lead.email },
      select: { id: true },
    });
    if (twin) throw conflict(ALREADY_REFERRED_TEXT);
    const isSelfReferral = lead.email === referrer.email;
    await tx.lead.update({
      where: { id },
      data: {
        referrerId: referrer.id,
        recommendedBy: fullName(referrer),
        enteredCardNumber: null,
        isSelfReferral,
      },
    });
    const referral = await tx.referral.create({
      data: {
        referrerId: referrer.id,
        leadId: id,
        status: 'pending',
        rewardPence: isSelfReferral ? null : rewardPence,
      },
      select: { id: true },
    });
    return referral.id;
  });
  const row = await db.referral.findUniqueOrThrow({ where: { id: referralId }, select: referralSelect });
  return { leadId: id, referralId, referral: toReferralDto(row) };
}
