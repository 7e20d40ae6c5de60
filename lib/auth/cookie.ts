import 'server-only';
import type { NextResponse } from 'next/server';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionCookie } from './session';
import { secureSessionCookie } from './session-cookie';

/**
 * Secure cookies when the app's address (APP_URL) is https, always in a real deployment. The one rule that
 * also picks the name the session is read under (session-cookie.ts), so what is written is what is read; a
 * request's own X-Forwarded-Proto does not change it.
 */
export function isHttps(): boolean {
  return secureSessionCookie();
}

/** Clears the cookie under both names: one left from before a change of APP_URL goes too. */
export function clearSessionCookies(res: NextResponse): void {
  for (const name of [SESSION_COOKIE, SECURE_SESSION_COOKIE]) {
    const { options } = sessionCookie(name === SECURE_SESSION_COOKIE || isHttps());
    res.cookies.set(name, '', { ...options, maxAge: 0 });
  }
}
