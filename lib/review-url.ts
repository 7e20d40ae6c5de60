/**
 * A review's public address (issue 18): the link that proves a review exists, where it is (the platform follows
 * from the link, never from a guess), and its normalised form, so that one review is credited once however its
 * link was copied (host case, `www.`, tracking parameters, a trailing slash or a #fragment make no difference).
 * Pure: the staff forms check links with it as the server does.
 */
import type { ReviewPlatform } from '@/lib/dto/team';

export const REVIEW_URL_TEXT = 'Enter the review’s link (its https address on Google or Trustpilot)';
export const REVIEW_URL_HTTPS_TEXT = 'The review link must be an https address';
export const REVIEW_URL_HOST_TEXT =
  'The review link must be on Google (google.com, g.page or maps.app.goo.gl) or Trustpilot (trustpilot.com)';
export const REVIEW_URL_MAX = 2000;

/** Google's own domains: google.com and its country domains (google.co.uk…), g.page and Maps' short links. */
const GOOGLE_HOST = /^(?:[a-z0-9-]+\.)*google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

export function platformOfHost(host: string): ReviewPlatform | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (GOOGLE_HOST.test(h) || h === 'g.page' || h.endsWith('.g.page') || h === 'maps.app.goo.gl') {
    return 'google';
  }
  if (h === 'trustpilot.com' || h.endsWith('.trustpilot.com')) return 'trustpilot';
  return null;
}

/** Query parameters that say how a link was shared, not which review it is. */
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'msclkid',
  'yclid',
  'mc_cid',
  'mc_eid',
  'igshid',
  'si',
  'ref',
  'ref_src',
  '_ga',
  '_gl',
  'g_st',
  'g_ep',
  'entry',
  'hl',
  'shorturl',
]);
const isTracking = (name: string) =>
  name.toLowerCase().startsWith('utm_') || TRACKING.has(name.toLowerCase());

export type ReviewLink =
  { ok: true; url: string; key: string; platform: ReviewPlatform } | { ok: false; message: string };

/**
 * Reads a review link. `url` is the address as entered (trimmed); `key` the normalised form used to find the
 * same review again: https, lower-case host without `www.`, the path without a trailing slash, the remaining
 * query parameters sorted, no fragment.
 */
export function parseReviewUrl(input: string): ReviewLink {
  const text = input.trim();
  if (!text) return { ok: false, message: REVIEW_URL_TEXT };
  if (text.length > REVIEW_URL_MAX) {
    return { ok: false, message: `The review link must be at most ${REVIEW_URL_MAX} characters` };
  }
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: REVIEW_URL_TEXT };
  }
  if (parsed.protocol !== 'https:') return { ok: false, message: REVIEW_URL_HTTPS_TEXT };
  if (parsed.username || parsed.password) return { ok: false, message: REVIEW_URL_HOST_TEXT };
  const host = parsed.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const platform = platformOfHost(host);
  if (!platform) return { ok: false, message: REVIEW_URL_HOST_TEXT };
  const path = parsed.pathname.replace(/\/+$/, '');
  const params = [...parsed.searchParams.entries()]
    .filter(([name]) => !isTracking(name))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const port = parsed.port ? `:${parsed.port}` : '';
  return { ok: true, url: parsed.href, key: `https://${host}${port}${path}${query}`, platform };
}
