import 'server-only';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { UpdateSettingsInput } from '@/lib/validation/settings';

/** The spec's defaults (section 3): referral reward £200, team bonus £10. */
export const DEFAULT_REFERRAL_REWARD_PENCE = 20_000;
export const DEFAULT_TEAM_BONUS_PENCE = 1_000;

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

async function row() {
  return (
    (await db.settings.findUnique({ where: { id: 1 } })) ??
    (await db.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} }))
  );
}

const toDto = (s: Prisma.SettingsGetPayload<object>): SettingsDto => ({
  referralRewardAmount: s.referralRewardPence / 100,
  teamBonusAmount: s.teamBonusPence / 100,
  offerLink: s.offerLink,
  googleReviewLink: s.googleReviewLink,
  trustpilotReviewLink: s.trustpilotReviewLink,
});

export async function getSettings(): Promise<SettingsDto> {
  return toDto(await row());
}

export async function updateSettings(input: UpdateSettingsInput, by: string): Promise<SettingsDto> {
  const data = {
    ...(input.referralRewardAmount !== undefined && {
      referralRewardPence: input.referralRewardAmount * 100,
    }),
    ...(input.teamBonusAmount !== undefined && { teamBonusPence: input.teamBonusAmount * 100 }),
    ...(input.offerLink !== undefined && { offerLink: input.offerLink }),
    ...(input.googleReviewLink !== undefined && { googleReviewLink: input.googleReviewLink }),
    ...(input.trustpilotReviewLink !== undefined && { trustpilotReviewLink: input.trustpilotReviewLink }),
    updatedBy: by,
  };
  const saved = await db.settings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
  return toDto(saved);
}
