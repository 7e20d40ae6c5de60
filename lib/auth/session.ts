import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { db } from '@/lib/db';
import { sessionSecret } from '@/lib/env';
import type { SignInMethod } from '@/lib/generated/prisma/enums';
import { sessionCookieName } from './session-cookie';

export { readSessionCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session-cookie';

/**
 * Sessions are next-auth's own JWT sessions (encrypted JWE cookies written and read with next-auth/jwt), so
 * route handlers, server components and proxy.ts all read one session. The cookie names a row of
 * `staff_sessions` (claim `sid`), and every read checks that row and the account in one query: signing out,
 * a password change, removing the account or an admin's "sign out everywhere" ends a session on its next
 * request, and a demotion applies at once. proxy.ts only decodes the cookie to pick a page; the pages and
 * routes it lets through check the database here.
 */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60; // one clinic working day

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_AGENT_MAX = 300;

export interface SessionUser {
  id: string;
  email: string;
  isFullAdmin: boolean;
  /** The staff_sessions row this request was made with. */
  sessionId: string;
  /** Issue 31: whether the account has a second factor (an authenticator app or a passkey) set up. */
  hasSecondFactor: boolean;
  /** When a second factor was last used in this session (signing in, or a step-up); null if never. */
  secondFactorAt: Date | null;
  /** A full admin of an upgraded install may move money without a second factor until then. */
  secondFactorGraceUntil: Date | null;
}

interface SessionClaims {
  sub?: string;
  email?: string;
  sid?: string;
}

/** How a session was started, kept on its row (issue 31): the sign-in record and the 12-hour step-up read it. */
export interface SessionStart {
  userAgent?: string | null;
  ip?: string | null;
  method?: SignInMethod;
  /** When a second factor was used to start it (null for a password alone). */
  secondFactorAt?: Date | null;
}

/**
 * Starts a session for `user`: writes its row (in `tx` when given, so the sign-in's record and email are
 * written with it) and returns the row's id and the cookie's value. Sessions that have expired (anyone's) are
 * deleted on the way, so the table holds only the sessions that could still be used.
 */
export async function createSession(
  user: { id: string; email: string },
  start: SessionStart | string | null = {},
  tx: Pick<typeof db, 'staffSession'> = db,
): Promise<{ sessionId: string; token: string }> {
  const { userAgent, ip, method, secondFactorAt } =
    typeof start === 'object' && start ? start : { userAgent: start };
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await tx.staffSession.deleteMany({ where: { expiresAt: { lt: now } } });
  const session = await tx.staffSession.create({
    data: {
      userId: user.id,
      expiresAt,
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: ip ?? null,
      method: method ?? 'password',
      secondFactorAt: secondFactorAt ?? null,
    },
    select: { id: true },
  });
  const token = await createSessionToken({ id: user.id, email: user.email, sessionId: session.id });
  return { sessionId: session.id, token };
}

/** The cookie's value for an existing session row (exported for tests that forge old or odd cookies). */
export function createSessionToken(claims: {
  id: string;
  email: string;
  sessionId?: string;
}): Promise<string> {
  return encode({
    token: { sub: claims.id, email: claims.email, ...(claims.sessionId ? { sid: claims.sessionId } : {}) },
    secret: sessionSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

async function claimsOf(raw: string | undefined): Promise<{ sub: string; sid: string } | null> {
  if (!raw) return null;
  let claims: SessionClaims | null;
  try {
    claims = (await decode({ token: raw, secret: sessionSecret() })) as SessionClaims | null;
  } catch {
    return null;
  }
  // A cookie from before server-side sessions (no sid) is simply signed out.
  if (!claims?.sub || !claims.sid || !UUID.test(claims.sub) || !UUID.test(claims.sid)) return null;
  return { sub: claims.sub, sid: claims.sid };
}

/** The signed-in staff member behind a cookie: one indexed read of the session joined with its account. */
export async function userFromSessionToken(raw: string | undefined): Promise<SessionUser | null> {
  const claims = await claimsOf(raw);
  if (!claims) return null;
  const rows = await db.$queryRaw<
    {
      id: string;
      email: string;
      isFullAdmin: boolean;
      hasSecondFactor: boolean;
      secondFactorAt: Date | null;
      secondFactorGraceUntil: Date | null;
    }[]
  >`
    SELECT u."id", u."email", u."isFullAdmin", s."secondFactorAt", u."secondFactorGraceUntil",
      (u."totpEnabledAt" IS NOT NULL OR EXISTS (SELECT 1 FROM "passkeys" p WHERE p."userId" = u."id"))
        AS "hasSecondFactor"
    FROM "staff_sessions" s JOIN "staff_users" u ON u."id" = s."userId"
    WHERE s."id" = ${claims.sid}::uuid AND s."userId" = ${claims.sub}::uuid
      AND s."revokedAt" IS NULL AND s."expiresAt" > now()`;
  const user = rows[0];
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    isFullAdmin: user.isFullAdmin,
    sessionId: claims.sid,
    hasSecondFactor: user.hasSecondFactor,
    secondFactorAt: user.secondFactorAt,
    secondFactorGraceUntil: user.secondFactorGraceUntil,
  };
}

/** Ends the session a cookie names (signing out). Unknown, forged or already ended sessions are ignored. */
export async function revokeSessionToken(raw: string | undefined): Promise<void> {
  const claims = await claimsOf(raw);
  if (!claims) return;
  await db.staffSession.updateMany({
    where: { id: claims.sid, userId: claims.sub, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** Ends every live session of an account, except `keep` (the caller's own, after a password change). */
export async function revokeUserSessions(
  userId: string,
  { keep, tx = db }: { keep?: string; tx?: Pick<typeof db, 'staffSession'> } = {},
): Promise<number> {
  const { count } = await tx.staffSession.updateMany({
    where: {
      userId,
      revokedAt: null,
      expiresAt: { gt: new Date() },
      ...(keep ? { id: { not: keep } } : {}),
    },
    data: { revokedAt: new Date() },
  });
  return count;
}

/** Options for the session cookie; `secure` when the app is served over HTTPS (session-cookie.ts). */
export function sessionCookie(secure: boolean) {
  return {
    name: sessionCookieName(secure),
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  };
}
