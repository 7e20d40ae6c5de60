/**
 * One Google review and one Trustpilot review, and the ways of writing each link that issue 28 found credited
 * again (13 of 29 passed): host, path case, an upper-case review id, extra parameters, an extra segment, `//`,
 * percent-encoding, `;jsessionid`, a trailing `%20`, and more. Used by the unit test of lib/review-url.ts, the
 * integration test that credits each once, and the security run (scripts/perf/security/attacks).
 */

/** A review id as Google writes it in a shared review's data segment (base64 of its protobuf). */
export const GOOGLE_REVIEW_ID = 'ChdDSUhNMG9nS0VJQ0FnSUNCaC1XZzBBRRAB';
const DATA =
  `data=!4m8!14m7!1m6!2m5!1s${GOOGLE_REVIEW_ID}!2m1!1s0x48761b3333333333:0x4444444444444444` +
  '!3m1!1s2@1:CIHM0ogKEICAgICBh-Wg0AE%7CCgwI1dKvsAYQ0MXXXX%7C';
export const GOOGLE_REVIEW = `https://www.google.com/maps/reviews/${DATA}?hl=en-GB&entry=ttu`;
export const TRUSTPILOT_REVIEW = 'https://uk.trustpilot.com/reviews/65f1c0ffee1234567890abcd';

/** Every other way of writing the two links above; each must be the same review. */
export function sameReviewVariants(google = GOOGLE_REVIEW, trustpilot = TRUSTPILOT_REVIEW): string[] {
  const g = new URL(google);
  const id = /!1s([^!]+)/.exec(g.pathname)![1]!;
  const data = g.pathname.slice(g.pathname.indexOf('data='));
  const t = new URL(trustpilot);
  const tid = t.pathname.split('/').pop()!;
  return [
    // Google: hosts
    `https://google.com/maps/reviews/${data}`,
    `https://www.google.co.uk/maps/reviews/${data}?hl=en-GB`,
    `https://maps.google.com/maps/reviews/${data}`,
    `https://www.google.de/maps/reviews/${data}`,
    `https://WWW.GOOGLE.COM/maps/reviews/${data}`,
    // path case, the review id's case
    `https://www.google.com/Maps/Reviews/${data.replace('data=', 'DATA=')}`,
    `https://www.google.com/maps/reviews/${data.replace(id, id.toUpperCase())}`,
    `https://www.google.com/maps/reviews/${data.replace(id, id.toLowerCase())}`,
    // parameters: other, more, none, duplicated
    `https://www.google.com/maps/reviews/${data}`,
    `https://www.google.com/maps/reviews/${data}?hl=fr`,
    `https://www.google.com/maps/reviews/${data}?hl=en-GB&entry=ttu&g_ep=abc&extra=1`,
    `https://www.google.com/maps/reviews/${data}?x=${Math.PI}&hl=en&hl=de`,
    // fragment, trailing slash, extra segments, //, the map's position
    `https://www.google.com/maps/reviews/${data}#reviews`,
    `https://www.google.com/maps/reviews/${data}/`,
    `https://www.google.com/maps/reviews/${data}/extra`,
    `https://www.google.com/maps/reviews/extra/${data}`,
    `https://www.google.com//maps//reviews//${data}`,
    `https://www.google.com/maps/reviews/@51.5072,-0.1276,17z/${data}`,
    // percent-encoding, once and twice
    `https://www.google.com/maps/reviews/${data.replaceAll('!', '%21')}`,
    `https://www.google.com/maps/reviews/${data.replaceAll('!', '%2521')}`,
    `https://www.google.com/maps/reviews/${data.replace(
      id,
      id.replace(/[A-Z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`),
    )}`,
    `https://www.google.com/%6Daps/reviews/${data}`,
    // ;jsessionid, trailing spaces
    `https://www.google.com/maps/reviews/${data};jsessionid=0123456789ABCDEF`,
    `https://www.google.com/maps/reviews;jsessionid=0123456789ABCDEF/${data}`,
    `https://www.google.com/maps/reviews/${data}%20`,
    `https://www.google.com/maps/reviews/${data}%20%20/`,
    `https://www.google.com/maps/reviews/${data}%0A`,
    // the id on its own after /reviews/
    `https://www.google.com/maps/reviews/${id}`,
    // Trustpilot: hosts
    `https://www.trustpilot.com/reviews/${tid}`,
    `https://trustpilot.com/reviews/${tid}`,
    `https://de.trustpilot.com/reviews/${tid}`,
    `https://UK.TRUSTPILOT.COM/reviews/${tid}`,
    // path case, the id's case
    `https://uk.trustpilot.com/Reviews/${tid}`,
    `https://uk.trustpilot.com/reviews/${tid.toUpperCase()}`,
    // parameters, fragment, slash, segments, //
    `https://uk.trustpilot.com/reviews/${tid}?utm_source=share&stars=5`,
    `https://uk.trustpilot.com/reviews/${tid}?any=thing`,
    `https://uk.trustpilot.com/reviews/${tid}#comments`,
    `https://uk.trustpilot.com/reviews/${tid}/`,
    `https://uk.trustpilot.com/reviews/${tid}/extra`,
    `https://uk.trustpilot.com/en/reviews/${tid}`,
    `https://uk.trustpilot.com//reviews//${tid}`,
    // percent-encoding, ;jsessionid, trailing spaces
    `https://uk.trustpilot.com/reviews/%${tid.charCodeAt(0).toString(16)}${tid.slice(1)}`,
    `https://uk.trustpilot.com/%72eviews/${tid}`,
    `https://uk.trustpilot.com/reviews/${tid};jsessionid=0123456789ABCDEF`,
    `https://uk.trustpilot.com/reviews/${tid}%20`,
    `https://uk.trustpilot.com/reviews/${tid}%2520`,
  ];
}
