/**
 * Issue 28 points 8 and 10 against the real server: a 200 MB chunked body (no Content-Length) to the public
 * /api/track-scan must be cut off while it streams (the server's resident memory, read from /proc, must stay
 * well under 50 MB of growth); paths that do not decode, TRACE, and server-action calls that are cross-site,
 * too large or malformed must get 400/405/403/413, never a 500. And point 9: forty preview images asked for at
 * once, each with a query string of its own, are one image (one ETag), which a cache revalidates with a 304.
 */
import http from 'node:http';
import { listeningPid, residentBytes } from '../../../lib/listener';
import { attacker, check, request, tally, type AttackContext } from '../support';

const MB = 1024 * 1024;

/** A chunked POST of `size` bytes from `from`; stops sending once the server answers or closes. */
function chunkedPost(
  url: string,
  size: number,
  from: string,
  headers: Record<string, string>,
): Promise<{ status: number; sent: number }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (status: number) => {
      if (!done) resolve({ status, sent });
      done = true;
    };
    const req = http.request({
      host: target.hostname,
      port: Number(target.port),
      path: target.pathname,
      method: 'POST',
      headers: { Origin: target.origin, ...headers },
      localAddress: from,
      agent: false,
    });
    req.setTimeout(60_000, () => req.destroy());
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode ?? 0));
    });
    req.on('error', () => finish(0)); // closed on us: the body was refused
    const piece = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!done && sent < size) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

export default async function attack(ctx: AttackContext): Promise<void> {
  const from = attacker();
  const base = new URL(ctx.base);

  // 1. The 200 MB chunked body, with the server's memory watched.
  const pid = listeningPid(Number(base.port));
  const before = pid ? residentBytes(pid) : null;
  let peak = before ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, (pid && residentBytes(pid)) || 0)), 20);
  const big = await chunkedPost(`${ctx.base}/api/track-scan`, 200 * MB, from, {
    'Content-Type': 'application/json',
  });
  await new Promise((r) => setTimeout(r, 300));
  clearInterval(timer);
  const growth = before === null ? null : peak - before;
  check(
    '200 MB chunked body to /api/track-scan',
    (big.status === 413 || big.status === 0) && big.sent < 200 * MB && (growth === null || growth < 50 * MB),
    `${big.status || 'connection closed'} after ${(big.sent / MB).toFixed(1)} MB sent; server RSS grew ` +
      (growth === null ? '(not measured: no /proc)' : `${(growth / MB).toFixed(1)} MB at its peak`),
  );

  // 2. Paths that do not decode, on dynamic routes.
  const paths = ['/card/%ff', '/card/%', '/review/%ff', '/bank-details/%', '/og/%ff', '/api/clients/%ff'];
  const decoded: number[] = [];
  for (const path of paths) decoded.push((await request(`${ctx.base}${path}`, { from })).status);
  check(
    'undecodable paths',
    decoded.every((s) => s === 400),
    `${paths.length} paths such as /card/%ff: ${tally(decoded)} (400 expected)`,
  );

  // 3. TRACE.
  const trace = await request(`${ctx.base}/`, { method: 'TRACE', from });
  check('TRACE', trace.status === 405, `TRACE / → ${trace.status} (405 expected)`);

  // 3b. Preview images: free query parameters change nothing.
  const began = Date.now();
  const previews = await Promise.all(
    Array.from({ length: 40 }, (_, i) => request(`${ctx.base}/og/card?x=${i}`, { from })),
  );
  const tookMs = Date.now() - began;
  const etags = new Set(previews.map((p) => p.headers.etag));
  const [etag] = [...etags];
  const revalidated = etag
    ? await request(`${ctx.base}/og/card?y=1`, { from, headers: { 'If-None-Match': String(etag) } })
    : { status: 0 };
  check(
    'preview images under a query-string flood',
    previews.every((p) => p.status === 200) && etags.size === 1 && revalidated.status === 304,
    `40 at once with 40 query strings: ${tally(previews.map((p) => p.status))} in ${tookMs} ms, ` +
      `${etags.size} distinct ETag(s); revalidation → ${revalidated.status} (304 expected)`,
  );

  // 4. Server actions: the form's own action id, from the page a browser without JavaScript gets.
  const page = await request(`${ctx.base}/recommendation-details`, { from });
  const html = page.text.replaceAll('&quot;', '"');
  const actionId = /\$ACTION_ID_([0-9a-f]{40,})/.exec(html)?.[1] ?? /"id":"([0-9a-f]{40,})"/.exec(html)?.[1];
  if (!actionId) {
    check('server actions', false, 'the recommendation form named no server action to try');
    return;
  }
  // support.ts's request() sends JSON bodies only; an action's body is text.
  const rawAction = (body: string, extra: Record<string, string> = {}) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: base.hostname,
          port: Number(base.port),
          path: '/recommendation-details',
          method: 'POST',
          localAddress: from,
          agent: false,
          headers: {
            'Next-Action': actionId,
            'Content-Type': 'text/plain;charset=UTF-8',
            'Content-Length': String(Buffer.byteLength(body)),
            Origin: base.origin,
            ...extra,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });
  const crossSite = await rawAction('[]', { Origin: 'https://evil.example' });
  const oversize = await rawAction(`["${'x'.repeat(200 * 1024)}"]`);
  const malformed = await rawAction('not json');
  check(
    'cross-site server action',
    crossSite === 403,
    `Origin: https://evil.example → ${crossSite} (403 expected)`,
  );
  check('oversize server action', oversize === 413, `a 200 KB action body → ${oversize} (413 expected)`);
  check(
    'malformed server action',
    malformed === 400,
    `a body that is not an argument list → ${malformed} (400 expected)`,
  );
}
