// @ts-check
const { securityHeaders } = require('./lib/security-headers.js');
const { SERVER_ACTION_MAX_BYTES } = require('./lib/http-edges.js');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR: a build folder of its own, so two test servers can run from one checkout (default .next).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Every page is rendered per request (a CSP nonce per answer), and Next would then stream metadata after the
  // page's first bytes for browsers, where it can land in <body>: the card's web-app manifest link is only read
  // from <head>. Matching every user agent keeps metadata in <head>, as it was when the card page was static.
  htmlLimitedBots: /./,
  // No cache of pages or data in the process (issue 32 point 5): every page is rendered per request, and the
  // public card is read from PostgreSQL each time, so several instances on one database never serve a copy that
  // another instance has changed (docs/architecture.md, "Several instances"). Nothing is written to disk either.
  cacheMaxMemorySize: 0,
  experimental: {
    isrFlushToDisk: false,
    // The recommendation form's submission is a few hundred bytes. scripts/server.js refuses a larger action
    // body with 413 at this same size before Next reads it (Next itself would answer 500).
    serverActions: { bodySizeLimit: SERVER_ACTION_MAX_BYTES },
  },
  reactStrictMode: true,
  // Server-only packages with native or WebAssembly parts stay outside the bundle.
  serverExternalPackages: [
    '@node-rs/argon2',
    'pg',
    // The daily backup (issue 32) streams each table with COPY … TO STDOUT.
    'pg-copy-streams',
    '@prisma/adapter-pg',
    'pg-boss',
    'sharp',
    // Email: nodemailer and react-email's renderer (react-dom/server) run as plain Node packages.
    'nodemailer',
    '@react-email/components',
    '@react-email/render',
    // The printed QR codes (issue 29): pdfkit reads its font metrics from its own folder at run time.
    'pdfkit',
    // Metrics and logs (issue 32): the route handlers load the same modules scripts/server.js loaded, so the
    // requests it counts and the /metrics route read one registry.
    'prom-client',
    'pino',
  ],
  // A mail provider's one-click unsubscribe (RFC 8058: a form POST) at the page address that messages sent
  // before issue 28 named in List-Unsubscribe: taken by the route that records it, as the newer address is.
  // People opening the page (GET) and the page's own calls are untouched.
  async rewrites() {
    return {
      beforeFiles: [
        {
          source: '/unsubscribe/:token',
          destination: '/api/unsubscribe/:token',
          has: [
            {
              type: 'header',
              key: 'content-type',
              value: '(?:application/x-www-form-urlencoded|multipart/form-data).*',
            },
          ],
          missing: [{ type: 'header', key: 'next-action' }],
        },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
  // Every answer's security headers. Their CSP runs no inline script; proxy.ts gives every page its own, with
  // the nonce Next.js puts on the page's scripts, and `Cache-Control: private, no-store` (issue 28).
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders(process.env.NODE_ENV !== 'production') }];
  },
};

module.exports = nextConfig;
