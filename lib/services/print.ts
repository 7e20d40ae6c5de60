import 'server-only';
import { notFound } from '@/lib/api/errors';
import type { Clinic } from '@/lib/clinic';
import type { SettingsDto } from '@/lib/dto/settings';
import { DEFAULT_OFFER, rewardText } from '@/lib/offer';
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
 * The poster's words: the clinic's own from the Offer settings (issue 29, point 2), whose defaults are the
 * spec's texts (lib/offer.ts). Blank headline or offer turned off: no offer on the poster.
 */
export function posterWords(
  settings: Pick<
    SettingsDto,
    | 'referralRewardAmount'
    | 'rewardWording'
    | 'offerEnabled'
    | 'offerHeadline'
    | 'offerDetails'
    | 'offerTerms'
  >,
): Pick<ReferralPosterInput, 'reward' | 'offer'> {
  const headline = settings.offerHeadline.trim();
  return {
    reward: rewardText(
      settings.rewardWording.trim() || DEFAULT_OFFER.rewardWording,
      settings.referralRewardAmount,
    ),
    offer:
      settings.offerEnabled && headline
        ? { headline, details: settings.offerDetails.trim(), terms: settings.offerTerms.trim() }
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
