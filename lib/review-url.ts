/**
 * A review's public address (issue 18): the link that proves a review exists, where it is (the platform follows
 * from the link, never from a guess), and the review's identity on its platform (issue 28), so that one review
 * is credited once however its link was written: host, case, parameters, extra segments, `//`, percent-encoding,
 * `;jsessionid` or trailing spaces make no difference. Pure: the staff forms check links with it as the server
 * does.
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

export type ReviewLink =
  { ok: true; url: string; key: string; platform: ReviewPlatform } | { ok: false; message: string };

/**
 * Percent-escapes of printable ASCII (`%21` is `!`, `%2F` is `/`, `%20` a space), decoded until none is left,
 * so `%2521` counts as `!` too. Others (non-ASCII bytes, control characters) stay escaped: no identity uses them.
 */
const ASCII_ESCAPE = /%(2[0-9a-f]|[3-6][0-9a-f]|7[0-9a-e])/gi;
function unescapeAscii(text: string): string {
  let before: string;
  let after = text;
  do {
    before = after;
    after = before.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } while (after !== before);
  return after;
}

/**
 * A part of a link as its identity reads it: escapes decoded, lower case (the platforms' ids are long random
 * strings, so folding case merges no two real reviews, and the server cannot open a link to see which case is
 * the live one), without spaces or escaped control characters (a trailing `%20`).
 */
function clean(text: string): string {
  return unescapeAscii(text)
    .toLowerCase()
    .replace(/ |%(?:[01][0-9a-f]|7f)/g, '');
}

/** Google's parameters that name a place (the rest say how the page was shown or shared). */
const GOOGLE_PLACE_PARAMS = ['cid', 'ftid', 'placeid', 'query_place_id'];

/**
 * The review a link names (issue 28), from the link as `new URL` writes it (`href`):
 * - Trustpilot: the id after `/reviews/` (`trustpilot:review:{id}`), whatever the country host;
 * - Google: the review id a shared review carries in its `data=` segment (`!1s{id}`) or after `/reviews/`
 *   (`google:review:{id}`), on any Google host (google.com, google.co.uk, maps.google.com…); a reviewer's
 *   contributions page (`/maps/contrib/{id}`: Google takes one review per person and place); a g.page or
 *   maps.app.goo.gl short link by its code;
 * - otherwise the cleaned path, and for Google the parameters that name a place.
 * Path segments' `;parameters`, `//` and trailing slashes are dropped; every other query parameter is ignored.
 * The migration 20261126093000_review_identity computes the same in SQL (review_identity) for the rows that
 * were there before; tests/integration/review-identity.test.ts checks that the two agree.
 */
export function reviewIdentity(href: string): string | null {
  const parts = /^https:\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?/i.exec(href);
  if (!parts) return null;
  const host = parts[1]!
    .toLowerCase()
    .replace(/:[0-9]*$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const path = clean(parts[2] ?? '')
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  if (host === 'trustpilot.com' || host.endsWith('.trustpilot.com')) {
    const review = /(?:^|\/)reviews\/([a-z0-9_-]+)/.exec(path);
    return review ? `trustpilot:review:${review[1]}` : `trustpilot:web${path}`;
  }
  if (host === 'maps.app.goo.gl') return `google:goo.gl${/^\/[^/]*/.exec(path)?.[0] ?? ''}`;
  if (host === 'g.page' || host.endsWith('.g.page')) {
    return `google:g.page${/^(?:\/r)?\/[^/]*/.exec(path)?.[0] ?? ''}`;
  }
  const review =
    /!1s([a-z0-9_-]{16,})(?:[!/]|$)/.exec(path) ?? /(?:^|\/)reviews\/([a-z0-9_-]{16,})(?:\/|$)/.exec(path);
  if (review) return `google:review:${review[1]}`;
  const contributor = /(?:^|\/)contrib\/([0-9]+)/.exec(path);
  if (contributor) return `google:contrib:${contributor[1]}`;
  const query = clean(parts[3] ?? '');
  let place = '';
  for (const name of GOOGLE_PLACE_PARAMS) {
    const value = new RegExp(`(?:^|&)${name}=([^&]*)`).exec(query)?.[1];
    if (value) place += `&${name}=${value}`;
  }
  return `google:web${path.replace(/^\/maps(?=\/|$)/, '')}${place.replace(/^&/, '?')}`;
}

/**
 * Reads a review link. `url` is the address as entered (trimmed, as `new URL` writes it); `key` the review's
 * identity on its platform (reviewIdentity), kept in team_reviews.reviewKey under a unique index.
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
  const platform = platformOfHost(parsed.hostname.replace(/^www\./i, ''));
  if (!platform) return { ok: false, message: REVIEW_URL_HOST_TEXT };
  const key = reviewIdentity(parsed.href);
  if (!key) return { ok: false, message: REVIEW_URL_TEXT };
  return { ok: true, url: parsed.href, key, platform };
}
