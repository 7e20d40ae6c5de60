/**
 * Issue 34: a proposal as staff see it: the referral (the friend and who referred them), the practice's record
 * (only what matching kept), how sure the match is and why, and what was decided. Safe in the browser.
 */
import { z } from '@/lib/validation/zod';
import { PRACTICE_MATCH_STATUSES, PRACTICE_RECORD_KINDS } from '@/lib/validation/practice-records';

export const practiceMatchSchema = z
  .object({
    id: z.uuid(),
    referralId: z.uuid(),
    status: z.enum(PRACTICE_MATCH_STATUSES),
    confidence: z.enum(['high', 'low']).meta({
      description:
        'high: the same email, or the same UK phone and surname. low: never confirmed automatically.',
    }),
    reasons: z.array(z.object({ code: z.string(), text: z.string() })).meta({
      description:
        'Why they match: same_email, same_phone_and_surname, same_phone, same_phone_other_surname, same_full_name.',
    }),
    eventDate: z.iso
      .date()
      .meta({ description: "The day of the practice's event (UK): the conversion date." }),
    kind: z.enum(PRACTICE_RECORD_KINDS),
    source: z.string(),
    record: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      externalPatientId: z.string().nullable(),
    }),
    referral: z.object({
      friendName: z.string(),
      referrerName: z.string(),
      referrerCardNumber: z.string(),
      status: z.enum(['pending', 'In Progress', 'Payment Due']),
      rewardAmount: z
        .number()
        .nullable()
        .meta({
          description: 'Pounds: the reward fixed for this referral; null until it is (at In Progress).',
        }),
    }),
    decidedBy: z.string().nullable().meta({ description: "Who decided (their email), or 'automatic'." }),
    decidedAt: z.iso.datetime().nullable(),
    automatic: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: 'PracticeMatch',
    description: "A practice record proposed as a referral's friend starting treatment.",
  });
export type PracticeMatchDto = z.infer<typeof practiceMatchSchema>;

export const confirmHighResultSchema = z
  .object({ confirmed: z.number().int().meta({ description: 'How many referrals were started.' }) })
  .meta({ id: 'ConfirmHighResult' });
