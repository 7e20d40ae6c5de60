import { Badge } from '@/components/ui/badge';
import type { ReferralDto } from '@/lib/dto/referrals';
import { referralStage, type ReferralStage } from './referral-helpers';

/** The status as staff read it: the spec's status texts, and 'Paid' once the reward has been paid. */
export const STAGE_LABEL: Record<ReferralStage, string> = {
  pending: 'Pending',
  inProgress: 'In Progress',
  owed: 'Payment Due',
  paid: 'Paid',
};

export const STAGE_VARIANT = {
  pending: 'secondary',
  inProgress: 'outline',
  owed: 'warning',
  paid: 'success',
} as const satisfies Record<ReferralStage, 'secondary' | 'outline' | 'warning' | 'success'>;

/** A referral's status, for reading only (search results; the list's own badge can be a button). */
export function StatusBadge({ referral }: { referral: Pick<ReferralDto, 'status' | 'rewardPaid'> }) {
  const stage = referralStage(referral);
  return <Badge variant={STAGE_VARIANT[stage]}>{STAGE_LABEL[stage]}</Badge>;
}
