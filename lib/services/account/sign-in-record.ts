import 'server-only';
import { notFound } from '@/lib/api/errors';
import { browserName } from '@/lib/auth/browser-name';
import { db } from '@/lib/db';
import {
  signInMethodText,
  type ClinicSignInDto,
  type OwnSignInsDto,
  type SessionEndedDto,
} from '@/lib/dto/account';
import { auditPageOf } from '@/lib/services/audit-paging';
import type { Cursor } from '@/lib/validation/paging';

/**
 * The sign-in record (issue 31): each staff member's own recent sign-ins and live sessions, signing out one of
 * their own sessions, and for full admins everyone's sign-ins. The rows are written by finishSignIn
 * (sign-in.ts); here they are only read, and sessions ended.
 */
export const OWN_SIGN_INS_SHOWN = 20;
export const SESSION_NOT_FOUND = 'That session has already ended, or it is not one of yours.';

export async function ownSignIns(user: { id: string; sessionId: string }): Promise<OwnSignInsDto> {
  const now = new Date();
  const [signIns, sessions] = await Promise.all([
    db.signIn.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: OWN_SIGN_INS_SHOWN,
    }),
    db.staffSession.findMany({
      where: { userId: user.id, revokedAt: null, expiresAt: { gt: now } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    }),
  ]);
  return {
    signIns: signIns.map((s) => ({
      id: s.id,
      at: s.createdAt.toISOString(),
      ip: s.ip,
      browser: browserName(s.userAgent),
      method: signInMethodText(s.method),
      newBrowser: s.newBrowser,
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      startedAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ip: s.ip,
      browser: browserName(s.userAgent),
      method: signInMethodText(s.method),
      current: s.id === user.sessionId,
    })),
  };
}

/**
 * Ends one of the signed-in account's own sessions (its next request answers 401). Another account's session,
 * one that has ended, or none at all is 404, the same answer for each, so the id of someone else's session
 * cannot be confirmed.
 */
export async function endOwnSession(
  user: { id: string; sessionId: string },
  sessionId: string,
): Promise<SessionEndedDto> {
  const { count } = await db.staffSession.updateMany({
    where: { id: sessionId, userId: user.id, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound(SESSION_NOT_FOUND);
  const current = sessionId === user.sessionId;
  return {
    message: current ? 'You are signed out of this browser.' : 'That session is signed out.',
    current,
  };
}

/** The page of a list newest first after `cursor` (on createdAt, then id). */
export function newestFirstAfter(cursor: Cursor | undefined) {
  return cursor
    ? {
        OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
      }
    : {};
}

/** Everyone's sign-ins, newest first, a page at a time (full admins). */
export async function clinicSignIns(query: {
  limit: number;
  cursor?: Cursor;
}): Promise<{ items: ClinicSignInDto[]; total: number; nextCursor: string | null }> {
  const [rows, total] = await Promise.all([
    db.signIn.findMany({
      where: newestFirstAfter(query.cursor),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: query.limit + 1,
      include: { user: { select: { email: true } } },
    }),
    db.signIn.count(),
  ]);
  const { page, nextCursor } = auditPageOf(rows, query.limit);
  return {
    items: page.map((s) => ({
      id: s.id,
      email: s.user.email,
      at: s.createdAt.toISOString(),
      ip: s.ip,
      browser: browserName(s.userAgent),
      method: signInMethodText(s.method),
      newBrowser: s.newBrowser,
    })),
    total,
    nextCursor,
  };
}
