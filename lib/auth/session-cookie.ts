/**
 * Which session cookie the app reads and writes (issue 28 point 15): exactly one name, fixed by APP_URL.
 * When the app's address is https, only `__Secure-next-auth.session-token`, which a browser keeps only when it
 * was set by a secure origin with the Secure flag, so neither a page on plain http (a man in the middle) nor a
 * sibling subdomain can plant one; over http, only the plain `next-auth.session-token`. Until then the plain
 * name was read whenever the `__Secure-` one was absent, so a planted plain cookie was a session on the https
 * site. The request itself (X-Forwarded-Proto) does not decide: a caller could write it.
 *
 * Pure, without server-only imports: proxy.ts, the route wrapper, the pages and the login route share it.
 */
export const SESSION_COOKIE = 'next-auth.session-token';
export const SECURE_SESSION_COOKIE = '__Secure-next-auth.session-token';

type CookieReader = { get(name: string): { value: string } | undefined };

/**
 * True when APP_URL (else NEXTAUTH_URL, as lib/env.ts's appUrl) is https. Unset means the default
 * http://localhost address (appOrigin), so the plain name; npm start always sets APP_URL.
 */
export function secureSessionCookie(): boolean {
  return /^https:\/\//i.test(process.env.APP_URL || process.env.NEXTAUTH_URL || '');
}

/** The one name the session cookie has on this app. */
export function sessionCookieName(secure = secureSessionCookie()): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session cookie's value under the app's one name; a cookie under the other name is ignored. */
export function readSessionCookie(cookies: CookieReader): string | undefined {
  return cookies.get(sessionCookieName())?.value;
}
