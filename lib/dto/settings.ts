import type { Prisma } from '@/lib/generated/prisma/client';
import { toPounds } from '@/lib/money';

/** GET/PATCH /api/settings: the clinic's programme settings, as staff and the public pages read them. */
export interface SettingsDto {
  /** Whole pounds. */
  referralRewardAmount: number;
  /** Whole pounds. */
  teamBonusAmount: number;
  /** Where the lead form's offer button goes; null for the built-in offer page. */
  offerLink: string | null;
  /** A Google Place ID or a full link, for the review page's Google button. */
  googleReviewLink: string | null;
  trustpilotReviewLink: string | null;
}

export function toSettingsDto(s: Prisma.SettingsGetPayload<object>): SettingsDto {
  return {
    referralRewardAmount: toPounds(s.referralRewardPence),
    teamBonusAmount: toPounds(s.teamBonusPence),
    offerLink: s.offerLink,
    googleReviewLink: s.googleReviewLink,
    trustpilotReviewLink: s.trustpilotReviewLink,
  };
}
