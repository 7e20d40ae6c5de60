// Shared by next.config.js (every response) and the tests that check the headers.
// Plain CommonJS so that next.config.js can require it without a build step.

/**
 * @param {boolean} dev Next's dev server needs 'unsafe-eval' for React's debugging tools.
 * @returns {{ key: string, value: string }[]}
 */
function securityHeaders(dev) {
  const csp = [
    "default-src 'self'",
    // Next.js injects inline bootstrap scripts; a nonce would force every page to render dynamically.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
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
  return [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
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

module.exports = { securityHeaders, transportSecurityHeaders };
