import type { OfferText } from '@/lib/offer';

/** The offer as the friend's thank-you repeats it (issue 29, point 11). */
export interface ThankYouOffer {
  headline: string;
  details: string;
  terms: string;
}

/**
 * The offer the lead form promised, read from the clinic's offer settings when the lead is written (so the
 * thank-you repeats what the friend saw, even if the settings change before it is sent); null without one.
 */
export function thankYouOffer(
  settings: Pick<OfferText, 'offerEnabled' | 'offerHeadline' | 'offerDetails' | 'offerTerms'>,
): ThankYouOffer | null {
  if (!settings.offerEnabled || !settings.offerHeadline.trim()) return null;
  return {
    headline: settings.offerHeadline.trim(),
    details: settings.offerDetails.trim(),
    terms: settings.offerTerms.trim(),
  };
}
