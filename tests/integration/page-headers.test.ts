/**
 * Issue 28 points 12 and 15, through proxy.ts and the real sign-in routes: every page is sent with a fresh CSP
 * nonce (no 'unsafe-inline' for scripts) and `Cache-Control: private, no-store`, the proxy stands in front of
 * every page and of nothing else, and the session cookie is read under one name only: `__Secure-` when APP_URL
 * is https, the plain name over http. The browser side (every page hydrates under the policy) is in
 * tests/e2e/csp.e2e.ts.
 */
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { POST as login } from '@/app/api/login/route';
import { GET as getUser } from '@/app/api/user/route';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@/lib/auth/session';
import { forgetCards, rememberCard } from '@/lib/known-cards';
import { config, proxy } from '@/proxy';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, ORIGIN } from '../support/http';

setUpTestDatabase();

const saved = { APP_URL: process.env.APP_URL, NEXTAUTH_URL: process.env.NEXTAUTH_URL };
function setAppUrl(value: string | undefined): void {
  delete process.env.NEXTAUTH_URL;
  if (value === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = value;
}
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function viaProxy(path: string, cookie?: string) {
  const headers = new Headers({ 'x-forwarded-for': '127.0.0.1' });
  if (cookie) headers.set('cookie', cookie);
  return proxy(new NextRequest(new URL(path, ORIGIN), { headers }));
}

/** The sources of script-src. */
function scriptSrc(csp: string | null): string[] {
  const directive = (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}
const nonceOf = (csp: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1];

const KNOWN_CARD = 'knowncardtokenh5';
const PAGES = [
  `/card/${KNOWN_CARD}`, // a card this process has found: to the page itself
  '/card/someone-guessing-0123456789', // any other: rewritten to the counted lookup
  '/card-lookup/someone-guessing',
  '/referral-reward-card?token=abc',
  '/bank-details/some-token',
  '/unsubscribe/some-token',
  '/recommendation-details?ref=SC-AAAA-BBBB-CCCC',
  '/review/some-member',
  '/smile-story-offer',
  '/privacy',
  '/login',
  '/', // signed out: the redirect to the login page
  '/settings',
  '/page-that-does-not-exist',
];

describe('every page: a fresh CSP nonce and private, no-store (issue 28 points 12 and 15)', () => {
  beforeAll(() => rememberCard(KNOWN_CARD));
  afterAll(() => forgetCards(KNOWN_CARD));

  it.each(PAGES)('%s', async (path) => {
    const res = await viaProxy(path);
    // Point 12: no shared cache may keep a personal page (it was s-maxage=31536000 for a card).
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Point 15: scripts only by this answer's nonce; no 'unsafe-inline'.
    const csp = res.headers.get('content-security-policy');
    const sources = scriptSrc(csp);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).toContain("'strict-dynamic'");
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
    // Next.js reads the nonce from the request's CSP header to put it on its scripts: the same policy.
    if (!res.headers.get('location')) {
      expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    }
    // A new nonce for the next request.
    const again = await viaProxy(path);
    expect(nonceOf(again.headers.get('content-security-policy'))).not.toBe(nonce);
  });

  it('keeps the card gate: a known card goes to its page, anything else to the counted lookup', async () => {
    expect((await viaProxy(`/card/${KNOWN_CARD}`)).headers.get('x-middleware-rewrite')).toBeNull();
    expect((await viaProxy('/card/made-up-token')).headers.get('x-middleware-rewrite')).toBe(
      `${ORIGIN}/card-lookup/made-up-token`,
    );
  });
});

describe("proxy.ts's matcher: every page, and nothing that is not one", () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

  it.each([...PAGES, '/settings/team', '/card/jane-smith-7kq2x9ab4m', '/card-limit'])(
    'covers the page %s',
    (url) => {
      expect(matches(url)).toBe(true);
    },
  );

  it.each([
    '/api/user',
    '/api/card/abc',
    '/_next/static/chunks/main.js',
    '/_next/image?url=%2Ficon.svg&w=64&q=75',
    '/og/card?token=abc',
    '/clinic-logo/logo-1.png',
    '/icon.svg',
    '/apple-icon.png',
    '/robots.txt',
    '/add-to-home-screen.mp4',
    '/card/jane-smith-7kq2x9ab4m/manifest.webmanifest',
  ])('leaves %s alone (no page; it sets its own caching)', (url) => {
    expect(matches(url)).toBe(false);
  });
});

/** A session's value, whatever name it was set under. */
async function sessionValue(): Promise<string> {
  const staff = await makeStaff();
  const value = staff.cookie
    .split('; ')
    .find((c) => c.includes('session-token='))
    ?.split('=')[1];
  if (!value) throw new Error(`no session cookie in ${staff.cookie}`);
  return value;
}

describe('the session cookie is read under one name only (issue 28 point 15)', () => {
  it('APP_URL https: only __Secure-next-auth.session-token; the plain name is ignored by routes and proxy', async () => {
    setAppUrl('https://referrals.clinic.example');
    const value = await sessionValue();
    const plain = `${SESSION_COOKIE}=${value}`;
    const secure = `${SECURE_SESSION_COOKIE}=${value}`;

    expect((await call(getUser, { cookie: plain })).status).toBe(401);
    expect((await call(getUser, { cookie: secure })).status).toBe(200);
    // Even beside a __Secure- cookie that is not a session, the plain one is not tried.
    expect((await call(getUser, { cookie: `${SECURE_SESSION_COOKIE}=x; ${plain}` })).status).toBe(401);

    expect(new URL((await viaProxy('/settings', plain)).headers.get('location')!).pathname).toBe('/login');
    expect((await viaProxy('/settings', secure)).headers.get('location')).toBeNull();
  });

  it('over http: only the plain name; a __Secure- cookie is ignored', async () => {
    setAppUrl('http://localhost:3000');
    const value = await sessionValue();
    expect((await call(getUser, { cookie: `${SECURE_SESSION_COOKIE}=${value}` })).status).toBe(401);
    expect((await call(getUser, { cookie: `${SESSION_COOKIE}=${value}` })).status).toBe(200);
    expect(
      new URL((await viaProxy('/', `${SECURE_SESSION_COOKIE}=${value}`)).headers.get('location')!).pathname,
    ).toBe('/login');
    expect((await viaProxy('/', `${SESSION_COOKIE}=${value}`)).headers.get('location')).toBeNull();
  });

  it('sign-in writes the one name APP_URL picks, whatever X-Forwarded-Proto claims', async () => {
    const staff = await makeStaff();
    const body = { username: staff.email, password: staff.password };
    setAppUrl('https://referrals.clinic.example');
    const https = await call(login, { body, headers: { 'x-forwarded-proto': 'http' } });
    // The session's cookie, and the browser's id of the sign-in record (issue 31), both named by APP_URL.
    expect(Object.keys(https.setCookies)).toEqual([SECURE_SESSION_COOKIE, '__Host-sr-browser']);
    for (const header of https.setCookieHeaders) expect(header).toMatch(/; Secure/i);
    setAppUrl(undefined);
    const http = await call(login, { body, headers: { 'x-forwarded-proto': 'https' } });
    expect(Object.keys(http.setCookies)).toEqual([SESSION_COOKIE, 'sr-browser']);
    for (const header of http.setCookieHeaders) expect(header).not.toMatch(/; Secure/i);
  });
});
