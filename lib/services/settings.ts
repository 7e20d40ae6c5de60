import 'server-only';
import { db } from '@/lib/db';
import { expireAllCards } from './card-cache';
import type { UpdateSettingsInput } from '@/lib/validation/settings';
import { toPence } from '@/lib/money';
import { toSettingsDto, type SettingsDto } from '@/lib/dto/settings';

/** The spec's defaults (section 3): referral reward £200, team bonus £10. */
export const DEFAULT_REFERRAL_REWARD_PENCE = 20_000;
export const DEFAULT_TEAM_BONUS_PENCE = 1_000;

export type { SettingsDto };

/**
 * The one settings row, made with the spec's defaults on first use. INSERT ... ON CONFLICT DO NOTHING, so
 * first reads that arrive together all succeed (an upsert here made all but one of them fail with a 500).
 */
async function row() {
  const found = await db.settings.findUnique({ where: { id: 1 } });
  if (found) return found;
  await db.settings.createMany({ data: [{ id: 1 }], skipDuplicates: true });
  return db.settings.findUniqueOrThrow({ where: { id: 1 } });
}

export async function getSettings(): Promise<SettingsDto> {
  return toSettingsDto(await row());
}

export async function updateSettings(input: UpdateSettingsInput, by: string): Promise<SettingsDto> {
  const data = {
    ...(input.referralRewardAmount !== undefined && {
      referralRewardPence: toPence(input.referralRewardAmount),
    }),
    ...(input.teamBonusAmount !== undefined && { teamBonusPence: toPence(input.teamBonusAmount) }),
    ...(input.offerLink !== undefined && { offerLink: input.offerLink }),
    ...(input.googleReviewLink !== undefined && { googleReviewLink: input.googleReviewLink }),
    ...(input.trustpilotReviewLink !== undefined && { trustpilotReviewLink: input.trustpilotReviewLink }),
    updatedBy: by,
  };
  await row();
  const saved = await db.settings.update({ where: { id: 1 }, data });
  // Every card states the reward.
  if (input.referralRewardAmount !== undefined) expireAllCards();
  return toSettingsDto(saved);
}
