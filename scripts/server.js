// @ts-check
/**
 * The production web server `npm start` runs (scripts/start.ts spawns it instead of `next start`): Next.js's
 * documented custom server, with one job of its own before Next sees a request. `next start` keeps an
 * X-Forwarded-For header the caller sent and route handlers never see the socket, so a made-up address per
 * request would escape every per-address limit. Here the forwarded headers are rewritten from the connection
 * (lib/forwarded-headers.js, TRUSTED_PROXIES), and HSTS is added when APP_URL is https. Then lib/http-edges.js
 * refuses what Next would answer with a 500 or read whole first: bodies past 4 MB (cut off as they stream,
 * chunked or not), methods such as TRACE, paths whose percent-escapes do not decode, and server-action calls
 * that are cross-site, too large or malformed (issue 28, points 8 and 10).
 *
 * SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish (10 s at most), then exit.
 */
const http = require('node:http');
const path = require('node:path');
const next = require('next');
const { rewriteForwardedHeaders, trustedProxies } = require('../lib/forwarded-headers.js');
const { transportSecurityHeaders } = require('../lib/security-headers.js');
const { answerClientError, guardRequest, isSealed, refuseConnect } = require('../lib/http-edges.js');

const PROJECT_ROOT = path.resolve(__dirname, '..');
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const port = Number(process.env.PORT) || 3000;
  const trusted = trustedProxies(process.env.TRUSTED_PROXIES);
  const extraHeaders = transportSecurityHeaders(process.env.APP_URL || process.env.NEXTAUTH_URL);

  const app = next({ dev: false, dir: PROJECT_ROOT, port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();

  const appUrl = process.env.APP_URL || process.env.NEXTAUTH_URL;

  const server = http.createServer((req, res) => {
    rewriteForwardedHeaders(req.headers, req.socket.remoteAddress, trusted);
    for (const { key, value } of extraHeaders) res.setHeader(key, value);
    // Methods, paths that do not decode, body sizes while they stream, server-action calls (lib/http-edges.js).
    guardRequest(req, res, { appUrl }, () => {
      handle(req, res).catch((/** @type {Error} */ error) => {
        // Answered here already (a body cut off at its cap): Next's failure to read the rest is expected.
        if (isSealed(res)) return;
        console.error(`[server] ${req.method} ${req.url} failed:`, error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      });
    });
  });
  server.on('connect', (_req, socket) => refuseConnect(socket));
  server.on('clientError', answerClientError);
  // Longer than a load balancer's idle timeout (often 60 s), as `next start` does.
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(undefined)); // every interface, as `next start`
  });
  const proxies = trusted ? `${trusted} trusted ${trusted === 1 ? 'proxy' : 'proxies'}` : 'no trusted proxy';
  console.log(`[smile-referrals] Listening on port ${port} (${proxies}: TRUSTED_PROXIES).`);
}

main().catch((error) => {
  console.error(`[smile-referrals] The web server could not start: ${error.message}`);
  process.exit(1);
});
