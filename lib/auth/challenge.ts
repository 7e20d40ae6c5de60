import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { NextRequest, NextResponse } from 'next/server';
import { HttpError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { AuthChallengePurpose } from '@/lib/generated/prisma/enums';
import { isHttps } from './cookie';

/**
 * The state between two steps of an authentication (issue 31): after a right password, the second factor;
 * a passkey ceremony's challenge between its options and the browser's answer; a step-up before money moves.
 * The browser holds a random token (32 bytes) in an HttpOnly, SameSite=Strict cookie of its purpose; the
 * database holds only the token's SHA-256, with the account, session and WebAuthn challenge the next step needs.
 * A state is short-lived and used once: the step that completes it deletes it, and an expired one is refused
 * with words that say to start again. Expired rows are swept whenever a new one is written.
 */
export const CHALLENGE_MINUTES: Record<AuthChallengePurpose, number> = {
  second_factor: 5,
  passkey_login: 5,
  passkey_register: 10,
  step_up: 5,
};

export const SIGN_IN_EXPIRED_TEXT = 'Your sign-in has timed out. Please enter your email and password again.';
export const CEREMONY_EXPIRED_TEXT = 'This took too long and has timed out. Please try again.';

const EXPIRED_TEXT: Record<AuthChallengePurpose, string> = {
  second_factor: SIGN_IN_EXPIRED_TEXT,
  passkey_login: CEREMONY_EXPIRED_TEXT,
  passkey_register: CEREMONY_EXPIRED_TEXT,
  step_up: CEREMONY_EXPIRED_TEXT,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export function challengeCookieName(purpose: AuthChallengePurpose): string {
  const name = `sr-${purpose.replace('_', '-')}`;
  // __Host-: only ever set by this host over https, for the whole site (RFC 6265bis).
  return isHttps() ? `__Host-${name}` : name;
}

export interface ChallengeState {
  id: string;
  purpose: AuthChallengePurpose;
  userId: string | null;
  sessionId: string | null;
  challenge: string | null;
  expiresAt: Date;
}

/** Writes a new state and sets its cookie on `res`; an earlier state of the same browser and purpose is gone. */
export async function startChallenge(
  req: NextRequest,
  res: NextResponse,
  state: {
    purpose: AuthChallengePurpose;
    userId?: string | null;
    sessionId?: string | null;
    challenge?: string | null;
  },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES[state.purpose] * 60_000);
  const earlier = req.cookies.get(challengeCookieName(state.purpose))?.value;
  await db.$transaction([
    db.authChallenge.deleteMany({
      where: {
        OR: [{ expiresAt: { lt: now } }, ...(earlier ? [{ tokenHash: hashOf(earlier) }] : [])],
      },
    }),
    db.authChallenge.create({
      data: {
        purpose: state.purpose,
        tokenHash: hashOf(token),
        userId: state.userId ?? null,
        sessionId: state.sessionId ?? null,
        challenge: state.challenge ?? null,
        expiresAt,
      },
    }),
  ]);
  res.cookies.set(challengeCookieName(state.purpose), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(),
    path: '/',
    maxAge: CHALLENGE_MINUTES[state.purpose] * 60,
  });
}

/**
 * The state this browser holds for `purpose`, or a 401 (second step of a sign-in) / 400 (a ceremony) that says
 * it timed out. `sessionId`, when given, must be the state's (a step-up or a registration belongs to the
 * session that started it).
 */
export async function readChallenge(
  req: NextRequest,
  purpose: AuthChallengePurpose,
  sessionId?: string,
): Promise<ChallengeState> {
  const token = req.cookies.get(challengeCookieName(purpose))?.value;
  const status = purpose === 'second_factor' ? 401 : 400;
  if (!token || token.length > 100) throw new HttpError(status, EXPIRED_TEXT[purpose]);
  const row = await db.authChallenge.findUnique({ where: { tokenHash: hashOf(token) } });
  if (
    !row ||
    row.purpose !== purpose ||
    row.expiresAt <= new Date() ||
    (sessionId !== undefined && row.sessionId !== sessionId)
  ) {
    throw new HttpError(status, EXPIRED_TEXT[purpose]);
  }
  return row;
}

/**
 * Uses the state up: deletes its row (false when another request already did, so two answers cannot both
 * complete one sign-in) and clears its cookie.
 */
export async function endChallenge(
  res: NextResponse,
  state: Pick<ChallengeState, 'id' | 'purpose'>,
): Promise<boolean> {
  const { count } = await db.authChallenge.deleteMany({ where: { id: state.id } });
  clearChallengeCookie(res, state.purpose);
  return count === 1;
}

export function clearChallengeCookie(res: NextResponse, purpose: AuthChallengePurpose): void {
  res.cookies.set(challengeCookieName(purpose), '', {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(),
    path: '/',
    maxAge: 0,
  });
}
