import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { NextRequest, NextResponse } from 'next/server';
import { clientIp } from '@/lib/api/client-ip';
import { browserName } from '@/lib/auth/browser-name';
import { isHttps } from '@/lib/auth/cookie';
import { createSession, sessionCookie } from '@/lib/auth/session';
import { db } from '@/lib/db';
import { formatDateTime } from '@/lib/format';
import type { SignInMethod } from '@/lib/generated/prisma/enums';
import type { NewSignInData } from '@/lib/messages/templates/staff';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import { NEW_SIGN_IN_SUBJECT } from '@/lib/messages/subjects';

/**
 * Completing a sign-in (issue 31), whichever way it went: a password alone, a password and a second factor, or
 * a passkey alone. One transaction writes the session (with how it started, and when a second factor was used,
 * for the 12-hour step-up), the sign-in record, and, for a browser the account has not signed in from before,
 * the 'New sign-in to your Smile Referrals account' email. The browser is known by a random id in a long-lived
 * HttpOnly cookie, stored only as a hash; an account's first sign-in ever sends no warning (there is nothing
 * to compare with, and it is the person's own first visit).
 */
export const BROWSER_COOKIE_DAYS = 400;
const USER_AGENT_MAX = 300;

export function browserCookieName(): string {
  return isHttps() ? '__Host-sr-browser' : 'sr-browser';
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

export const SECOND_FACTOR_METHODS: readonly SignInMethod[] = [
  'password_totp',
  'password_passkey',
  'password_recovery_code',
  'passkey',
];

export async function finishSignIn(
  req: NextRequest,
  res: NextResponse,
  user: { id: string; email: string },
  method: SignInMethod,
): Promise<{ sessionId: string; newBrowser: boolean }> {
  const ip = clientIp(req.headers);
  const userAgent = req.headers.get('user-agent')?.slice(0, USER_AGENT_MAX) || null;
  const known = req.cookies.get(browserCookieName())?.value;
  const browserId =
    known && /^[A-Za-z0-9_-]{20,100}$/.test(known) ? known : randomBytes(32).toString('base64url');
  const browserHash = hashOf(`${browserId}`);
  const now = new Date();

  const { sessionId, token, newBrowser } = await db.$transaction(async (tx) => {
    const session = await createSession(
      user,
      {
        userAgent,
        ip,
        method,
        secondFactorAt: SECOND_FACTOR_METHODS.includes(method) ? now : null,
      },
      tx,
    );
    const [before, sameBrowser] = await Promise.all([
      tx.signIn.count({ where: { userId: user.id } }),
      tx.signIn.count({ where: { userId: user.id, browserHash } }),
    ]);
    const isNew = before > 0 && sameBrowser === 0;
    await tx.signIn.create({
      data: {
        userId: user.id,
        sessionId: session.sessionId,
        method,
        ip,
        userAgent,
        browserHash,
        newBrowser: isNew,
      },
    });
    if (isNew) {
      const data: NewSignInData = { at: formatDateTime(now), ip, browser: browserName(userAgent) };
      await queueMessages(tx, [
        {
          kind: 'new-sign-in',
          event: session.sessionId,
          to: user.email,
          subject: NEW_SIGN_IN_SUBJECT,
          data: { ...data },
        },
      ]);
    }
    return { ...session, newBrowser: isNew };
  });
  if (newBrowser) kickMessages();

  const { name, options } = sessionCookie(isHttps());
  res.cookies.set(name, token, options);
  res.cookies.set(browserCookieName(), browserId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(),
    path: '/',
    maxAge: BROWSER_COOKIE_DAYS * 24 * 60 * 60,
  });
  return { sessionId, newBrowser };
}

/** The second factors an account has set up, as the login's answer names them. */
export type SecondFactorMethod = 'passkey' | 'totp' | 'recovery-code';

export async function secondFactorMethods(userId: string): Promise<SecondFactorMethod[]> {
  const user = await db.staffUser.findUnique({
    where: { id: userId },
    select: {
      totpEnabledAt: true,
      _count: { select: { passkeys: true, recoveryCodes: { where: { usedAt: null } } } },
    },
  });
  if (!user) return [];
  const methods: SecondFactorMethod[] = [];
  if (user._count.passkeys > 0) methods.push('passkey');
  if (user.totpEnabledAt) methods.push('totp');
  if (methods.length > 0 && user._count.recoveryCodes > 0) methods.push('recovery-code');
  return methods;
}
