/**
 * The public card is served from Next's cache (issue 7), and every change it shows expires it at once: an edit
 * is seen on the next request, a deleted card is gone, and an address visited before its card existed shows
 * the card as soon as it is created. Checked on the real production server through HTTP alone.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignInAsAdmin } from './support';

const NOT_FOUND = 'Referral Reward Card Not Found';

/** A name no other test uses, made of letters only (so its branded slug is predictable: FirstLast). */
function uniqueName(): { firstName: string; lastName: string } {
  const letters = (n: number) =>
    Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
  return { firstName: `Cache${letters(6)}`, lastName: `Card${letters(6)}` };
}

async function cardPage(request: APIRequestContext, token: string) {
  const res = await request.get(`/card/${token}`);
  expect(res.status()).toBe(200);
  return { html: await res.text(), cache: res.headers()['x-nextjs-cache'] };
}

async function createClient(request: APIRequestContext, name: { firstName: string; lastName: string }) {
  const res = await request.post('/api/admin/clients', {
    data: { ...name, email: `${name.firstName}.${name.lastName}@cache.test`.toLowerCase() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; inviteToken: string; brandedUrl: string };
}

test.describe('the cached reward card', () => {
  test('is served from the cache, shows an edit at once, and is gone at once when deleted', async ({
    request,
  }) => {
    await apiSignInAsAdmin(request);
    const name = uniqueName();
    const client = await createClient(request, name);

    const first = await cardPage(request, client.inviteToken);
    expect(first.html).toContain(name.firstName);
    const again = await cardPage(request, client.inviteToken);
    expect(again.cache).toBe('HIT');
    expect((await request.get(`/api/card/${client.inviteToken}`)).status()).toBe(200);

    // Renamed: the page and the API show the new name on the very next request.
    const renamed = { firstName: `${name.firstName}x`, lastName: `${name.lastName}y` };
    const patch = await request.patch(`/api/admin/clients/${client.id}`, { data: renamed });
    expect(patch.status(), await patch.text()).toBe(200);
    const edited = await cardPage(request, client.inviteToken);
    expect(edited.html).toContain(`${renamed.firstName}`);
    expect(edited.html).toContain(`${renamed.lastName}`);
    expect(await (await request.get(`/api/card/${client.inviteToken}`)).json()).toMatchObject(renamed);
    // ... and then comes from the cache again.
    expect((await cardPage(request, client.inviteToken)).cache).toBe('HIT');

    // Deleted: gone from the page and the API at once.
    expect((await request.delete(`/api/clients/${client.id}`)).status()).toBe(204);
    const gone = await cardPage(request, client.inviteToken);
    expect(gone.html).toContain(NOT_FOUND);
    expect(gone.html).not.toContain(renamed.firstName);
    expect((await request.get(`/api/card/${client.inviteToken}`)).status()).toBe(404);
  });

  test('an address visited before its card existed shows the card once it is created', async ({
    request,
  }) => {
    await apiSignInAsAdmin(request);
    const name = uniqueName();
    const slug = `${name.firstName}${name.lastName}`;

    expect((await cardPage(request, slug)).html).toContain(NOT_FOUND);
    expect((await cardPage(request, slug)).html).toContain(NOT_FOUND); // now cached as not found

    const client = await createClient(request, name);
    expect(client.brandedUrl.endsWith(`/card/${slug}`)).toBe(true);
    const shown = await cardPage(request, slug);
    expect(shown.html).toContain(name.firstName);
    expect(shown.html).not.toContain(NOT_FOUND);
    expect((await request.get(`/api/card/${slug}`)).status()).toBe(200);

    expect((await request.delete(`/api/clients/${client.id}`)).status()).toBe(204);
  });
});
