import 'server-only';
import { notFound } from '@/lib/api/errors';
import type { Clinic } from '@/lib/clinic';
import type { SettingsDto } from '@/lib/dto/settings';
import { formatPounds } from '@/lib/money';
import {
  memberPrintPdf,
  referralPosterPdf,
  type ClinicContact,
  type ReferralPosterInput,
} from '@/lib/print/documents';
import { fileNamePart } from '@/lib/print/file-name';
import type { Brand } from '@/lib/print/pdf';
import type { PrintFormat } from '@/lib/validation/print';
import { getClinic } from './clinic';
import { currentLogoPng, getSettings } from './settings';
import { findTeamMember, MEMBER_NOT_FOUND_TEXT, reviewUrlFor } from './team';

/** A printable file: its bytes and the name it is saved under. */
export interface PrintFile {
  pdf: Buffer;
  fileName: string;
  /** The address its QR code holds. */
  qrAddress: string;
}

async function brandAndContact(): Promise<{ brand: Brand; contact: ClinicContact; clinic: Clinic }> {
  const [clinic, logoPng] = await Promise.all([getClinic(), currentLogoPng()]);
  return {
    clinic,
    brand: { name: clinic.displayName, colour: clinic.colour, colourDeep: clinic.colourDeep, logoPng },
    contact: { phone: clinic.phone, website: clinic.website, address: clinic.address },
  };
}

/**
 * A team member's A6 counter card or A4 poster (issue 29, point 13), with the QR code of the same review
 * address their PNG code holds. An archived or unknown member is not found.
 */
export async function memberPrint(origin: string, id: string, format: PrintFormat): Promise<PrintFile> {
  const member = await findTeamMember(id);
  if (!member) throw notFound(MEMBER_NOT_FOUND_TEXT);
  const { brand, contact } = await brandAndContact();
  const memberName = `${member.firstName} ${member.lastName}`;
  const reviewUrl = reviewUrlFor(origin, member.code);
  const pdf = await memberPrintPdf({ format, brand, contact, memberName, reviewUrl });
  const kind = format === 'a6' ? 'review-card-a6' : 'review-poster-a4';
  return { pdf, fileName: `${kind}-${fileNamePart(memberName, 'team-member')}.pdf`, qrAddress: reviewUrl };
}

/**
 * Where the referral poster's code leads: the recommendation form without a card number. The poster hangs at
 * reception, where the friends of existing patients sit: the form is where a friend starts, and without a
 * personal link it asks who recommended them (issue 29, point 4). The card page would not do: a card is only
 * opened by its own private link, and existing patients get theirs from reception, as the poster tells them.
 */
export const recommendationFormUrl = (origin: string) => `${origin}/recommendation-details`;

/**
 * The spec's texts (section 1: a free consultation and 5% off; '£200 cash per referral'), for a clinic that has
 * not written its own: what the Offer settings start with.
 */
export const DEFAULT_POSTER_WORDS = {
  offerEnabled: true,
  offerHeadline: '5% off your Smile Story',
  offerDetails:
    'Someone who loves their smile recommended us to you, and we would like to say thank you. As their friend, you get 5% off your Smile Story with us.',
  offerTerms:
    'The 5% is applied by our care co-ordinators when your treatment plan is agreed. Just mention it at your free consultation.',
  rewardWording: '{amount} cash per referral',
} as const;

/** The offer settings (issue 29, point 2) as the settings answer holds them, each optional. */
type OfferWords = Partial<Record<keyof typeof DEFAULT_POSTER_WORDS, unknown>>;

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value.trim() : fallback);

/** The poster's words: the clinic's own from the settings, the spec's where a setting is missing. */
export function posterWords(
  settings: Pick<SettingsDto, 'referralRewardAmount'> & OfferWords,
): Pick<ReferralPosterInput, 'reward' | 'offer'> {
  const d = DEFAULT_POSTER_WORDS;
  const wording = text(settings.rewardWording, d.rewardWording) || d.rewardWording;
  const enabled = typeof settings.offerEnabled === 'boolean' ? settings.offerEnabled : d.offerEnabled;
  const headline = text(settings.offerHeadline, d.offerHeadline);
  return {
    reward: wording.split('{amount}').join(formatPounds(settings.referralRewardAmount)),
    offer:
      enabled && headline
        ? {
            headline,
            details: text(settings.offerDetails, d.offerDetails),
            terms: text(settings.offerTerms, d.offerTerms),
          }
        : null,
  };
}

/** The referral programme's A4 poster for reception (issue 29, point 13). */
export async function referralPoster(origin: string): Promise<PrintFile> {
  const [{ brand, contact, clinic }, settings] = await Promise.all([brandAndContact(), getSettings()]);
  const formUrl = recommendationFormUrl(origin);
  const pdf = await referralPosterPdf({ brand, contact, ...posterWords(settings), formUrl });
  return {
    pdf,
    fileName: `referral-poster-a4-${fileNamePart(clinic.name ?? '', 'clinic')}.pdf`,
    qrAddress: formUrl,
  };
}
