import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { appUrl } from '@/lib/env';
import { createSession, SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionCookie } from './session';

/** Secure cookies whenever the app is reached over HTTPS (always, in a real deployment). */
export function isHttps(req: NextRequest): boolean {
  return (
    req.nextUrl.protocol === 'https:' ||
    req.headers.get('x-forwarded-proto') === 'https' ||
    (appUrl()?.startsWith('https://') ?? false)
  );
}

/** Starts a new server-side session for `user` and sets its cookie on `res`. */
export async function setSessionCookie(
  res: NextResponse,
  req: NextRequest,
  user: { id: string; email: string },
): Promise<void> {
  const { name, options } = sessionCookie(isHttps(req));
  res.cookies.set(name, await createSession(user, req.headers.get('user-agent')), options);
}

export function clearSessionCookies(res: NextResponse, req: NextRequest): void {
  for (const name of [SESSION_COOKIE, SECURE_SESSION_COOKIE]) {
    const { options } = sessionCookie(name === SECURE_SESSION_COOKIE || isHttps(req));
    res.cookies.set(name, '', { ...options, maxAge: 0 });
  }
}
