import {
  readSessionCookie,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  secureSessionCookie,
  sessionCookieName,
} from './session-cookie';

/** A request's cookies, as NextRequest.cookies and next/headers' cookies() answer them. */
const jar = (values: Record<string, string>) => ({
  get: (name: string) => (name in values ? { value: values[name]! } : undefined),
});

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

describe('the session cookie has one name, fixed by APP_URL (issue 28 point 15)', () => {
  it('over https only __Secure-next-auth.session-token is read: a plain-name cookie is ignored', () => {
    setAppUrl('https://referrals.clinic.example');
    expect(secureSessionCookie()).toBe(true);
    expect(sessionCookieName()).toBe(SECURE_SESSION_COOKIE);
    expect(readSessionCookie(jar({ [SESSION_COOKIE]: 'planted' }))).toBeUndefined();
    expect(readSessionCookie(jar({ [SECURE_SESSION_COOKIE]: 'real', [SESSION_COOKIE]: 'planted' }))).toBe(
      'real',
    );
  });

  it.each([
    ['http', 'http://referrals.clinic.example'],
    ['unset (the default http://localhost)', undefined],
  ])('over http (APP_URL %s) only the plain name is read', (_, appUrl) => {
    setAppUrl(appUrl);
    expect(secureSessionCookie()).toBe(false);
    expect(sessionCookieName()).toBe(SESSION_COOKIE);
    expect(readSessionCookie(jar({ [SECURE_SESSION_COOKIE]: 'other' }))).toBeUndefined();
    expect(readSessionCookie(jar({ [SESSION_COOKIE]: 'real', [SECURE_SESSION_COOKIE]: 'other' }))).toBe(
      'real',
    );
  });

  it('NEXTAUTH_URL stands in for APP_URL, as lib/env.ts reads them', () => {
    delete process.env.APP_URL;
    process.env.NEXTAUTH_URL = 'HTTPS://Referrals.Clinic.Example';
    expect(secureSessionCookie()).toBe(true);
  });
});
