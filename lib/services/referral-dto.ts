import type { Prisma, ReferralStatus } from '@/lib/generated/prisma/client';

/** The spec's referral status texts (section 4). */
export const STATUS_TEXT: Record<ReferralStatus, 'pending' | 'In Progress' | 'Payment Due'> = {
  pending: 'pending',
  in_progress: 'In Progress',
  payment_due: 'Payment Due',
};

/** The spec's Referral (section 3) with the lead's details it derives: what the dashboard receives. */
export interface ReferralDto {
  id: string;
  leadId: string;
  referrerId: string;
  status: 'pending' | 'In Progress' | 'Payment Due';
  /** Whole pounds (may be fractional for odd amounts); null until the story starts. */
  rewardAmount: number | null;
  rewardPaid: boolean;
  paid: boolean;
  convertedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The lead's name, else 'Unknown Lead'. */
  name: string;
  email: string | null;
  phone: string | null;
}

export const referralSelect = {
  id: true,
  leadId: true,
  referrerId: true,
  status: true,
  rewardPence: true,
  rewardPaid: true,
  convertedAt: true,
  createdAt: true,
  updatedAt: true,
  lead: { select: { firstName: true, lastName: true, email: true, phone: true } },
} satisfies Prisma.ReferralSelect;

type ReferralRow = Prisma.ReferralGetPayload<{ select: typeof referralSelect }>;

export function toReferralDto(row: ReferralRow): ReferralDto {
  const name = `${row.lead.firstName} ${row.lead.lastName}`.trim();
  return {
    id: row.id,
    leadId: row.leadId,
    referrerId: row.referrerId,
    status: STATUS_TEXT[row.status],
    rewardAmount: row.rewardPence === null ? null : row.rewardPence / 100,
    rewardPaid: row.rewardPaid,
    paid: row.rewardPaid,
    convertedAt: row.convertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: name || 'Unknown Lead',
    email: row.lead.email || null,
    phone: row.lead.phone,
  };
}
