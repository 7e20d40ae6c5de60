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
