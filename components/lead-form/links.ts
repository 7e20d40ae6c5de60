import { consultationText, tapFor, type OfferText } from '@/lib/offer';

/**
 * The public lead pages' addresses and parameters, worked out on the server: the referrer's card number from
 * the ref parameter and where the offer's 'Tap for …' goes (the clinic's offer link, set in Settings).
 */

/** A query parameter given once, twice (?ref=a&ref=b: the first) or not at all. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The referrer's card number from the page's ref parameter, as the API takes it (at most 100 characters). */
export function referrerIdFromRef(ref: string | undefined | null): string | undefined {
  const value = ref?.trim();
  return value && value.length <= 100 ? value : undefined;
}

export interface OfferLink {
  href: string;
  /** An address on another site: opened in a new tab. */
  external: boolean;
}

export const BUILT_IN_OFFER_PATH = '/smile-story-offer';

/**
 * Where the offer's 'Tap for …' goes: the clinic's offer link (Settings) when it is an http(s)
 * address (another site, opened in a new tab) or a path on this site; the built-in offer page otherwise,
 * carrying the referrer's card number so that its way back returns to the same form.
 */
export function resolveOfferLink(configured: string | undefined | null, ref?: string): OfferLink {
  const value = configured?.trim();
  if (value) {
    if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) {
      return { href: value, external: false };
    }
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') return { href: url.href, external: true };
    } catch {
      // Not an address: the built-in page below.
    }
  }
  return {
    href: ref ? `${BUILT_IN_OFFER_PATH}?ref=${encodeURIComponent(ref)}` : BUILT_IN_OFFER_PATH,
    external: false,
  };
}

/** The recommendation form's address, with the referrer's card number when there is one. */
export function recommendationPath(ref?: string): string {
  return ref ? `/recommendation-details?ref=${encodeURIComponent(ref)}` : '/recommendation-details';
}

/** The friend's offer as the public pages show it (issue 29): the clinic's words and where its button goes. */
export interface PublicOffer {
  /** False: the clinic has no offer, and no page shows one. */
  enabled: boolean;
  headline: string;
  details: string;
  /** Blank for none. */
  terms: string;
  /** 'Tap for …'. */
  cta: string;
  /** 'your free consultation' only when the clinic's offer promises one. */
  consultation: string;
  link: OfferLink;
}

/** The offer from the settings, with its button's address for a form opened from `ref`'s card. */
export function toPublicOffer(settings: OfferText & { offerLink: string | null }, ref?: string): PublicOffer {
  return {
    enabled: settings.offerEnabled,
    headline: settings.offerHeadline,
    details: settings.offerDetails,
    terms: settings.offerTerms,
    cta: tapFor(settings.offerHeadline),
    consultation: consultationText(settings),
    link: resolveOfferLink(settings.offerLink, ref),
  };
}
