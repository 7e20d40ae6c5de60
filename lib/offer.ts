/**
 * The clinic's offer, in its own words (issue 29, point 2): the defaults (the spec's texts) and the helpers that
 * turn the settings into what a patient reads. Plain functions with no server import: the card and the lead
 * form run them in the browser, the share message is built on the phone that shares it.
 */
import { formatPounds } from './money';

/** The spec's texts, which a fresh install shows (prisma/schema.prisma holds the same as column defaults). */
export const DEFAULT_OFFER = {
  offerEnabled: true,
  offerHeadline: '5% off your Smile Story',
  offerInvitation: 'book a free consultation and get 5% off your Smile Story',
  offerDetails:
    'Someone who loves their smile recommended us to you, and we would like to say thank you. As their friend, you get 5% off your Smile Story with us.',
  offerTerms:
    'The 5% is applied by our care co-ordinators when your treatment plan is agreed. Just mention it at your free consultation.',
  rewardWording: '{amount} cash per referral',
  treatmentOptions: [
    'Replace missing teeth',
    'Improve my smile',
    'A healthy, pain-free mouth',
    'Facial Aesthetics treatments',
  ],
} as const;

/** Where the reward amount goes in the reward wording: exactly once, so the words cannot drift from the amount. */
export const AMOUNT_PLACEHOLDER = '{amount}';

/** The offer as the public pages read it (a part of the settings). */
export interface OfferText {
  offerEnabled: boolean;
  offerHeadline: string;
  offerInvitation: string;
  offerDetails: string;
  offerTerms: string;
}

/** What the referrer earns, e.g. '£200 cash per referral': the clinic's wording with the amount filled in. */
export function rewardText(wording: string, rewardAmount: number): string {
  return wording.split(AMOUNT_PLACEHOLDER).join(formatPounds(rewardAmount));
}

/** The card's call to action, e.g. 'Tap for 5% off your Smile Story'; null when there is no offer. */
export function offerCtaText(offer: Pick<OfferText, 'offerEnabled' | 'offerHeadline'>): string | null {
  return offer.offerEnabled ? tapFor(offer.offerHeadline) : null;
}

/** 'Tap for' and a headline (spec section 9: 'Tap for 5% off your Smile Story'). */
export function tapFor(headline: string): string {
  return `Tap for ${headline}`;
}

/** The clinic's name in a sentence a patient writes: 'our clinic' until the clinic has set its name. */
export function clinicInSentence(clinicName: string | null | undefined): string {
  return clinicName?.trim() || 'our clinic';
}

/**
 * What 'Share via Apps' sends (and what is copied when sharing fails). With an offer it invites the friend in
 * the clinic's words; without one it only introduces the clinic. The referrer's part names the reward amount,
 * which follows the amount setting, never a figure of its own.
 */
export function shareMessage(input: {
  clinicName: string | null | undefined;
  offer: Pick<OfferText, 'offerEnabled' | 'offerInvitation'>;
  rewardAmount: number;
  link: string;
}): string {
  const clinic = clinicInSentence(input.clinicName);
  const invitation = input.offer.offerEnabled
    ? `Use my personal link to ${input.offer.offerInvitation}`
    : 'Use my personal link to get in touch with them';
  return (
    `I'm a patient at ${clinic} and I love it! ${invitation} — ` +
    `and I'll earn a ${formatPounds(input.rewardAmount)} reward: ${input.link}`
  );
}

/** The four treatments' values as the API took them before the list was the clinic's (spec section 3). */
export const LEGACY_TREATMENTS: Readonly<Record<string, string>> = {
  'replace-missing-teeth': 'Replace missing teeth',
  'improve-my-smile': 'Improve my smile',
  'healthy-pain-free-mouth': 'A healthy, pain-free mouth',
  'facial-aesthetic-treatments': 'Facial Aesthetics treatments',
};

const sameText = (a: string, b: string) => a.localeCompare(b, 'en-GB', { sensitivity: 'accent' }) === 0;

/**
 * The clinic's treatment a friend chose, as the clinic wrote it: the label itself (any case), or one of the
 * API's old values for a label that is still listed; null when the clinic does not list it (any more).
 */
export function matchTreatment(value: string | null | undefined, options: readonly string[]): string | null {
  const chosen = value?.trim();
  if (!chosen) return null;
  const label = LEGACY_TREATMENTS[chosen] ?? chosen;
  return options.find((option) => sameText(option, label)) ?? null;
}

/** The old API value of a label that is one of the spec's four (kept on the lead for older readers); else null. */
export function legacyTreatmentValue(label: string): string | null {
  return Object.entries(LEGACY_TREATMENTS).find(([, text]) => sameText(text, label))?.[0] ?? null;
}

/**
 * Whether the clinic's own offer promises a free consultation: only then do the form and its thank-you say
 * 'your free consultation' (the spec's default offer does; a clinic that charges for one is never made to).
 */
export function promisesFreeConsultation(offer: OfferText): boolean {
  if (!offer.offerEnabled) return false;
  return [offer.offerHeadline, offer.offerInvitation, offer.offerDetails, offer.offerTerms].some((text) =>
    /\bfree consultation\b/i.test(text),
  );
}

/** 'your free consultation' when the offer promises one, else 'your consultation'. */
export function consultationText(offer: OfferText): string {
  return promisesFreeConsultation(offer) ? 'your free consultation' : 'your consultation';
}

/** The form's link preview line: the spec's 'Book your free consultation.', or the clinic's own offer. */
export function formPreviewText(offer: OfferText): string {
  if (promisesFreeConsultation(offer)) return 'Book your free consultation.';
  if (offer.offerEnabled) return `${offer.offerHeadline}, for friends of our patients.`;
  return 'Leave your details and we will be in touch.';
}
