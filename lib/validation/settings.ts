import { z } from 'zod';

/** Whole pounds, at least £1 (spec section 5: a number input with minimum 1, integers above 0 only). */
export const MAX_AMOUNT_POUNDS = 100_000;

const wholePounds = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of pounds` })
    .int(`${label} must be a whole number of pounds`)
    .min(1, `${label} must be at least £1`)
    .max(MAX_AMOUNT_POUNDS, `${label} must be at most £${MAX_AMOUNT_POUNDS.toLocaleString('en-GB')}`);

export const updateSettingsSchema = z
  .object({
    referralRewardAmount: wholePounds('Referral reward amount').optional(),
    teamBonusAmount: wholePounds('Team bonus amount').optional(),
  })
  .strict()
  .refine((v) => v.referralRewardAmount !== undefined || v.teamBonusAmount !== undefined, {
    message: 'Nothing to update: send referralRewardAmount or teamBonusAmount',
  });
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/** What the Save button of an amount card accepts (spec section 5): changed, non-empty, an integer above 0. */
export function canSaveAmount(input: string, saved: number): boolean {
  if (input.trim() === '') return false;
  const value = Number(input);
  return Number.isInteger(value) && value > 0 && value <= MAX_AMOUNT_POUNDS && value !== saved;
}
