/**
 * The HTTP edges of the real server (scripts/server.js in front of the production build), issue 28 points 8
 * and 10: a 200 MB chunked body is cut off while it streams (the server's resident memory, read from /proc,
 * barely moves); undecodable paths answer 400 on every dynamic route, TRACE/TRACK/CONNECT 405; server-action
 * calls answer 403 from another site, 413 when too large and 400 when malformed, as routes do, never 500.
 */
import { expect, test } from '@playwright/test';
import http from 'node:http';
import net from 'node:net';
import { E2E_BASE_URL } from '../../playwright.config';
import { listeningPid, residentBytes } from '../../scripts/lib/listener';

const base = new URL(E2E_BASE_URL);
const port = Number(base.port);
const MB = 1024 * 1024;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request over its own connection; `size` sends a body of that many bytes, chunked (no Content-Length). */
function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; size?: number } = {},
): Promise<Answer & { sent: number; reset: boolean }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = false;
    const req = http.request({
      host: base.hostname,
      port,
      path,
      method: init.method ?? 'POST',
      headers: init.headers,
      agent: false,
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${path} timed out`)));
    req.on('response', (res) => {
      done = true; // stop sending: the server has answered
      const chunks: Buffer[] = [];
      const finish = () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sent, reset: false });
      };
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (done) return; // the answer arrived; the closed connection only ends our sending
      // The server closed the connection on a body it refused before we read its answer.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
        done = true;
        resolve({ status: 0, headers: {}, text: '', sent, reset: true });
      } else reject(error);
    });
    if (init.size === undefined) return void req.end(init.body);
    const piece = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!done && sent < init.size!) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, base.hostname, () => socket.write(text));
    let out = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (c) => (out += c.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', () => resolve(out));
  });
}

/** The server's resident memory, sampled every 20 ms while `run` goes: its peak growth in bytes. */
async function peakGrowth(pid: number, run: () => Promise<unknown>): Promise<number> {
  const before = residentBytes(pid)!;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid) ?? 0)), 20);
  try {
    await run();
    await new Promise((r) => setTimeout(r, 300)); // whatever it still buffers after answering
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, residentBytes(pid) ?? 0);
  return peak - before;
}

test.describe('request bodies are limited while they stream', () => {
  test.describe.configure({ mode: 'serial' });

  test('a 200 MB chunked POST to /api/track-scan: 413, the connection closed, the server grows well under 50 MB', async () => {
    test.setTimeout(120_000);
    const pid = listeningPid(port);
    expect(pid, `no process listens on port ${port}`).not.toBeNull();
    // Warm the route first, so its first compilation's memory is not counted.
    await send('/api/track-scan', { headers: { 'Content-Type': 'application/json' }, body: '{}' });

    let answer: Awaited<ReturnType<typeof send>> | undefined;
    const growth = await peakGrowth(pid!, async () => {
      answer = await send('/api/track-scan', {
        headers: { 'Content-Type': 'application/json' },
        size: 200 * MB,
      });
    });
    console.log(
      `[http-edges] 200 MB chunked: ${answer!.status || 'reset'} after ${(answer!.sent / MB).toFixed(1)} MB sent; ` +
        `server RSS grew ${(growth / MB).toFixed(1)} MB at its peak`,
    );
    expect(growth).toBeLessThan(50 * MB);
    expect(answer!.sent).toBeLessThan(200 * MB);
    if (!answer!.reset) {
      expect(answer!.status).toBe(413);
      expect(answer!.headers.connection).toBe('close');
    }
  });

  test('a 200 MB chunked POST to a page (read by nobody) and to the logo upload is cut off too', async () => {
    test.setTimeout(120_000);
    const pid = listeningPid(port)!;
    const targets: [string, string][] = [
      ['/card/anything', 'text/plain'],
      ['/api/settings/logo', 'multipart/form-data; boundary=x'],
    ];
    for (const [path, type] of targets) {
      let answer: Awaited<ReturnType<typeof send>> | undefined;
      const growth = await peakGrowth(pid, async () => {
        answer = await send(path, { headers: { 'Content-Type': type }, size: 200 * MB });
      });
      expect(growth, path).toBeLessThan(50 * MB);
      expect(answer!.sent, path).toBeLessThan(200 * MB);
    }
  });
});

test.describe('paths that do not decode and methods the app does not serve', () => {
  const paths = [
    '/card/%ff',
    '/card/%',
    '/card-lookup/%ff',
    '/review/%ff',
    '/bank-details/%',
    '/unsubscribe/%ff',
    '/og/%ff',
    '/clinic-logo/%ff.png',
    '/api/card/%ff',
    '/api/clients/%ff',
    '/api/referrals/%',
    '/api/users/card/%ff',
    '/api/unsubscribe/%ff',
  ];
  for (const path of paths) {
    test(`GET ${path} → 400 with a small JSON answer`, async () => {
      const res = await send(path, { method: 'GET' });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text).message).toMatch(/does not decode/);
    });
  }

  test('an escape that decodes still reaches the app', async () => {
    const res = await send('/card/%41%42', { method: 'GET' });
    expect([200, 404, 429]).toContain(res.status);
  });

  test('TRACE, TRACK and CONNECT → 405', async () => {
    const trace = await send('/', { method: 'TRACE' });
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toContain('GET');
    expect(await raw(`TRACK / HTTP/1.1\r\nHost: ${base.host}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 405 /);
    expect(await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 405 /,
    );
  });
});

test.describe('server-action calls answer as routes do', () => {
  let actionId = '';

  test.beforeAll(async () => {
    // The form's own action, as the page hands it to a browser without JavaScript.
    const page = await send('/recommendation-details', { method: 'GET' });
    const html = page.text.replaceAll('&quot;', '"');
    actionId =
      /\$ACTION_ID_([0-9a-f]{40,})/.exec(html)?.[1] ?? /"id":"([0-9a-f]{40,})"/.exec(html)?.[1] ?? '';
    expect(actionId, 'the recommendation form names its server action').not.toBe('');
  });

  const headers = (extra: Record<string, string> = {}) => ({
    'Next-Action': actionId,
    'Content-Type': 'text/plain;charset=UTF-8',
    Accept: 'text/x-component',
    Origin: base.origin,
    ...extra,
  });

  test('from another site → 403', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const res = await send('/recommendation-details', { headers: headers({ Origin: origin }), body: '[]' });
      expect(res.status, origin).toBe(403);
    }
    const fetchSite = await send('/recommendation-details', {
      headers: headers({ 'Sec-Fetch-Site': 'cross-site' }),
      body: '[]',
    });
    expect(fetchSite.status).toBe(403);
  });

  test('too large → 413, declared or chunked', async () => {
    const declared = await send('/recommendation-details', {
      headers: headers(),
      body: `["${'x'.repeat(200 * 1024)}"]`,
    });
    expect(declared.status).toBe(413);
    const chunked = await send('/recommendation-details', { headers: headers(), size: 20 * MB });
    expect(chunked.reset || chunked.status === 413).toBe(true);
    expect(chunked.sent).toBeLessThan(20 * MB);
  });

  test('a malformed argument → 400; arguments of the wrong kind are refused as an empty form, never 500', async () => {
    for (const body of ['not json', '{"firstName":"x"}', '[', '']) {
      const res = await send('/recommendation-details', { headers: headers(), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of ['[null, 5]', '[]', '["x", "y", "z"]']) {
      const res = await send('/recommendation-details', { headers: headers(), body });
      expect(res.status, body).toBe(200);
      expect(res.text, body).toContain('refused');
    }
  });
});
