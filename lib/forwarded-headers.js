// @ts-check
// The caller's address and the forwarded headers, decided from the connection itself (issue 14 point 1).
// Plain CommonJS, like security-headers.js: scripts/server.js runs it before Next sees a request, without a build.

/** Headers only a proxy may set: from anyone else they are dropped (or rewritten from the socket). */
const PROXY_ONLY = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'];

/**
 * How many proxies (a load balancer, a CDN) stand in front of the app: TRUSTED_PROXIES, 0 by default.
 * @param {string | undefined} value
 * @returns {number}
 */
function trustedProxies(value) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 10) : 0;
}

/**
 * '::ffff:203.0.113.9' (an IPv4 caller on a dual-stack socket) → '203.0.113.9'.
 * @param {string | undefined} address
 * @returns {string}
 */
function plainAddress(address) {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * Rewrites the forwarded headers of an incoming request in place, before Next.js reads them.
 *
 * X-Forwarded-For becomes the hops the trusted proxies appended (the last `trusted` entries the request
 * arrived with) followed by the socket's own address: with no trusted proxy, only the socket's address; a
 * value the caller wrote is never kept. X-Real-IP is set to the caller's address so found. X-Forwarded-Host,
 * -Proto, -Port and Forwarded are kept only behind a trusted proxy (which sets them); otherwise dropped.
 *
 * @param {Record<string, string | string[] | undefined>} headers Node's IncomingMessage.headers (lower-case names)
 * @param {string | undefined} socketAddress req.socket.remoteAddress
 * @param {number} trusted how many proxies stand in front (TRUSTED_PROXIES)
 * @returns {string} the caller's address, as clientIp() will read it
 */
function rewriteForwardedHeaders(headers, socketAddress, trusted) {
  const peer = plainAddress(socketAddress);
  const raw = headers['x-forwarded-for'];
  const sent = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const kept = trusted > 0 ? sent.slice(-trusted) : [];
  const chain = [...kept, peer];
  headers['x-forwarded-for'] = chain.join(', ');
  if (trusted === 0) for (const name of PROXY_ONLY) delete headers[name];
  const caller = chain[0] ?? peer;
  headers['x-real-ip'] = caller;
  return caller;
}

module.exports = { rewriteForwardedHeaders, trustedProxies, plainAddress };
