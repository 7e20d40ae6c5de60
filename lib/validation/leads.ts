import { z } from './zod';
import { titleCaseName } from '@/lib/names';
import { VALID_EMAIL_TEXT } from './messages';
import { checkPhone, isValidPhone } from './phone';
import { isWholePence } from '@/lib/money';
import { INVISIBLE_NAME_TEXT, INVISIBLE_TEXT_TEXT, isVisibleText } from './names';

export {
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  PHONE_REQUIRED_TEXT,
  VALID_PHONE_TEXT,
  TREATMENT_REQUIRED_TEXT,
  FILL_REQUIRED_FIELDS_TEXT,
  TREATMENT_INTERESTS,
  QR_REFERRAL_SOURCE,
  MANUAL_ENTRY_SOURCE,
  type TreatmentInterestValue,
} from './lead-texts';
import {
  FILL_REQUIRED_FIELDS_TEXT,
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  MANUAL_ENTRY_SOURCE,
  NAME_MAX,
  QR_REFERRAL_SOURCE,
  PHONE_REQUIRED_TEXT,
  TREATMENT_REQUIRED_TEXT,
  VALID_PHONE_TEXT,
} from './lead-texts';

const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
    .refine(isVisibleText, INVISIBLE_NAME_TEXT)
    .transform(titleCaseName);

const email = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, VALID_EMAIL_TEXT)
    .toLowerCase()
    .pipe(z.email({ error: VALID_EMAIL_TEXT }));

/** A phone as sent: normalised (spec section 5) and held to the spec's pattern (see checkPhone). */
const phone = z
  .string({ error: VALID_PHONE_TEXT })
  .max(40, VALID_PHONE_TEXT)
  .transform((value, ctx) => {
    const normalised = checkPhone(value);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: VALID_PHONE_TEXT });
      return z.NEVER;
    }
    return normalised;
  });

/** Optional text fields: blank means absent. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A client's card number (the public form's ref) or client id (manual entry). */
const referrerId = z
  .string({ error: 'referrerId must be a card number or a client id' })
  .trim()
  .max(100, 'referrerId must be a card number or a client id');

/**
 * POST /api/leads (spec sections 3 and 5). The public form must give every field; staff entering a referral
 * by hand ('Manual Entry') need a referrer, names and an email, and the phone is optional. Whatever the browser
 * sent, names and recommendedBy are title-cased, the email trimmed and lower-cased and the phone normalised: the
 * one place this happens, for the public form's action too (lib/leads/public-form.ts passes names as typed).
 */
export const createLeadSchema = z
  .object({
    firstName: name(FIRST_NAME_REQUIRED_TEXT),
    lastName: name(LAST_NAME_REQUIRED_TEXT),
    email: email(VALID_EMAIL_TEXT),
    phone: z.preprocess(blankToNull, phone.nullish()),
    recommendedBy: z
      .string({ error: 'recommendedBy must be text' })
      .trim()
      .max(200, 'recommendedBy must be at most 200 characters')
      .refine(isVisibleText, INVISIBLE_NAME_TEXT)
      .transform((v) => (v ? titleCaseName(v) : null))
      .nullish(),
    // One of the clinic's treatments (Settings → Offer, issue 29) as its label, or one of the spec's four values;
    // recordLead checks it against the clinic's list.
    treatmentInterest: z
      .string({ error: TREATMENT_REQUIRED_TEXT })
      .trim()
      .max(100, TREATMENT_REQUIRED_TEXT)
      .refine(isVisibleText, TREATMENT_REQUIRED_TEXT)
      .nullish(),
    source: z
      .enum([QR_REFERRAL_SOURCE, MANUAL_ENTRY_SOURCE], {
        error: `source must be '${QR_REFERRAL_SOURCE}' or '${MANUAL_ENTRY_SOURCE}'`,
      })
      .default(QR_REFERRAL_SOURCE),
    referrerId: z.preprocess(blankToNull, referrerId.nullish()),
    /** The form's one optional, unticked box for marketing messages (issue 16). */
    marketingConsent: z.boolean({ error: 'marketingConsent must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.source === MANUAL_ENTRY_SOURCE) {
      if (!v.referrerId)
        ctx.addIssue({ code: 'custom', path: ['referrerId'], message: FILL_REQUIRED_FIELDS_TEXT });
      return;
    }
    // null/undefined only: a phone that failed its own check already has its message.
    if (v.phone == null) ctx.addIssue({ code: 'custom', path: ['phone'], message: PHONE_REQUIRED_TEXT });
    if (!v.treatmentInterest) {
      ctx.addIssue({ code: 'custom', path: ['treatmentInterest'], message: TREATMENT_REQUIRED_TEXT });
    }
  });
export type CreateLeadInput = z.input<typeof createLeadSchema>;
export type CreateLead = z.output<typeof createLeadSchema>;

/** POST /api/referrals (spec section 7): a manual referral always starts as pending. */
export const createReferralSchema = z
  .object({
    referrerId: referrerId.min(1, FILL_REQUIRED_FIELDS_TEXT),
    leadId: z.uuid({ error: 'leadId must be a lead id' }),
    status: z.literal('pending', { error: "A new referral's status must be 'pending'" }).default('pending'),
  })
  .strict();

export const REFERRAL_STATUSES = ['pending', 'In Progress', 'Payment Due'] as const;

/** At most £5,000 and whole pence: the same ceiling as the settings (issue 14, point 8). */
export const MAX_REWARD_POUNDS = 5_000;

/** PATCH /api/referrals/{id}: the status (exactly as the spec writes them) and, for Story Started, a reward. */
export const CONTACTED_TEXT = 'contacted must be true (a lead cannot be marked not contacted)';

/**
 * What came of reception's call (issue 29), as the API spells it (hyphenated, like the treatments). 'No answer'
 * keeps the friend in the inbox to try again; the others take them out.
 */
export const LEAD_OUTCOMES = [
  { value: 'contacted', label: 'Contacted' },
  { value: 'no-answer', label: 'No answer' },
  { value: 'booked', label: 'Booked' },
  { value: 'not-interested', label: 'Not interested' },
] as const;
export type LeadOutcomeValue = (typeof LEAD_OUTCOMES)[number]['value'];
export const LEAD_OUTCOME_VALUES = LEAD_OUTCOMES.map((o) => o.value) as [
  LeadOutcomeValue,
  ...LeadOutcomeValue[],
];
export const OUTCOME_TEXT = "outcome must be 'contacted', 'no-answer', 'booked', 'not-interested' or null";
export const OUTCOME_NOTE_MAX = 200;
export const OUTCOME_NOTE_TEXT = `The note must be at most ${OUTCOME_NOTE_MAX} characters`;
export const CONTACTED_OR_OUTCOME_TEXT =
  "Send contacted: true, or an outcome ('contacted', 'no-answer', 'booked', 'not-interested', or null to clear it)";

/** A short note about the call ('rang twice, call after 5pm'): blank means none. */
const outcomeNote = z.preprocess(
  blankToNull,
  z
    .string({ error: 'note must be text' })
    .trim()
    .max(OUTCOME_NOTE_MAX, OUTCOME_NOTE_TEXT)
    .refine(isVisibleText, INVISIBLE_TEXT_TEXT)
    .nullish(),
);

/**
 * PATCH /api/leads/{id}: { contacted: true } as before (issue 17: the outcome 'contacted', a repeat keeps the
 * first record), or { outcome, note } (issue 29), where outcome null clears it (undo: the lead comes back).
 */
export const updateLeadSchema = z
  .object({
    contacted: z.literal(true, { error: CONTACTED_TEXT }).optional(),
    outcome: z.enum(LEAD_OUTCOME_VALUES, { error: OUTCOME_TEXT }).nullable().optional(),
    note: outcomeNote,
  })
  .strict()
  .refine((v) => (v.contacted === undefined) !== (v.outcome === undefined), {
    message: CONTACTED_OR_OUTCOME_TEXT,
  })
  .refine((v) => v.note == null || (v.outcome !== undefined && v.outcome !== null), {
    message: 'A note goes with an outcome',
    path: ['note'],
  });
export type UpdateLeadInput = z.input<typeof updateLeadSchema>;
export type UpdateLead = z.output<typeof updateLeadSchema>;

/** The inbox's 'Outcome and note' dialog: an outcome and the route's note rule (blank is none). */
export const leadOutcomeFormSchema = z.object({
  outcome: z.enum(LEAD_OUTCOME_VALUES, { error: 'Choose what came of the call' }),
  note: z.string().trim().max(OUTCOME_NOTE_MAX, OUTCOME_NOTE_TEXT).refine(isVisibleText, INVISIBLE_TEXT_TEXT),
});
export type LeadOutcomeFormValues = z.input<typeof leadOutcomeFormSchema>;

export const updateReferralSchema = z
  .object({
    status: z
      .enum(REFERRAL_STATUSES, {
        error: "status must be 'pending', 'In Progress' or 'Payment Due'",
      })
      .optional(),
    /** The new-referrals inbox (issue 17): the friend was contacted. */
    contacted: z.literal(true, { error: CONTACTED_TEXT }).optional(),
    rewardAmount: z
      .number({ error: 'rewardAmount must be an amount in pounds' })
      .positive('rewardAmount must be more than £0')
      .max(MAX_REWARD_POUNDS, `rewardAmount must be at most £${MAX_REWARD_POUNDS.toLocaleString('en-GB')}`)
      .refine(isWholePence, 'rewardAmount must be in whole pence')
      .nullish(),
  })
  .strict()
  .refine((v) => (v.status === undefined) !== (v.contacted === undefined), {
    message: "Send a status ('pending', 'In Progress' or 'Payment Due') or contacted: true",
  });
export type UpdateReferralInput = z.input<typeof updateReferralSchema>;

/** Add Manual Referral (spec section 5): referrer, names and email required, a valid email, phone optional. */
export const manualReferralFormSchema = z.object({
  referrerClientId: z.string().min(1, FILL_REQUIRED_FIELDS_TEXT),
  firstName: z
    .string()
    .trim()
    .min(1, FILL_REQUIRED_FIELDS_TEXT)
    .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
    .refine(isVisibleText, INVISIBLE_NAME_TEXT),
  lastName: z
    .string()
    .trim()
    .min(1, FILL_REQUIRED_FIELDS_TEXT)
    .max(NAME_MAX, `Names must be at most ${NAME_MAX} characters`)
    .refine(isVisibleText, INVISIBLE_NAME_TEXT),
  email: z
    .string()
    .trim()
    .min(1, FILL_REQUIRED_FIELDS_TEXT)
    .max(254, VALID_EMAIL_TEXT)
    .pipe(z.email({ error: VALID_EMAIL_TEXT })),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), VALID_PHONE_TEXT),
});
export type ManualReferralFormValues = z.input<typeof manualReferralFormSchema>;

export const ATTACH_CARD_NUMBER_TEXT = 'Enter the client’s card number, e.g. SC-AB12-CD34-EF56';

/** POST /api/leads/{id}/attach: the card number of the client who really referred the lead. */
export const attachLeadSchema = z
  .object({
    cardNumber: z
      .string({ error: ATTACH_CARD_NUMBER_TEXT })
      .trim()
      .toUpperCase()
      .regex(/^SC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/, ATTACH_CARD_NUMBER_TEXT),
  })
  .strict();
