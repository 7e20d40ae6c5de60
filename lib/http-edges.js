// @ts-check
// What scripts/server.js refuses before Next.js sees a request (issue 28, points 8 and 10): bodies past a size
// while they stream, methods the app does not serve, paths that do not decode, and server-action calls that are
// cross-site, too large or not in React's reply format. Next answers each of these with a 500 (or reads the
// whole body first); here each gets the status a route gives: 400, 403, 405 or 413, with a small JSON answer.
// Plain CommonJS, like forwarded-headers.js: the server runs it without a build.

/**
 * No request body may be larger than this, whoever reads it. The largest legitimate one is the logo upload
 * (2 MB of image plus its multipart wrapping: app/api/settings/logo); JSON routes cap their own bodies far
 * lower (lib/api/route.ts), server actions at SERVER_ACTION_MAX_BYTES.
 */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The one larger body: a file of clients to import (issue 33: at most 20 MB, lib/validation/imports.ts
 * IMPORT_MAX_BYTES, plus its multipart wrapping), POSTed to this path only. The route streams it to disk and
 * stops at 20 MB itself (lib/imports/upload.ts).
 */
const IMPORT_UPLOAD_PATH = '/api/imports/clients';
const IMPORT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024 + 64 * 1024;

/**
 * @param {Req} req
 * @returns {number}
 */
function bodyCap(req) {
  const path = (req.url ?? '/').split('?')[0];
  return req.method === 'POST' && path === IMPORT_UPLOAD_PATH ? IMPORT_UPLOAD_MAX_BYTES : MAX_BODY_BYTES;
}

/**
 * Server actions (the recommendation form's submission, a few hundred bytes): Next's own limit
 * (next.config.js serverActions.bodySizeLimit) is set to the same number, so this one, which answers 413 instead
 * of Next's 500, always trips first.
 */
const SERVER_ACTION_MAX_BYTES = 64 * 1024;

const TOO_LARGE = 'Request body too large.';
/** Methods the app answers; TRACE, TRACK, CONNECT and the WebDAV ones are refused before Next sees them. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

/**
 * Answers `status` with `{ message }` and closes the connection (what is left of a body is not read), then makes
 * the response deaf: Next may still be working on the request, and its late writes must neither fail nor throw.
 * @param {Res} res
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
function answer(res, status, message, headers = {}) {
  if (res.headersSent) {
    // Someone already answered: all that is left is to stop the connection.
    res.once('finish', () => res.socket?.destroy());
    if (res.writableFinished) res.socket?.destroy();
    seal(res);
    return;
  }
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  res.end(body);
  seal(res);
}

/** @param {Res} res */
function seal(res) {
  const r = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (res));
  if (r.__sealed) return;
  r.__sealed = true;
  const ignore = function () {
    return res;
  };
  for (const name of ['writeHead', 'setHeader', 'appendHeader', 'removeHeader', 'flushHeaders'])
    r[name] = ignore;
  r.write = () => true;
  r.end = (/** @type {unknown[]} */ ...args) => {
    const callback = args.find((a) => typeof a === 'function');
    if (callback) process.nextTick(/** @type {() => void} */ (callback));
    return res;
  };
  // A write that raced the sealing must not become an uncaught 'error' event.
  res.on('error', () => {});
}

/** @param {Res} res */
function isSealed(res) {
  return Boolean(/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (res)).__sealed);
}

/**
 * The request's path, decoded as Next will decode it; null when a percent-escape does not decode ('/card/%ff',
 * '/card/%'), which Next answers with a 500 on every dynamic route.
 * @param {string} url
 * @returns {string | null}
 */
function decodedPath(url) {
  const path = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Whether the request is a server-action call, or could be one: Next treats a POST to a page with a Next-Action
 * header (the form's script) or with a multipart or URL-encoded body (the form without JavaScript) as one.
 * @param {Req} req
 */
function isServerActionCall(req) {
  if (req.method !== 'POST') return false;
  const path = (req.url ?? '').split('?', 1)[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  if (req.headers['next-action'] !== undefined) return true;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded');
}

/**
 * The same rule as lib/api/route.ts's same-origin check, for server actions (Next's own check answers 500): a
 * browser says where a cross-site call comes from, in Sec-Fetch-Site or Origin; calls without either (curl,
 * server-to-server) carry no ambient cookies from another site and are let through.
 * @param {Req} req
 * @param {string | undefined} appUrl
 */
function isCrossSite(req, appUrl) {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const allowed = new Set();
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  if (host) {
    const proto = String(req.headers['x-forwarded-proto'] ?? 'http')
      .split(',')[0]
      ?.trim();
    allowed.add(`${proto}://${host}`);
  }
  if (appUrl) {
    try {
      allowed.add(new URL(appUrl).origin);
    } catch {
      // A malformed APP_URL allows nothing more.
    }
  }
  return !allowed.has(origin);
}

/**
 * Whether a whole server-action body is what React's client sends: for a call from the form's script, the
 * arguments as a JSON array (the body itself, or the multipart field "0" with the rest as further fields); for a
 * form posted without JavaScript, a multipart body that parses. Anything else makes Next's decoder throw (500).
 * @param {Req} req
 * @param {Buffer} body
 * @returns {Promise<boolean>}
 */
async function isWellFormedAction(req, body) {
  const type = String(req.headers['content-type'] ?? '');
  const isFetch = req.headers['next-action'] !== undefined;
  /** @param {unknown} text */
  const isArgumentList = (text) => {
    if (typeof text !== 'string') return false;
    try {
      return Array.isArray(JSON.parse(text));
    } catch {
      return false;
    }
  };
  if (/^multipart\/form-data/i.test(type)) {
    let form;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    } catch {
      return false;
    }
    return isFetch ? isArgumentList(form.get('0')) : true;
  }
  if (!isFetch) return true; // URL-encoded without Next-Action: Next renders the page, decoding nothing
  return isArgumentList(body.toString('utf8'));
}

/**
 * Limits the request's body while it streams, whoever reads it and whether it is chunked or not: the HTTP parser
 * hands each piece of body to `req.push`, which is wrapped here before any piece arrives. Past `maxBytes`
 * nothing more is kept (so nothing buffers it), the request is answered 413 and its connection closed.
 *
 * With `hold`, the body is kept (it is at most `maxBytes`) and handed on only once complete: `onComplete`
 * receives it and decides whether the request goes on (`release()` gives the body to its reader).
 *
 * @param {Req} req
 * @param {Res} res
 * @param {number} maxBytes
 * @param {{ hold?: boolean, onComplete?: (body: Buffer, release: () => void) => void }} [options]
 */
function limitBody(req, res, maxBytes, options = {}) {
  const push = req.push.bind(req);
  /** @type {Buffer[]} */
  const held = [];
  let size = 0;
  let cut = false;
  req.push = (chunk, encoding) => {
    if (cut) return true; // the rest of an oversize body: dropped as it arrives
    if (chunk === null) {
      if (!options.hold) return push(null);
      const body = Buffer.concat(held);
      held.length = 0;
      options.onComplete?.(body, () => {
        if (body.length > 0) push(body);
        push(null);
      });
      return false;
    }
    const piece = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
    size += piece.length;
    if (size > maxBytes) {
      cut = true;
      held.length = 0;
      answer(res, 413, TOO_LARGE);
      return true;
    }
    if (options.hold) {
      held.push(piece);
      return true;
    }
    return push(chunk, encoding);
  };
}

/**
 * Checks a request before Next sees it. Returns true when it was answered here (then Next must not be called),
 * or calls `next()` once the request may go on: at once, or for a server-action call once its whole body has
 * arrived and was found well formed.
 *
 * @param {Req} req
 * @param {Res} res
 * @param {{ appUrl?: string }} settings
 * @param {() => void} next
 */
function guardRequest(req, res, settings, next) {
  const method = req.method ?? 'GET';
  if (!ALLOWED_METHODS.includes(method)) {
    answer(res, 405, 'Method not allowed.', { Allow: ALLOWED_METHODS.join(', ') });
    return;
  }
  if (decodedPath(req.url ?? '/') === null) {
    answer(res, 400, 'The address is not valid: a percent-escape in its path does not decode.');
    return;
  }
  const action = isServerActionCall(req);
  if (action && isCrossSite(req, settings.appUrl)) {
    answer(res, 403, 'Cross-site requests are not allowed.');
    return;
  }
  const max = action ? SERVER_ACTION_MAX_BYTES : bodyCap(req);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) {
    answer(res, 413, TOO_LARGE);
    return;
  }
  if (!action) {
    limitBody(req, res, max);
    next();
    return;
  }
  limitBody(req, res, max, {
    hold: true,
    onComplete: (body, release) => {
      isWellFormedAction(req, body).then(
        (ok) => {
          if (isSealed(res)) return;
          if (!ok) {
            answer(res, 400, 'The form could not be read: send it again from the page.');
            return;
          }
          release();
          next();
        },
        () => answer(res, 400, 'The form could not be read: send it again from the page.'),
      );
    },
  });
}

/**
 * CONNECT never reaches the 'request' event (Node hands it to 'connect'; with no listener the socket is just
 * dropped): this server proxies nothing, so it says so.
 * @param {import('node:stream').Duplex} socket
 */
function refuseConnect(socket) {
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(', ')}\r\nContent-Length: 0\r\n` +
      'Connection: close\r\n\r\n',
  );
}

/**
 * A request Node's parser could not read. As Node answers by itself (400, 431 for oversize headers, 408 on a
 * timeout), except a method the parser does not know (TRACK and the like): 405, as for TRACE.
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex & { bytesWritten?: number }} socket
 */
function answerClientError(error, socket) {
  if (socket.writable && !socket.bytesWritten) {
    const status =
      error.code === 'HPE_INVALID_METHOD'
        ? `405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(', ')}`
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
            ? '413 Payload Too Large'
            : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
              ? '408 Request Timeout'
              : '400 Bad Request';
    socket.write(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy();
}

module.exports = {
  answerClientError,
  refuseConnect,
  isSealed,
  MAX_BODY_BYTES,
  IMPORT_UPLOAD_MAX_BYTES,
  SERVER_ACTION_MAX_BYTES,
  ALLOWED_METHODS,
  guardRequest,
  decodedPath,
  isCrossSite,
  isServerActionCall,
  isWellFormedAction,
  limitBody,
};
