/**
 * The public card's data is cached in the app (issue 7), and every change it shows expires it at once: an edit
 * is seen on the next request and a deleted card is gone. Its addresses carry an unguessable key, and failed
 * lookups are limited per address while real cards still open (issue 14, point 4). Since issue 28 (points 12
 * and 15) the page itself is rendered for each request (its CSP nonce) and sent `private, no-store`: no cache
 * outside the app keeps a person's card, and Next's page cache does not either (no x-nextjs-cache answer).
 * Checked on the real production server through HTTP alone.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignInAsAdmin, loopbackAddress, requestFrom } from './support';

const NOT_FOUND = 'Referral Reward Card Not Found';

/** A name no other test uses, made of letters only (so the readable part of its branded link is first-last). */
function uniqueName(): { firstName: string; lastName: string } {
  const letters = (n: number) =>
    Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
  return { firstName: `Cache${letters(6)}`, lastName: `Card${letters(6)}` };
}

async function cardPage(request: APIRequestContext, token: string) {
  const res = await request.get(`/card/${token}`);
  expect(res.status()).toBe(200);
  return {
    html: await res.text(),
    cache: res.headers()['x-nextjs-cache'],
    cacheControl: res.headers()['cache-control'],
  };
}

/** A personal page: kept by no shared cache or browser, and not answered from Next's page cache. */
function expectPrivate(page: { cache?: string; cacheControl?: string }): void {
  expect(page.cacheControl).toBe('private, no-store');
  expect(page.cache).toBeUndefined();
}

async function createClient(request: APIRequestContext, name: { firstName: string; lastName: string }) {
  const res = await request.post('/api/admin/clients', {
    data: { ...name, email: `${name.firstName}.${name.lastName}@cache.test`.toLowerCase() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; inviteToken: string; brandedUrl: string };
}

test.describe('the reward card, its data cached in the app', () => {
  test('is sent private, no-store, shows an edit at once, and is gone at once when deleted', async ({
    request,
  }) => {
    await apiSignInAsAdmin(request);
    const name = uniqueName();
    const client = await createClient(request, name);

    const first = await cardPage(request, client.inviteToken);
    expect(first.html).toContain(name.firstName);
    expectPrivate(first);
    const again = await cardPage(request, client.inviteToken);
    expectPrivate(again);
    expect((await request.get(`/api/card/${client.inviteToken}`)).status()).toBe(200);

    // Renamed: the page and the API show the new name on the very next request.
    const renamed = { firstName: `${name.firstName}x`, lastName: `${name.lastName}y` };
    const patch = await request.patch(`/api/admin/clients/${client.id}`, { data: renamed });
    expect(patch.status(), await patch.text()).toBe(200);
    const edited = await cardPage(request, client.inviteToken);
    expect(edited.html).toContain(`${renamed.firstName}`);
    expect(edited.html).toContain(`${renamed.lastName}`);
    expect(await (await request.get(`/api/card/${client.inviteToken}`)).json()).toMatchObject(renamed);
    // ... and again on the next visit, still private.
    const later = await cardPage(request, client.inviteToken);
    expect(later.html).toContain(`${renamed.firstName}`);
    expectPrivate(later);

    // Deleted: gone from the page and the API at once.
    expect((await request.delete(`/api/clients/${client.id}`)).status()).toBe(204);
    const gone = await cardPage(request, client.inviteToken);
    expect(gone.html).toContain(NOT_FOUND);
    expect(gone.html).not.toContain(renamed.firstName);
    expect((await request.get(`/api/card/${client.inviteToken}`)).status()).toBe(404);
  });

  test('the branded link carries a key: it is private, survives a rename, and the name alone finds nothing', async ({
    request,
  }) => {
    await apiSignInAsAdmin(request);
    const name = uniqueName();
    const client = await createClient(request, name);
    const branded = new URL(client.brandedUrl).pathname.slice('/card/'.length);
    expect(branded).toMatch(
      new RegExp(`^${name.firstName.toLowerCase()}-${name.lastName.toLowerCase()}-[0-9a-hjkmnp-tv-z]{10}$`),
    );

    expect((await cardPage(request, branded)).html).toContain(name.firstName);
    expectPrivate(await cardPage(request, branded));
    // The old guessable form (FirstLast) and the readable part alone find nothing.
    for (const guess of [`${name.firstName}${name.lastName}`, branded.slice(0, -11)]) {
      expect((await cardPage(request, guess)).html).toContain(NOT_FOUND);
      expect((await request.get(`/api/card/${guess}`)).status()).toBe(404);
    }

    // Renamed: the old link still shows the card, with the new name.
    const renamed = { firstName: `${name.firstName}x`, lastName: name.lastName };
    const patch = await request.patch(`/api/admin/clients/${client.id}`, { data: renamed });
    expect(patch.status(), await patch.text()).toBe(200);
    const after = await cardPage(request, branded);
    expect(after.html).toContain(renamed.firstName);
    expectPrivate(await cardPage(request, branded));
    const newBranded = new URL(((await patch.json()) as { brandedUrl: string }).brandedUrl).pathname;
    expect(newBranded).toBe(`/card/${renamed.firstName.toLowerCase()}-${branded.slice(-21)}`);
    expect((await request.get(newBranded)).status()).toBe(200);

    expect((await request.delete(`/api/clients/${client.id}`)).status()).toBe(204);
  });

  test('a guessing run is limited (429), while a real card still opens for the same address', async ({
    request,
  }) => {
    await apiSignInAsAdmin(request);
    const client = await createClient(request, uniqueName());
    const branded = new URL(client.brandedUrl).pathname;
    expect((await request.get(branded)).status()).toBe(200);

    // One guesser, from a loopback address of its own (playwright.config.ts: CARD_LOOKUP_FAILURES_PER_HOUR=60
    // on the test server); each guess also claims a new address in X-Forwarded-For, which the server ignores.
    const from = loopbackAddress();
    const octet = () => 1 + Math.floor(Math.random() * 250);
    const guess = (path: string) =>
      requestFrom(from, 'GET', path, { headers: { 'x-forwarded-for': `198.51.${octet()}.${octet()}` } });
    let limitedAfter = 0;
    for (let n = 1; n <= 61 && !limitedAfter; n++) {
      const token = `someone-${n}-aaaaaaaa${n % 10}${n % 7}`;
      const res = await guess(n % 2 ? `/api/card/${token}` : `/card/${token}`);
      if (res.status === 429) limitedAfter = n;
      else if (n % 2) expect(res.status).toBe(404);
      else expect(res.text).toContain(NOT_FOUND);
    }
    expect(limitedAfter).toBe(61);

    // Every public lookup from that address is now refused ...
    const api = await guess('/api/card/JaneSmith');
    expect(api.status).toBe(429);
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(api.text).message).toBe('Too many requests from this address. Please try again later.');
    expect((await guess('/api/users/card/SC-ZZZZ-ZZZZ-ZZZZ')).status).toBe(429);
    let page = await guess('/card/JaneSmith');
    if (page.status >= 300 && page.status < 400)
      page = await guess(new URL(page.headers.location!, 'http://x').pathname);
    expect(page.status).toBe(429);
    expect(page.headers['retry-after']).toBeTruthy();
    // Issue 29, point 12: the page speaks in a patient's words (the API keeps its message).
    expect(page.text).toContain('<title>Please wait a few minutes');

    // ... while the real card still answers to the same address (a found card is never counted), privately;
    // other addresses are untouched.
    const hit = await guess(branded);
    expect(hit.status).toBe(200);
    expect(hit.headers['cache-control']).toBe('private, no-store');
    expect((await guess(`/api/card/${client.inviteToken}`)).status).toBe(200);
    expect((await request.get('/api/card/not-a-card-at-all-zz')).status()).toBe(404);

    expect((await request.delete(`/api/clients/${client.id}`)).status()).toBe(204);
  });
});
