import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { db } from '@/lib/db';
import { sessionSecret } from '@/lib/env';

/**
 * Sessions are next-auth's own JWT sessions (encrypted JWE cookies written and read with next-auth/jwt), so
 * route handlers, server components and proxy.ts all read one session. Every read also checks the account in
 * the database: a removed or demoted account, or one whose password changed, loses its rights at once rather
 * than when its cookie expires.
 */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60; // one clinic working day
export const SESSION_COOKIE = 'next-auth.session-token';
export const SECURE_SESSION_COOKIE = '__Secure-next-auth.session-token';

export interface SessionUser {
  id: string;
  email: string;
  isFullAdmin: boolean;
}

interface SessionClaims {
  sub?: string;
  email?: string;
  sv?: number;
}

export function createSessionToken(user: {
  id: string;
  email: string;
  sessionVersion: number;
}): Promise<string> {
  return encode({
    token: { sub: user.id, email: user.email, sv: user.sessionVersion },
    secret: sessionSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

type CookieReader = { get(name: string): { value: string } | undefined };

export function readSessionCookie(cookies: CookieReader): string | undefined {
  return cookies.get(SECURE_SESSION_COOKIE)?.value ?? cookies.get(SESSION_COOKIE)?.value;
}

export async function userFromSessionToken(raw: string | undefined): Promise<SessionUser | null> {
  if (!raw) return null;
  let claims: SessionClaims | null;
  try {
    claims = (await decode({ token: raw, secret: sessionSecret() })) as SessionClaims | null;
  } catch {
    return null;
  }
  if (!claims?.sub || typeof claims.sv !== 'number') return null;
  const user = await db.staffUser.findUnique({
    where: { id: claims.sub },
    select: { id: true, email: true, isFullAdmin: true, sessionVersion: true },
  });
  if (!user || user.sessionVersion !== claims.sv) return null;
  return { id: user.id, email: user.email, isFullAdmin: user.isFullAdmin };
}

/** Options for the session cookie; `secure` when the app is served over HTTPS. */
export function sessionCookie(secure: boolean) {
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  };
}
