import type { Prisma } from '@/lib/generated/prisma/client';
import { fromKindEnum, type MessageKindText } from '@/lib/messages/kinds';
import { toPounds } from '@/lib/money';

/** The public address of the clinic's logo: it changes with the logo, so it can be cached for a year. */
export function logoPath(hash: string | null): string | null {
  return hash ? `/clinic-logo/${hash}.png` : null;
}

/** The clinic's profile (issue 16): who the public pages belong to. Blank fields are null. */
export interface ClinicProfileDto {
  clinicName: string | null;
  clinicEmail: string | null;
  clinicPhone: string | null;
  clinicAddress: string | null;
  /** https only. */
  clinicWebsite: string | null;
  /** #rrggbb on which white text reaches 4.5:1; null for the built-in teal. */
  brandColour: string | null;
  /** The clinic's own privacy notice; null for the built-in /privacy page. */
  privacyNoticeUrl: string | null;
  /** /clinic-logo/{hash}.png, or null when no logo was uploaded. */
  logoUrl: string | null;
  /** Leads that never became a paying referral are erased after this many months. */
  leadRetentionMonths: number;
}

/** GET/PATCH /api/settings: the clinic's programme settings and profile, as staff and the public pages read them. */
export interface SettingsDto extends ClinicProfileDto {
  /** Whole pounds. */
  referralRewardAmount: number;
  /** Whole pounds. */
  teamBonusAmount: number;
  /** Where the lead form's offer button goes; null for the built-in offer page. */
  offerLink: string | null;
  /** A Google Place ID or a full link, for the review page's Google button. */
  googleReviewLink: string | null;
  trustpilotReviewLink: string | null;
  /** Kinds of message the clinic turned off (issue 17). */
  messageKindsOff: MessageKindText[];
  /** Minutes a 'reward paid' email waits for an undo before it is sent (0: at once). */
  paidEmailDelayMinutes: number;
  /** The friend's offer in the clinic's words (issue 29); lib/offer.ts turns these into what patients read. */
  offerEnabled: boolean;
  offerHeadline: string;
  offerInvitation: string;
  offerDetails: string;
  /** Blank for none. */
  offerTerms: string;
  /** What the referrer earns, with {amount} where the reward amount goes. */
  rewardWording: string;
  /** The lead form's treatment choices, in order. */
  treatmentOptions: string[];
}

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
    messageKindsOff: (s.messageKindsOff ?? []).map(fromKindEnum),
    paidEmailDelayMinutes: s.paidEmailDelayMinutes,
    offerEnabled: s.offerEnabled,
    offerHeadline: s.offerHeadline,
    offerInvitation: s.offerInvitation,
    offerDetails: s.offerDetails,
    offerTerms: s.offerTerms,
    rewardWording: s.rewardWording,
    treatmentOptions: s.treatmentOptions,
  };
}
