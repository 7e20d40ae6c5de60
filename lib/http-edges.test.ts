/**
 * lib/http-edges.js in front of a stand-in for Next's handler (which, like Next's, reads a whole body into
 * memory with no limit of its own), on a real Node HTTP server: bodies cut off at their cap while they stream,
 * methods, undecodable paths and server-action calls refused with the status a route gives (issue 28 points 8
 * and 10). The same checks against the real built server: tests/e2e/http-edges.e2e.ts.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  answerClientError,
  guardRequest,
  IMPORT_UPLOAD_MAX_BYTES,
  isSealed,
  MAX_BODY_BYTES,
  refuseConnect,
  SERVER_ACTION_MAX_BYTES,
} from './http-edges.js';

const MB = 1024 * 1024;
let server: http.Server;
let port: number;
/** What the stand-in for Next received, per request path. */
const received = new Map<string, { bytes: number; body: string }>();
let nextCalls = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    guardRequest(req, res, { appUrl: 'https://clinic.example' }, () => {
      nextCalls++;
      const chunks: Buffer[] = [];
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (chunks.length < 4) chunks.push(chunk);
        received.set(req.url ?? '', { bytes, body: '' });
      });
      req.on('error', () => {});
      req.on('end', () => {
        received.set(req.url ?? '', { bytes, body: Buffer.concat(chunks).toString() });
        // Late writes after the guard answered must vanish quietly, as Next's would.
        res.setHeader('X-Next', '1');
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(`read ${bytes}`);
      });
      req.on('close', () => {
        if (isSealed(res)) res.end('too late');
      });
    });
  });
  server.on('connect', (_req, socket) => refuseConnect(socket));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request whose body is `size` bytes sent in 64 KB chunks (chunked: no Content-Length unless given). */
function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; size?: number } = {},
): Promise<Answer & { sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: init.method ?? 'POST',
      headers: init.headers,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        done = true;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
          sent,
        });
      });
    });
    req.on('error', (error) => {
      if (!done) reject(error);
    });
    if (init.size === undefined) {
      req.end(init.body);
      return;
    }
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

/** A raw request line, for what http.request will not send (TRACK). */
function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (c) => (out += c.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', () => resolve(out));
  });
}

describe('bodies are limited while they stream', () => {
  it('cuts a 64 MB chunked body off at the cap with 413 and closes the connection; the reader got at most the cap', async () => {
    const res = await send('/api/track-scan', {
      size: 64 * MB,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ message: 'Request body too large.' });
    expect(res.headers.connection).toBe('close');
    expect(received.get('/api/track-scan')!.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(res.sent).toBeLessThan(64 * MB);
  });

  it('refuses a declared Content-Length past the cap before anyone reads it', async () => {
    const before = nextCalls;
    const res = await send('/api/declared', {
      body: Buffer.alloc(MAX_BODY_BYTES + 1, 'x'),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(nextCalls).toBe(before);
  });

  it('lets a body at the cap through whole (the 2 MB logo upload fits with room to spare)', async () => {
    const res = await send('/api/settings/logo', { size: 3 * MB });
    expect(res.status).toBe(200);
    expect(res.text).toBe(`read ${3 * MB}`);
  });

  it('takes a file of clients to import up to 20 MB, on that path only (issue 33)', async () => {
    const upload = await send('/api/imports/clients', { size: 20 * MB });
    expect(upload.status).toBe(200);
    expect(upload.text).toBe(`read ${20 * MB}`);
    const over = await send('/api/imports/clients', { size: 24 * MB });
    expect(over.status).toBe(413);
    expect(received.get('/api/imports/clients')!.bytes).toBeLessThanOrEqual(IMPORT_UPLOAD_MAX_BYTES);
    const elsewhere = await send('/api/imports/other', { size: 5 * MB });
    expect(elsewhere.status).toBe(413);
  });
});

describe('methods and paths', () => {
  it.each(['TRACE', 'PROPFIND'])('%s → 405 with Allow', async (method) => {
    const res = await send('/', { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  it('TRACK (a method Node does not parse) and CONNECT → 405', async () => {
    expect(await raw('TRACK / HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 405 /);
    expect(await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 405 /,
    );
  });

  it.each(['/card/%ff', '/card/%', '/card/%E0%A4%A', '/api/clients/%c0%af', '/og/%'])(
    '%s (an escape that does not decode) → 400',
    async (path) => {
      const res = await send(path, { method: 'GET' });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).message).toMatch(/does not decode/);
    },
  );

  it('lets an escape that decodes through', async () => {
    expect((await send('/card/%41b%20c', { method: 'GET' })).status).toBe(200);
  });
});

describe('server-action calls', () => {
  const action = { 'Next-Action': '7f00aa', 'Content-Type': 'text/plain;charset=UTF-8' };

  it('from another site → 403, before the body is read', async () => {
    const before = nextCalls;
    const refused: Record<string, string>[] = [
      { ...action, Origin: 'https://evil.example' },
      { ...action, Origin: 'null' },
      { ...action, 'Sec-Fetch-Site': 'cross-site' },
      { 'Content-Type': 'multipart/form-data; boundary=b', Origin: 'https://evil.example' },
    ];
    for (const headers of refused) {
      const res = await send('/recommendation-details', { headers, body: '[]' });
      expect(res.status).toBe(403);
    }
    expect(nextCalls).toBe(before);
  });

  it('from this site or the configured APP_URL goes on, with its body intact', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, 'https://clinic.example']) {
      const res = await send('/recommendation-details', {
        headers: { ...action, Origin: origin },
        body: '["$K1"]',
      });
      expect(res.status).toBe(200);
      expect(received.get('/recommendation-details')!.body).toBe('["$K1"]');
    }
  });

  it('past the action cap → 413, declared or chunked', async () => {
    const declared = await send('/recommendation-details?a', {
      headers: action,
      body: `["${'x'.repeat(SERVER_ACTION_MAX_BYTES)}"]`,
    });
    expect(declared.status).toBe(413);
    const chunked = await send('/recommendation-details?b', { headers: action, size: 8 * MB });
    expect(chunked.status).toBe(413);
    expect(received.has('/recommendation-details?b')).toBe(false);
  });

  it('a body that is not an argument list → 400, and Next never sees it', async () => {
    const before = nextCalls;
    const form = (root: string | null) => {
      const parts = [];
      if (root !== null) parts.push(`--b\r\nContent-Disposition: form-data; name="0"\r\n\r\n${root}\r\n`);
      parts.push('--b\r\nContent-Disposition: form-data; name="1_firstName"\r\n\r\nAnn\r\n--b--\r\n');
      return parts.join('');
    };
    const multipart = { 'Next-Action': '7f00aa', 'Content-Type': 'multipart/form-data; boundary=b' };
    for (const [headers, body] of [
      [action, 'not json'],
      [action, '{"a":1}'],
      [action, ''],
      [multipart, form('not json')],
      [multipart, form(null)],
      [multipart, 'garbage with no parts'],
      [{ 'Content-Type': 'multipart/form-data; boundary=b' }, 'garbage with no parts'],
    ] as const) {
      const res = await send('/recommendation-details', { headers, body });
      expect(res.status).toBe(400);
    }
    expect(nextCalls).toBe(before);
    const ok = await send('/recommendation-details', {
      headers: multipart,
      body: form('["$undefined","$K1"]'),
    });
    expect(ok.status).toBe(200);
  });

  it('a POST to an API route is no action: JSON routes keep their own rules', async () => {
    const res = await send('/api/leads', {
      headers: { 'Content-Type': 'multipart/form-data; boundary=b', Origin: 'https://evil.example' },
      body: 'x',
    });
    expect(res.status).toBe(200);
  });
});
