/**
 * Bodies are limited while they stream (issue 28 point 8): a route handler stops reading a body the moment it
 * passes the route's cap and answers 413, chunked (no Content-Length) or not, instead of reading it whole first.
 * The real server's side (scripts/server.js's cap on every body, measured by the server's memory) is in
 * tests/e2e/http-edges.e2e.ts.
 */
import { NextRequest } from 'next/server';
import { POST as trackScan } from '@/app/api/track-scan/route';
import { POST as createLead } from '@/app/api/leads/route';
import { POST as uploadLogo } from '@/app/api/settings/logo/route';
import { LOGO_SIZE_TEXT } from '@/lib/services/settings';
import { setUpTestDatabase } from '../support/db';
import { makeStaff, ORIGIN } from '../support/http';

setUpTestDatabase();

const MB = 1024 * 1024;

/** A body of `total` bytes, made as it is read, that counts how much of it was asked for. */
function endlessBody(total: number) {
  const piece = new TextEncoder().encode(`{"padding":"${'x'.repeat(64 * 1024)}`);
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= total) return controller.close();
      produced += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  return { stream, produced: () => produced };
}

async function post(handler: typeof trackScan, path: string, body: ReadableStream<Uint8Array>) {
  // duplex: a stream body is sent as it is made (Node's fetch asks for it).
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
    body,
    duplex: 'half' as const,
  };
  const req = new NextRequest(new URL(path, ORIGIN), init);
  const res = await handler(req, { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

describe('a chunked body past the route cap', () => {
  it.each([
    ['POST /api/track-scan (4 KB)', trackScan, '/api/track-scan'],
    ['POST /api/leads (8 KB)', createLead, '/api/leads'],
  ])('%s: 413 after reading little more than the cap, not the 64 MB sent', async (_name, handler, path) => {
    const body = endlessBody(64 * MB);
    const res = await post(handler, path, body.stream);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
    // A stream reads ahead a piece or two; reading all 64 MB would show here.
    expect(body.produced()).toBeLessThan(512 * 1024);
  });
});

describe('a chunked logo upload past 2 MB', () => {
  it('is refused with the logo size message after reading little more than the cap', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const body = endlessBody(64 * MB);
    const init = {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=xyz',
        'x-forwarded-for': '127.0.0.1',
        cookie: admin.cookie,
      },
      body: body.stream,
      duplex: 'half' as const,
    };
    const req = new NextRequest(new URL('/api/settings/logo', ORIGIN), init);
    const res = await uploadLogo(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(LOGO_SIZE_TEXT);
    expect(body.produced()).toBeLessThan(3 * MB);
  });
});
