import type { ReferralDto } from '@/lib/dto/referrals';
import type { Prisma, ReferralStatus } from '@/lib/generated/prisma/client';
import { toPoundsOrNull } from '@/lib/money';

export type { ReferralDto };

/** The spec's referral status texts (section 4). */
export const STATUS_TEXT: Record<ReferralStatus, 'pending' | 'In Progress' | 'Payment Due'> = {
  pending: 'pending',
  in_progress: 'In Progress',
  payment_due: 'Payment Due',
};

export const referralSelect = {
  id: true,
  leadId: true,
  referrerId: true,
  status: true,
  rewardPence: true,
  rewardPaid: true,
  paidAt: true,
  convertedAt: true,
  createdAt: true,
  updatedAt: true,
  lead: { select: { firstName: true, lastName: true, email: true, phone: true, isSelfReferral: true } },
  referrer: { select: { firstName: true, lastName: true, deletedAt: true } },
} satisfies Prisma.ReferralSelect;

type ReferralRow = Prisma.ReferralGetPayload<{ select: typeof referralSelect }>;

export function toReferralDto(row: ReferralRow): ReferralDto {
  const name = `${row.lead.firstName} ${row.lead.lastName}`.trim();
  return {
    id: row.id,
    leadId: row.leadId,
    referrerId: row.referrerId,
    // A paid referral of a deleted client stays on record; the client's name is erased.
    referrerName: row.referrer.deletedAt
      ? 'Deleted client'
      : `${row.referrer.firstName} ${row.referrer.lastName}`.trim(),
    ...(row.referrer.deletedAt && { referrerDeleted: true as const }),
    status: STATUS_TEXT[row.status],
    rewardAmount: toPoundsOrNull(row.rewardPence),
    rewardPaid: row.rewardPaid,
    paid: row.rewardPaid,
    paidAt: row.paidAt?.toISOString() ?? null,
    convertedAt: row.convertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: name || 'Unknown Lead',
    email: row.lead.email || null,
    phone: row.lead.phone,
    selfReferral: row.lead.isSelfReferral,
  };
}
