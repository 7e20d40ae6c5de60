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

module.exports = { securityHeaders };
