// Shared by next.config.js (every response), proxy.ts (every page, with its nonce) and the tests that check the
// headers. Plain CommonJS so that next.config.js can require it without a build step.

/**
 * A fresh nonce for one page: 16 random bytes in base64 (128 bits, so it cannot be guessed). Web Crypto, which
 * proxy.ts and Node both have.
 * @returns {string}
 */
function newNonce() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The Content Security Policy (issue 28 point 15). Scripts run only when they come with the page's nonce:
 * Next.js reads it from the request's Content-Security-Policy header (proxy.ts puts it there) and puts it on
 * its own inline bootstrap scripts and script tags, and 'strict-dynamic' lets those load the app's chunks. An
 * injected <script> has no nonce and does not run; there is no 'unsafe-inline' for scripts. Without a nonce
 * (answers that are not pages: route handlers, files) no inline script runs at all. Styles keep
 * 'unsafe-inline': React writes style attributes, and a style cannot run code.
 * @param {{ nonce?: string | null, dev?: boolean }} options dev: Next's dev server needs 'unsafe-eval' for
 *   React's debugging tools.
 * @returns {string}
 */
function contentSecurityPolicy({ nonce, dev = false }) {
  const scripts = ["'self'"];
  if (nonce) scripts.push(`'nonce-${nonce}'`, "'strict-dynamic'");
  if (dev) scripts.push("'unsafe-eval'");
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers of every response (next.config.js). Its CSP has no nonce, so nothing inline runs; proxy.ts
 * replaces it on every page with the page's own (pageHeaders). A page the proxy missed therefore fails closed:
 * its scripts are refused rather than an injected one allowed.
 * @param {boolean} dev
 * @returns {{ key: string, value: string }[]}
 */
function securityHeaders(dev) {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy({ dev }) },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}

/** Personal pages: kept by no cache between the browser and the app, and not stored by the browser either. */
const PERSONAL_PAGE_CACHE_CONTROL = 'private, no-store';

/**
 * What every page is sent with, set by proxy.ts (issue 28 points 12 and 15): the CSP with this request's nonce,
 * and `private, no-store`. A page carries a person's data (a card's name and number, bank-details and
 * unsubscribe pages, the staff's screens) and its nonce is for this one answer: no shared cache may keep it,
 * and no browser may reuse it.
 * @param {{ nonce: string, dev?: boolean }} options
 * @returns {{ key: string, value: string }[]}
 */
function pageHeaders({ nonce, dev = false }) {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy({ nonce, dev }) },
    { key: 'Cache-Control', value: PERSONAL_PAGE_CACHE_CONTROL },
  ];
}

/** Two years, subdomains included: what browsers' HSTS preload lists ask for. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Strict-Transport-Security, only when the app's public address (APP_URL) is https: a browser then never
 * tries plain http for it again. Over http (the default http://localhost address) it would be meaningless,
 * and on a real domain served over http it would lock visitors out. scripts/server.js adds it at run time,
 * because next.config.js's headers are fixed when the app is built and APP_URL is a run-time setting.
 * @param {string | null | undefined} appUrl
 * @returns {{ key: string, value: string }[]}
 */
function transportSecurityHeaders(appUrl) {
  return /^https:\/\//i.test(appUrl ?? '') ? [{ key: 'Strict-Transport-Security', value: HSTS }] : [];
}

module.exports = {
  contentSecurityPolicy,
  newNonce,
  pageHeaders,
  PERSONAL_PAGE_CACHE_CONTROL,
  securityHeaders,
  transportSecurityHeaders,
};
