import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { appUrl } from '@/lib/env';
import { createSessionToken, SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionCookie } from './session';

/** Secure cookies whenever the app is reached over HTTPS (always, in a real deployment). */
export function isHttps(req: NextRequest): boolean {
  return (
    req.nextUrl.protocol === 'https:' ||
    req.headers.get('x-forwarded-proto') === 'https' ||
    (appUrl()?.startsWith('https://') ?? false)
  );
}

export async function setSessionCookie(
  res: NextResponse,
  req: NextRequest,
  user: { id: string; email: string; sessionVersion: number },
): Promise<void> {
  const { name, options } = sessionCookie(isHttps(req));
  res.cookies.set(name, await createSessionToken(user), options);
}

export function clearSessionCookies(res: NextResponse, req: NextRequest): void {
  for (const name of [SESSION_COOKIE, SECURE_SESSION_COOKIE]) {
    const { options } = sessionCookie(name === SECURE_SESSION_COOKIE || isHttps(req));
    res.cookies.set(name, '', { ...options, maxAge: 0 });
  }
}
