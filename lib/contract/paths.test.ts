import { call, fileUrl } from './client';
import { PUBLIC_ENDPOINTS, publicFileUrl } from './paths';
import { callPublic } from './public-call';
import * as publicApi from './public';
import * as team from './team';

/** The declarations the zod-free module stands in for, by the same names (this test may import zod). */
const DECLARED = {
  cardQr: publicApi.cardQr,
  walletPass: publicApi.walletPass,
  googleWallet: publicApi.googleWallet,
  unsubscribe: publicApi.unsubscribe,
  trackScan: team.trackScan,
  trackPlatform: team.trackPlatform,
} as const;

describe('PUBLIC_ENDPOINTS', () => {
  it('names exactly the declarations it stands in for', () => {
    expect(Object.keys(PUBLIC_ENDPOINTS).sort()).toEqual(Object.keys(DECLARED).sort());
  });

  it.each(Object.entries(DECLARED))("%s: the declaration's method and path", (name, declared) => {
    expect(PUBLIC_ENDPOINTS[name as keyof typeof DECLARED]).toEqual({
      method: declared.method,
      path: declared.path,
    });
  });
});

describe('publicFileUrl', () => {
  it('gives the address fileUrl gives for the declaration', () => {
    const cardNumber = 'SC-9DPP-DR25-MMHA';
    expect(publicFileUrl('cardQr', { params: { cardNumber }, query: { size: '300' } })).toBe(
      fileUrl(publicApi.cardQr, { params: { cardNumber }, query: { size: '300' } }),
    );
    expect(publicFileUrl('cardQr', { params: { cardNumber }, query: { size: '300' } })).toBe(
      '/api/users/card/SC-9DPP-DR25-MMHA/qr?size=300',
    );
    expect(publicFileUrl('walletPass', { params: { cardNumber } })).toBe(
      fileUrl(publicApi.walletPass, { params: { cardNumber } }),
    );
    expect(publicFileUrl('googleWallet', { params: { cardNumber } })).toBe(
      fileUrl(publicApi.googleWallet, { params: { cardNumber } }),
    );
  });

  it('encodes a parameter and refuses a missing one, as the declared address does', () => {
    expect(publicFileUrl('walletPass', { params: { cardNumber: 'a/b' } })).toBe('/api/users/card/a%2Fb/pass');
    expect(() => publicFileUrl('walletPass', { params: { cardNumber: '' } })).toThrow(
      'no value for {cardNumber}',
    );
  });
});

describe('callPublic', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  /** The requests made, each as its address and everything fetch was given. */
  function recordFetch(status = 201, answer: unknown = { ok: true }) {
    const seen: { url: string; init?: RequestInit }[] = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), init });
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    return seen;
  }

  it('makes the very request `call` makes with the declaration, and gives the answer', async () => {
    const answer = { scanId: 's1', created: true, counted: true };
    const seen = recordFetch(201, answer);
    const body = { teamMemberId: 'm1', userAgent: 'UA', sessionId: 'session-0001', isUniqueVisitor: true };
    await expect(callPublic('trackScan', { body })).resolves.toEqual(answer);
    await expect(call(team.trackScan, { body })).resolves.toEqual(answer);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toMatchObject({
      url: '/api/track-scan',
      init: { method: 'POST', body: JSON.stringify(body) },
    });

    const choice = { teamMemberId: 'm1', platform: 'google' as const, sessionId: 'session-0001' };
    await callPublic('trackPlatform', { body: choice });
    await call(team.trackPlatform, { body: choice });
    expect(seen[2]).toEqual(seen[3]);
    expect(seen[2]?.url).toBe('/api/track-review-platform');
  });

  it('fills the route parameters (the unsubscribe button) as `call` does', async () => {
    const seen = recordFetch(200, { unsubscribed: true });
    await callPublic('unsubscribe', { params: { token: 'tok.en' } });
    await call(publicApi.unsubscribe, { params: { token: 'tok.en' } });
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toMatchObject({
      url: '/api/unsubscribe/tok.en',
      init: { method: 'POST', body: undefined },
    });
  });

  it('rejects with the API error a refusal gives', async () => {
    recordFetch(429, { message: 'Too many requests.' });
    await expect(
      callPublic('trackPlatform', {
        body: { teamMemberId: 'm1', platform: 'google', sessionId: 'session-0001' },
      }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 429, message: 'Too many requests.' });
  });
});
