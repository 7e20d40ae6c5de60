import { z } from './zod';
import { brandColourProblem, normaliseHex } from '@/lib/colour';
import { SWITCHABLE_KINDS } from '@/lib/messages/kinds';
import { VALID_EMAIL_TEXT } from './messages';
import { INVISIBLE_TEXT_TEXT, isVisibleText } from './names';
import { AMOUNT_PLACEHOLDER } from '@/lib/offer';

/**
 * Whole pounds, at least £1 (spec section 5: a number input with minimum 1, integers above 0 only), and at
 * most £5,000 (issue 14, point 8): a slip of the keyboard, or a dishonest edit, cannot promise every new
 * referral a fortune.
 */
export const MAX_AMOUNT_POUNDS = 5_000;
const MAX_AMOUNT_TEXT = `£${MAX_AMOUNT_POUNDS.toLocaleString('en-GB')}`;
export const MAX_REFERRAL_REWARD_TEXT = `The reward cannot be more than ${MAX_AMOUNT_TEXT}.`;
export const MAX_TEAM_BONUS_TEXT = `The team bonus cannot be more than ${MAX_AMOUNT_TEXT}.`;

const wholePounds = (label: string, tooMuch: string) =>
  z
    .number({ error: `${label} must be a whole number of pounds` })
    .int(`${label} must be a whole number of pounds`)
    .min(1, `${label} must be at least £1`)
    .max(MAX_AMOUNT_POUNDS, tooMuch);

export const OFFER_LINK_TEXT = 'Enter a full web address starting with https:// (or http://)';

/**
 * Where the lead form's 'Tap for 5% off your Smile Story' button goes: a web address of the clinic's, or
 * blank for the built-in offer page. Only http(s) addresses, so no script can hide in a link.
 */
export const offerLinkSchema = z
  .string({ error: OFFER_LINK_TEXT })
  .trim()
  .max(500, 'The link must be at most 500 characters')
  .refine((v) => v === '' || isHttpUrl(v), OFFER_LINK_TEXT)
  .transform((v) => v || null)
  .nullable();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const GOOGLE_REVIEW_LINK_TEXT =
  'Enter the Google Place ID (e.g. ChIJN1t_tDeuEmsRUsoyG83frY4) or a full https:// link';

/** The review page's Google button: a Google Place ID, or a full link. Blank: none set. */
export const googleReviewLinkSchema = z
  .string({ error: GOOGLE_REVIEW_LINK_TEXT })
  .trim()
  .max(500, 'The link must be at most 500 characters')
  .refine((v) => v === '' || isHttpUrl(v) || /^[A-Za-z0-9_-]{10,200}$/.test(v), GOOGLE_REVIEW_LINK_TEXT)
  .transform((v) => v || null)
  .nullable();

/** The review page's Trustpilot button: a full link. Blank: 'Trustpilot review link coming soon!'. */
export const trustpilotReviewLinkSchema = offerLinkSchema;

// ----- The clinic's profile (issue 16)

/**
 * Optional text: trimmed, blank is null (cleared). It heads every email and page, so no invisible or control
 * character (issue 28, point 11); an address may keep its line breaks.
 */
const optionalText = (label: string, max: number, lines = false) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => isVisibleText(lines ? v.replace(/\r?\n/g, ' ') : v), INVISIBLE_TEXT_TEXT)
    .transform((v) => v || null)
    .nullable();

export const HTTPS_LINK_TEXT = (label: string) =>
  `${label} must be a full web address starting with https://`;

/** An https address (the public pages link to it), or blank. */
const httpsLink = (label: string) =>
  z
    .string({ error: HTTPS_LINK_TEXT(label) })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((v) => v === '' || isHttpsUrl(v), HTTPS_LINK_TEXT(label))
    .transform((v) => v || null)
    .nullable();

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const CLINIC_PHONE_TEXT = 'Enter the clinic phone number with digits, e.g. 020 7946 0000';

export const clinicProfileShape = {
  clinicName: optionalText('The clinic name', 100),
  clinicEmail: z
    .string({ error: VALID_EMAIL_TEXT })
    .trim()
    .max(254, VALID_EMAIL_TEXT)
    .toLowerCase()
    .refine((v) => v === '' || z.email().safeParse(v).success, VALID_EMAIL_TEXT)
    .transform((v) => v || null)
    .nullable(),
  clinicPhone: z
    .string({ error: CLINIC_PHONE_TEXT })
    .trim()
    .max(30, CLINIC_PHONE_TEXT)
    .refine(
      (v) => v === '' || (/^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 7),
      CLINIC_PHONE_TEXT,
    )
    .transform((v) => v || null)
    .nullable(),
  clinicAddress: optionalText('The address', 300, true),
  clinicWebsite: httpsLink('The website'),
  brandColour: z
    .string({ error: 'Enter the brand colour as a hex code, e.g. #00716b' })
    .trim()
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : brandColourProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => (v === '' ? null : normaliseHex(v)))
    .nullable(),
  privacyNoticeUrl: httpsLink('The privacy notice link'),
};

// ----- The clinic's offer, in its own words (issue 29, point 2)

export const OFFER_LIMITS = {
  headline: 80,
  invitation: 160,
  details: 600,
  terms: 1500,
  rewardWording: 80,
  treatment: 60,
  treatmentsMax: 12,
} as const;

/**
 * Text a patient reads: trimmed, at most `max` characters, no invisible or control character. `required` refuses
 * blank (the offer needs a headline); `lines` lets a paragraph keep its line breaks.
 */
const patientText = (label: string, max: number, { required = false, lines = false } = {}) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !required || v !== '', `${label} cannot be blank`)
    .refine((v) => isVisibleText(lines ? v.replace(/\r?\n/g, ' ') : v), INVISIBLE_TEXT_TEXT);

export const REWARD_WORDING_AMOUNT_TEXT = `The reward wording must contain ${AMOUNT_PLACEHOLDER} exactly once, where the reward amount goes`;
export const TREATMENTS_COUNT_TEXT = `List from 1 to ${OFFER_LIMITS.treatmentsMax} treatments`;
export const TREATMENTS_UNIQUE_TEXT = 'Each treatment can be listed only once';

export const offerShape = {
  offerEnabled: z.boolean({ error: 'offerEnabled must be true or false' }),
  offerHeadline: patientText('The offer headline', OFFER_LIMITS.headline, { required: true }),
  offerInvitation: patientText('The share invitation', OFFER_LIMITS.invitation, { required: true }),
  offerDetails: patientText('The offer details', OFFER_LIMITS.details, { lines: true }),
  offerTerms: patientText('The terms', OFFER_LIMITS.terms, { lines: true }),
  rewardWording: patientText('The reward wording', OFFER_LIMITS.rewardWording, { required: true }).refine(
    (v) => v.split(AMOUNT_PLACEHOLDER).length === 2,
    REWARD_WORDING_AMOUNT_TEXT,
  ),
  treatmentOptions: z
    .array(patientText('A treatment', OFFER_LIMITS.treatment, { required: true }), {
      error: TREATMENTS_COUNT_TEXT,
    })
    .min(1, TREATMENTS_COUNT_TEXT)
    .max(OFFER_LIMITS.treatmentsMax, TREATMENTS_COUNT_TEXT)
    .refine(
      (list) => new Set(list.map((t) => t.toLocaleLowerCase('en-GB'))).size === list.length,
      TREATMENTS_UNIQUE_TEXT,
    ),
};

export const MESSAGE_KINDS_OFF_TEXT = `messageKindsOff must list kinds from ${SWITCHABLE_KINDS.join(', ')}`;

/**
 * The Settings → Emails form: one switch per kind of message, on when it is sent. Saved as `messageKindsOff`,
 * the kinds switched off (updateSettingsSchema).
 */
export const messageKindsFormSchema = z.object(
  Object.fromEntries(SWITCHABLE_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    (typeof SWITCHABLE_KINDS)[number],
    z.ZodBoolean
  >,
);
export type MessageKindsFormInput = z.infer<typeof messageKindsFormSchema>;

/**
 * How long a 'reward paid' email waits for an undo (issue 29): up to a day; 0 sends it at once, for a clinic
 * that marks a reward paid only once its bank has sent the money.
 */
export const PAID_EMAIL_DELAY_MINUTES = { min: 0, max: 1440, default: 10 } as const;
export const PAID_EMAIL_DELAY_TEXT = `Wait a whole number of minutes from ${PAID_EMAIL_DELAY_MINUTES.min} to ${PAID_EMAIL_DELAY_MINUTES.max} (a day)`;
export const paidEmailDelaySchema = z
  .number({ error: PAID_EMAIL_DELAY_TEXT })
  .int(PAID_EMAIL_DELAY_TEXT)
  .min(PAID_EMAIL_DELAY_MINUTES.min, PAID_EMAIL_DELAY_TEXT)
  .max(PAID_EMAIL_DELAY_MINUTES.max, PAID_EMAIL_DELAY_TEXT);

/** Issue 33: the most card emails an hour that "Send cards to imported clients" queues through the outbox. */
export const CARD_SENDS_PER_HOUR = { min: 1, max: 5_000, default: 500 } as const;
export const CARD_SENDS_PER_HOUR_TEXT = `Send a whole number of card emails an hour from ${CARD_SENDS_PER_HOUR.min} to ${CARD_SENDS_PER_HOUR.max.toLocaleString('en-GB')}`;
export const cardSendsPerHourSchema = z
  .number({ error: CARD_SENDS_PER_HOUR_TEXT })
  .int(CARD_SENDS_PER_HOUR_TEXT)
  .min(CARD_SENDS_PER_HOUR.min, CARD_SENDS_PER_HOUR_TEXT)
  .max(CARD_SENDS_PER_HOUR.max, CARD_SENDS_PER_HOUR_TEXT);
export const SOFT_OPT_IN_TEXT = 'softOptInReliedOn must be true or false';
export const AUTO_CONFIRM_TEXT = 'autoConfirmHighMatches must be true or false';

export const RETENTION_MONTHS = { min: 6, max: 120, default: 24 } as const;
export const RETENTION_TEXT = `Keep leads for a whole number of months from ${RETENTION_MONTHS.min} to ${RETENTION_MONTHS.max}`;

const SETTINGS_FIELDS =
  'referralRewardAmount, teamBonusAmount, offerLink, offerEnabled, offerHeadline, offerInvitation, offerDetails, offerTerms, rewardWording, treatmentOptions, googleReviewLink, trustpilotReviewLink, clinicName, clinicEmail, clinicPhone, clinicAddress, clinicWebsite, brandColour, privacyNoticeUrl, leadRetentionMonths, paidEmailDelayMinutes, messageKindsOff, softOptInReliedOn, cardSendsPerHour or autoConfirmHighMatches';

export const updateSettingsSchema = z
  .object({
    referralRewardAmount: wholePounds('Referral reward amount', MAX_REFERRAL_REWARD_TEXT).optional(),
    teamBonusAmount: wholePounds('Team bonus amount', MAX_TEAM_BONUS_TEXT).optional(),
    offerLink: offerLinkSchema.optional(),
    offerEnabled: offerShape.offerEnabled.optional(),
    offerHeadline: offerShape.offerHeadline.optional(),
    offerInvitation: offerShape.offerInvitation.optional(),
    offerDetails: offerShape.offerDetails.optional(),
    offerTerms: offerShape.offerTerms.optional(),
    rewardWording: offerShape.rewardWording.optional(),
    treatmentOptions: offerShape.treatmentOptions.optional(),
    googleReviewLink: googleReviewLinkSchema.optional(),
    trustpilotReviewLink: trustpilotReviewLinkSchema.optional(),
    clinicName: clinicProfileShape.clinicName.optional(),
    clinicEmail: clinicProfileShape.clinicEmail.optional(),
    clinicPhone: clinicProfileShape.clinicPhone.optional(),
    clinicAddress: clinicProfileShape.clinicAddress.optional(),
    clinicWebsite: clinicProfileShape.clinicWebsite.optional(),
    brandColour: clinicProfileShape.brandColour.optional(),
    privacyNoticeUrl: clinicProfileShape.privacyNoticeUrl.optional(),
    leadRetentionMonths: z
      .number({ error: RETENTION_TEXT })
      .int(RETENTION_TEXT)
      .min(RETENTION_MONTHS.min, RETENTION_TEXT)
      .max(RETENTION_MONTHS.max, RETENTION_TEXT)
      .optional(),
    paidEmailDelayMinutes: paidEmailDelaySchema.optional(),
    messageKindsOff: z
      .array(z.enum(SWITCHABLE_KINDS, { error: MESSAGE_KINDS_OFF_TEXT }), { error: MESSAGE_KINDS_OFF_TEXT })
      .max(SWITCHABLE_KINDS.length, MESSAGE_KINDS_OFF_TEXT)
      .optional(),
    // Issue 33: true records that the clinic relies on the soft opt-in (who and when: the one saving it);
    // false clears the record.
    softOptInReliedOn: z
      .boolean({ error: SOFT_OPT_IN_TEXT })
      .optional()
      .meta({
        description:
          'true: the clinic relies on the soft opt-in (PECR) for its existing patients; it is recorded with ' +
          'who saved it and when (kept as it is if already on). false: it does not; the record is cleared.',
      }),
    cardSendsPerHour: cardSendsPerHourSchema.optional(),
    // Issue 34: off by default; a low-confidence match is never confirmed automatically.
    autoConfirmHighMatches: z
      .boolean({ error: AUTO_CONFIRM_TEXT })
      .optional()
      .meta({
        description:
          "true: a high-confidence match from the practice's records starts the referral's story as it " +
          'arrives, audited as automatic; low-confidence matches always wait for staff.',
      }),
  })
  .strict()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: `Nothing to update: send ${SETTINGS_FIELDS}`,
  });
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/**
 * The schema's own message for a whole amount typed into an amount card that it refuses (above the ceiling),
 * so the card says what the server would; null for anything else (the Save button stays off for those).
 */
export function amountInputProblem(
  field: 'referralRewardAmount' | 'teamBonusAmount',
  input: string,
): string | null {
  const value = Number(input);
  if (input.trim() === '' || !Number.isInteger(value) || value <= MAX_AMOUNT_POUNDS) return null;
  const result = updateSettingsSchema.safeParse({ [field]: value });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * Text typed into a number input, checked by the number schema it converts to (its messages); blank is left
 * to the card (nothing to save), as the input's own value is text.
 */
const typedNumber = (schema: z.ZodType<number>) =>
  z.string().superRefine((text, ctx) => {
    if (text.trim() === '') return;
    const result = schema.safeParse(Number(text));
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message });
  });

/**
 * An amount card (Settings → Referral Reward Amount, Team Bonus Amount): the amount in whole pounds, and on
 * the referral reward's card the minutes the 'reward paid' email waits, both as typed, checked by the same
 * field schemas as updateSettingsSchema.
 */
export const amountFormSchema = (field: 'referralRewardAmount' | 'teamBonusAmount') =>
  z.object({
    amount: typedNumber(
      field === 'referralRewardAmount'
        ? wholePounds('Referral reward amount', MAX_REFERRAL_REWARD_TEXT)
        : wholePounds('Team bonus amount', MAX_TEAM_BONUS_TEXT),
    ),
    delay: typedNumber(paidEmailDelaySchema),
  });
export type AmountFormInput = z.infer<ReturnType<typeof amountFormSchema>>;

/** Text as typed, checked by the field schema it is saved through (its first message), kept as typed. */
const checkedText = (schema: z.ZodType) =>
  z.string().superRefine((text, ctx) => {
    const result = schema.safeParse(text);
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message });
  });

/**
 * The Settings → Clinic profile form: each field as typed (blank clears it), checked by the same field
 * schemas as updateSettingsSchema (clinicProfileShape; the brand colour's contrast with white text).
 */
export const clinicProfileFormSchema = z.object({
  clinicName: checkedText(clinicProfileShape.clinicName),
  clinicEmail: checkedText(clinicProfileShape.clinicEmail),
  clinicPhone: checkedText(clinicProfileShape.clinicPhone),
  clinicAddress: checkedText(clinicProfileShape.clinicAddress),
  clinicWebsite: checkedText(clinicProfileShape.clinicWebsite),
  brandColour: checkedText(clinicProfileShape.brandColour),
  privacyNoticeUrl: checkedText(clinicProfileShape.privacyNoticeUrl),
  leadRetentionMonths: typedNumber(updateSettingsSchema.shape.leadRetentionMonths.unwrap()),
});
export type ClinicProfileFormInput = z.infer<typeof clinicProfileFormSchema>;

/** The Settings → Review Links form: both links as typed (blank clears one), checked as the API checks them. */
export const reviewLinksFormSchema = z.object({
  googleReviewLink: checkedText(googleReviewLinkSchema),
  trustpilotReviewLink: checkedText(trustpilotReviewLinkSchema),
});
export type ReviewLinksFormInput = z.infer<typeof reviewLinksFormSchema>;

/**
 * The Settings → Offer card: the offer's words as typed, checked by offerShape (the link by offerLinkSchema),
 * and the treatments as rows (one input each), checked as treatmentOptions is. Saved as updateSettingsSchema's
 * fields, the rows as treatmentOptions.
 */
export const offerCardFormSchema = z.object({
  offerEnabled: offerShape.offerEnabled,
  offerHeadline: offerShape.offerHeadline,
  offerInvitation: offerShape.offerInvitation,
  offerDetails: offerShape.offerDetails,
  offerTerms: offerShape.offerTerms,
  offerLink: checkedText(offerLinkSchema),
  rewardWording: offerShape.rewardWording,
  treatments: z
    .array(z.object({ label: offerShape.treatmentOptions.element }))
    .min(1, TREATMENTS_COUNT_TEXT)
    .max(OFFER_LIMITS.treatmentsMax, TREATMENTS_COUNT_TEXT)
    .refine(
      (rows) => new Set(rows.map((r) => r.label.toLocaleLowerCase('en-GB'))).size === rows.length,
      TREATMENTS_UNIQUE_TEXT,
    ),
});
export type OfferCardFormInput = z.infer<typeof offerCardFormSchema>;

/** What the Save button of an amount card accepts (spec section 5): changed, non-empty, an integer above 0. */
export function canSaveAmount(input: string, saved: number): boolean {
  if (input.trim() === '') return false;
  const value = Number(input);
  return Number.isInteger(value) && value > 0 && value <= MAX_AMOUNT_POUNDS && value !== saved;
}
