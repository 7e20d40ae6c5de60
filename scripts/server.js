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
 * Each request gets an id (X-Request-Id: taken from a trusted proxy, else made here), passed to Next as a request
 * header so route handlers' logs carry it (lib/log.ts), and returned to the caller. When it has been answered, it
 * is counted in the Prometheus metrics (lib/observability/metrics.js, read at /metrics) and written as one JSON
 * access-log line (pino): method, route pattern (lib/observability/route-label.js: /card/[cardToken], never the
 * address, which can hold a card, invitation, reset or unsubscribe token), status, duration and request id. No
 * query string, no address, nothing personal (issue 32 point 4).
 *
 * Once no request has been in flight for 10 s, one full garbage collection gives the memory the burst used
 * back (lib/observability/idle-collect.js; node runs with --expose-gc, scripts/lib/server-memory.ts).
 *
 * SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish (10 s at most), then exit.
 */
const { randomUUID } = require('node:crypto');
const http = require('node:http');
const path = require('node:path');
const next = require('next');
const pino = require('pino');
const { loggerOptions } = require('../lib/observability/log-config.js');
const { recordRequest } = require('../lib/observability/metrics.js');
const { loadRouteTable, routeLabel } = require('../lib/observability/route-label.js');
const { idleCollector } = require('../lib/observability/idle-collect.js');
const { rewriteForwardedHeaders, trustedProxies } = require('../lib/forwarded-headers.js');
const { transportSecurityHeaders } = require('../lib/security-headers.js');
const { answerClientError, guardRequest, isSealed, refuseConnect } = require('../lib/http-edges.js');

const PROJECT_ROOT = path.resolve(__dirname, '..');
const SHUTDOWN_GRACE_MS = 10_000;
const REQUEST_ID = /^[\w.:-]{1,64}$/;

const log = pino(loggerOptions());

/**
 * The request's id: the one a trusted proxy sent (a load balancer that gives each request an id), else a new
 * one. A caller's own X-Request-Id is not trusted (it would let them write into other requests' log lines).
 * @param {http.IncomingMessage} req
 * @param {number} trusted
 * @returns {string}
 */
function requestId(req, trusted) {
  const sent = req.headers['x-request-id'];
  if (trusted > 0 && typeof sent === 'string' && REQUEST_ID.test(sent)) return sent;
  return randomUUID();
}

async function main() {
  const port = Number(process.env.PORT) || 3000;
  const trusted = trustedProxies(process.env.TRUSTED_PROXIES);
  const extraHeaders = transportSecurityHeaders(process.env.APP_URL || process.env.NEXTAUTH_URL);

  const app = next({ dev: false, dir: PROJECT_ROOT, port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();
  // The build's routes (NEXT_DIST_DIR's routes manifest), for the route label of metrics and access logs.
  const routes = loadRouteTable(PROJECT_ROOT);

  const appUrl = process.env.APP_URL || process.env.NEXTAUTH_URL;

  // A full garbage collection once the server falls quiet (lib/observability/idle-collect.js).
  const idle = idleCollector();

  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    idle.started();
    const reqId = requestId(req, trusted);
    const route = routeLabel(routes, req.url);
    req.headers['x-request-id'] = reqId;
    res.setHeader('X-Request-Id', reqId);
    res.once('close', () => {
      idle.finished();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      recordRequest({ method: req.method, route, status: res.statusCode, seconds });
      log.info(
        {
          reqId,
          method: req.method,
          route,
          status: res.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    rewriteForwardedHeaders(req.headers, req.socket.remoteAddress, trusted);
    for (const { key, value } of extraHeaders) res.setHeader(key, value);
    // Methods, paths that do not decode, body sizes while they stream, server-action calls (lib/http-edges.js).
    guardRequest(req, res, { appUrl }, () => {
      handle(req, res).catch((/** @type {Error} */ error) => {
        // Answered here already (a body cut off at its cap): Next's failure to read the rest is expected.
        if (isSealed(res)) return;
        log.error({ err: error, reqId, method: req.method, route }, 'The request failed.');
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
  log.info({ port, trustedProxies: trusted }, `Listening on port ${port} (${proxies}: TRUSTED_PROXIES).`);
}

main().catch((error) => {
  log.fatal({ err: error }, 'The web server could not start.');
  process.exit(1);
});
