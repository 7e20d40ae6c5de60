/**
 * The link previews (/og/{card|form|review}, issue 28 point 9): drawn with the font shipped in the app only, so
 * a clinic name with characters outside it (emoji, CJK, Arabic) sends no request off the machine; drawn once
 * per version of the profile and then served from memory; a query string neither forces a new drawing nor adds
 * a cache entry; a changed profile changes the image and its ETag.
 */
import dns from 'node:dns';
import { GET } from '@/app/og/[page]/route';
import { db } from '@/lib/db';
import { previewCache } from '@/lib/og/preview';
import { setUpTestDatabase } from '../support/db';

setUpTestDatabase();

const realFetch = globalThis.fetch;
const outgoing: string[] = [];
const realLookup = dns.lookup;
const realPromisesLookup = dns.promises.lookup;

beforeAll(() => {
  // Any request the renderer makes (a Google font, a Twemoji image) is recorded and fails, as it would here.
  // (A data: address, which the renderer uses to load its own WebAssembly, never leaves the process.)
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith('data:')) return realFetch(input, init);
    outgoing.push(url);
    throw new TypeError('fetch failed: no network in this test');
  }) as typeof fetch;
  const record = (host: unknown) => {
    if (typeof host === 'string' && !['localhost', '127.0.0.1', '::1'].includes(host)) {
      outgoing.push(`dns:${host}`);
    }
  };
  (dns as { lookup: unknown }).lookup = (host: string, ...rest: unknown[]) => {
    record(host);
    return (realLookup as (...args: unknown[]) => unknown)(host, ...rest);
  };
  (dns.promises as { lookup: unknown }).lookup = (host: string, ...rest: unknown[]) => {
    record(host);
    return (realPromisesLookup as (...args: unknown[]) => unknown)(host, ...rest);
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
  (dns as { lookup: unknown }).lookup = realLookup;
  (dns.promises as { lookup: unknown }).lookup = realPromisesLookup;
});

beforeEach(() => {
  outgoing.length = 0;
  previewCache.clear();
});

async function setProfile(clinicName: string | null, brandColour: string | null = null) {
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, clinicName, brandColour },
    update: { clinicName, brandColour },
  });
}

async function preview(page: string, query = '', headers: Record<string, string> = {}) {
  const res = await GET(new Request(`http://localhost:3000/og/${page}${query}`, { headers }), {
    params: Promise.resolve({ page }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('GET /og/{page}', () => {
  it.each([
    ['an emoji', 'Smile 😀 Dental 🦷'],
    ['CJK letters', '笑顔歯科 Smile Clinic'],
    ['Arabic letters', 'عيادة الابتسامة'],
    ['a flag, a skin tone and a zero-width joiner', '🇬🇧 👩🏽‍⚕️ Clinic'],
  ])('draws a name with %s with no request leaving the machine', async (_what, name) => {
    await setProfile(name);
    for (const page of ['card', 'form', 'review']) {
      const res = await preview(page);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.body.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    }
    expect(outgoing).toEqual([]);
  });

  it('draws once per version of the profile; a query string adds no entry and no drawing', async () => {
    await setProfile('Harbour Smile Studio');
    const first = await preview('card');
    expect(previewCache.renders).toBe(1);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);

    const again = await preview('card');
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.get('etag')).toBe(etag);
    for (const query of ['?x=1', '?v=abc', '?x=2&y=%ff', '?page=form']) {
      const res = await preview('card', query);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(etag);
    }
    expect(previewCache.renders).toBe(1);
    expect(previewCache.size).toBe(1);

    // Forty at once, cold: one drawing between them.
    previewCache.clear();
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => preview('card', `?n=${i}`)));
    expect(many.every((res) => res.status === 200 && res.body.equals(first.body))).toBe(true);
    expect(previewCache.renders).toBe(1);

    // A browser or cache that has it revalidates for nothing.
    const revalidated = await preview('card', '', { 'If-None-Match': etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('changes the image and its ETag when the clinic changes its name or colour', async () => {
    await setProfile('Harbour Smile Studio', '#1F4E79');
    const before = await preview('form');
    await setProfile('Harbour Smile Studio', '#7A1F4E');
    const recoloured = await preview('form');
    await setProfile('Quayside Dental', '#7A1F4E');
    const renamed = await preview('form');
    const etags = [before, recoloured, renamed].map((res) => res.headers.get('etag'));
    expect(new Set(etags).size).toBe(3);
    expect(recoloured.body.equals(before.body)).toBe(false);
    expect(renamed.body.equals(recoloured.body)).toBe(false);
    expect(previewCache.renders).toBe(3);
    // The old ETag no longer matches: a cache holding the old image gets the new one.
    const stale = await preview('form', '', { 'If-None-Match': etags[0]! });
    expect(stale.status).toBe(200);
  });

  it('answers 404 for a kind of page it does not draw', async () => {
    expect((await preview('secret')).status).toBe(404);
    expect((await preview('constructor')).status).toBe(404);
  });
});
