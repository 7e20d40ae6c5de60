/**
 * The answers of the settings endpoints (issue 30): each a zod schema (the contract, checked against every real
 * answer in the integration suite) with its TypeScript type inferred from it. Safe to import from the browser:
 * schemas and pure mappers only (the Prisma import is a type).
 */
import { z } from '@/lib/validation/zod';
import type { Prisma } from '@/lib/generated/prisma/client';
import { fromKindEnum, isSwitchableKind, SWITCHABLE_KINDS } from '@/lib/messages/kinds';
import { toPounds } from '@/lib/money';

/** The public address of the clinic's logo: it changes with the logo, so it can be cached for a year. */
export function logoPath(hash: string | null): string | null {
  return hash ? `/clinic-logo/${hash}.png` : null;
}

/** The clinic's profile (issue 16): who the public pages belong to. Blank fields are null. */
export const clinicProfileSchema = z
  .object({
    clinicName: z.string().nullable(),
    clinicEmail: z.string().nullable(),
    clinicPhone: z.string().nullable(),
    clinicAddress: z.string().nullable(),
    /** https only. */
    clinicWebsite: z.string().nullable().meta({ description: "The clinic's website (https only)." }),
    /** #rrggbb on which white text reaches 4.5:1; null for the built-in teal. */
    brandColour: z
      .string()
      .nullable()
      .meta({ description: '#rrggbb on which white text reaches 4.5:1; null for the built-in teal.' }),
    /** The clinic's own privacy notice; null for the built-in /privacy page. */
    privacyNoticeUrl: z
      .string()
      .nullable()
      .meta({ description: "The clinic's own privacy notice; null for the built-in /privacy page." }),
    /** /clinic-logo/{hash}.png, or null when no logo was uploaded. */
    logoUrl: z.string().nullable().meta({
      description: '/clinic-logo/{hash}.png (cacheable for a year), or null when no logo was uploaded.',
    }),
    /** Leads that never became a paying referral are erased after this many months. */
    leadRetentionMonths: z
      .number()
      .int()
      .meta({ description: 'Leads that never became a paying referral are erased after this many months.' }),
  })
  .meta({
    id: 'ClinicProfile',
    description: 'The clinic’s profile: who the public pages belong to. Blank fields are null.',
  });
export type ClinicProfileDto = z.infer<typeof clinicProfileSchema>;

/** GET/PATCH /api/settings: the clinic's programme settings and profile, as staff and the public pages read them. */
export const settingsSchema = clinicProfileSchema
  .extend({
    /** Whole pounds. */
    referralRewardAmount: z.number().meta({ description: "Pounds: a referrer's reward for each friend." }),
    /** Whole pounds. */
    teamBonusAmount: z.number().meta({ description: "Pounds: a team member's bonus for each review." }),
    /** Where the lead form's offer button goes; null for the built-in offer page. */
    offerLink: z
      .string()
      .nullable()
      .meta({ description: "Where the lead form's offer button goes; null for the built-in offer page." }),
    /** A Google Place ID or a full link, for the review page's Google button. */
    googleReviewLink: z
      .string()
      .nullable()
      .meta({ description: "A Google Place ID or a full link, for the review page's Google button." }),
    trustpilotReviewLink: z.string().nullable(),
    /** Kinds of message the clinic turned off (issue 17). */
    messageKindsOff: z
      .array(z.enum(SWITCHABLE_KINDS))
      .meta({ description: 'Kinds of message the clinic turned off: none of these is sent.' }),
    /** Minutes a 'reward paid' email waits for an undo before it is sent (0: at once). */
    paidEmailDelayMinutes: z.number().int().meta({
      description: "Minutes a 'reward paid' email waits for an undo before it is sent (0: at once).",
    }),
    /** The friend's offer in the clinic's words (issue 29); lib/offer.ts turns these into what patients read. */
    offerEnabled: z
      .boolean()
      .meta({ description: 'Whether friends are offered anything (the offer below).' }),
    offerHeadline: z.string(),
    offerInvitation: z.string(),
    offerDetails: z.string(),
    /** Blank for none. */
    offerTerms: z.string().meta({ description: "The offer's terms; blank for none." }),
    /** What the referrer earns, with {amount} where the reward amount goes. */
    rewardWording: z
      .string()
      .meta({ description: 'What the referrer earns, with {amount} where the reward amount goes.' }),
    /** The lead form's treatment choices, in order. */
    treatmentOptions: z
      .array(z.string())
      .meta({ description: "The lead form's treatment choices, in order." }),
    /** Issue 33: when and by whom the clinic recorded that it relies on PECR's soft opt-in; null: it does not. */
    softOptInReliedOnAt: z.iso
      .datetime()
      .nullable()
      .meta({
        description:
          'When the clinic recorded that it relies on the soft opt-in (PECR) for its existing patients, so ' +
          'that imported clients without recorded consent may be sent their cards; null: it does not.',
      }),
    softOptInReliedOnBy: z
      .string()
      .nullable()
      .meta({ description: 'Who recorded the soft opt-in (the email of the member of staff).' }),
    /** Issue 33: the most card emails an hour that "Send cards to imported clients" queues. */
    cardSendsPerHour: z.number().int().meta({
      description: 'The most card emails an hour that “Send cards to imported clients” queues (1 to 5,000).',
    }),
    /** Issue 34: high-confidence matches from the practice's records confirmed as they arrive (off by default). */
    autoConfirmHighMatches: z.boolean().meta({
      description:
        "Whether a high-confidence match from the practice's records starts the referral's story " +
        'automatically (off by default; low-confidence matches always wait for staff).',
    }),
  })
  .meta({
    id: 'Settings',
    description: "The clinic's programme settings and profile, as staff and the public pages read them.",
  });
export type SettingsDto = z.infer<typeof settingsSchema>;

/** GET /api/app-url: the address every link and card email names (APP_URL), and whether patients can open it. */
export const appUrlSchema = z
  .object({
    origin: z.string().meta({ description: 'The address every link and card email names (APP_URL).' }),
    /** 'unset': APP_URL missing (the app fell back to localhost); 'local': loopback or private; else 'public'. */
    state: z.enum(['unset', 'local', 'public']).meta({
      description:
        "'unset': APP_URL missing (the app fell back to localhost); 'local': loopback or a private " +
        "network; else 'public'.",
    }),
    reachable: z.boolean().meta({ description: "Whether a patient's phone could open links to it." }),
  })
  .meta({ id: 'AppUrl', description: 'The address links name, and whether patients can open it.' });
export type AppUrlDto = z.infer<typeof appUrlSchema>;

export type SettingsRow = Omit<Prisma.SettingsGetPayload<object>, 'logoPng'>;

export function toSettingsDto(s: SettingsRow): SettingsDto {
  return {
    referralRewardAmount: toPounds(s.referralRewardPence),
    teamBonusAmount: toPounds(s.teamBonusPence),
    offerLink: s.offerLink,
    googleReviewLink: s.googleReviewLink,
    trustpilotReviewLink: s.trustpilotReviewLink,
    clinicName: s.clinicName,
    clinicEmail: s.clinicEmail,
    clinicPhone: s.clinicPhone,
    clinicAddress: s.clinicAddress,
    clinicWebsite: s.clinicWebsite,
    brandColour: s.brandColour,
    privacyNoticeUrl: s.privacyNoticeUrl,
    logoUrl: logoPath(s.logoHash),
    leadRetentionMonths: s.leadRetentionMonths,
    messageKindsOff: (s.messageKindsOff ?? []).map(fromKindEnum).filter(isSwitchableKind),
    paidEmailDelayMinutes: s.paidEmailDelayMinutes,
    offerEnabled: s.offerEnabled,
    offerHeadline: s.offerHeadline,
    offerInvitation: s.offerInvitation,
    offerDetails: s.offerDetails,
    offerTerms: s.offerTerms,
    rewardWording: s.rewardWording,
    treatmentOptions: s.treatmentOptions,
    softOptInReliedOnAt: s.softOptInReliedOnAt?.toISOString() ?? null,
    softOptInReliedOnBy: s.softOptInReliedOnBy,
    cardSendsPerHour: s.cardSendsPerHour,
    autoConfirmHighMatches: s.autoConfirmHighMatches,
  };
}
