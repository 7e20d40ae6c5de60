import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { limitAddress } from '@/lib/api/client-ip';
import { conflict, HttpError, notFound, tooManyRequests } from '@/lib/api/errors';
import { hashPassword } from '@/lib/auth/password';
import { revokeUserSessions } from '@/lib/auth/session';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import { PASSWORD_RESET_SUBJECT } from '@/lib/messages/subjects';
import type { PasswordResetData } from '@/lib/messages/templates/staff';
import {
  RESET_LINK_EXPIRED_TEXT,
  RESET_LINK_INVALID_TEXT,
  RESET_LINK_RETIRED_TEXT,
  RESET_LINK_USED_TEXT,
  RESET_LINK_VALID_MINUTES,
  RESET_TOKEN_PATTERN,
} from '@/lib/validation/password-reset';
import { LeadPace } from '../lead-pace';
import { unlockAccount } from '../login';
import { forgetEvents, takeLimits, type Limit } from '../rate-limit';
import { ACCOUNT_HOLDER, recordAccountEvent } from './audit';

/**
 * Forgotten passwords (issue 31, point 2). Anyone may ask for a link for an email address; the answer is the
 * same words, status and headers whether or not an account uses the address, and takes about the same time
 * (see requestPasswordReset). An account's holder is emailed a one-time link, /reset-password/{token}: 32
 * random bytes (256 bits), of which only the SHA-256 is stored; the token travels encrypted in the message until
 * it is sent (lib/messages strips it then). A link works once and for 30 minutes, and a newer request retires
 * the older ones. Choosing a new password through it ends every session of the account and clears its sign-in
 * lock. The same pattern as the clients' bank-details link (lib/services/bank-details-link.ts).
 */

// The link's words live beside its schemas (lib/validation), for the contract and the pages as well.
export {
  RESET_LINK_EXPIRED_TEXT,
  RESET_LINK_INVALID_TEXT,
  RESET_LINK_RETIRED_TEXT,
  RESET_LINK_USED_TEXT,
  RESET_LINK_VALID_MINUTES,
};

/** What POST /api/password-reset answers, whether or not an account uses the address. */
export const RESET_REQUESTED_TEXT =
  'If an account uses this email address, we have sent it a link to choose a new password. The link works ' +
  `for ${RESET_LINK_VALID_MINUTES} minutes.`;
/** What POST /api/password-reset/{token} answers once the new password is set. */
export const RESET_DONE_TEXT =
  'Your password has been changed, and every session of your account has been signed out. Sign in with your ' +
  'new password.';

// ---------- limits ----------

const MINUTE_MS = 60 * 1000;
/** Requests for a link from one address (an IPv4 address or an IPv6 /64), in an hour. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
/** Emails to one account, in an hour: past it, nothing more is sent, and the answer stays the same. */
export const RESET_EMAILS_PER_ACCOUNT = 3;
/** Uses of a link that set no password (unknown, used, expired or replaced), per address, in 15 minutes. */
export const RESET_FAILED_LINKS_PER_ADDRESS = 10;
const HOUR_MS = 60 * MINUTE_MS;
const GUESS_WINDOW_MS = 15 * MINUTE_MS;

const addressLimit = (ip: string): Limit => ({
  key: `password-reset:ip:${limitAddress(ip)}`,
  max: RESET_REQUESTS_PER_ADDRESS,
  windowMs: HOUR_MS,
});
/** Keyed by the address typed (lower-cased), so an unknown address is counted exactly as a known one is. */
const accountLimit = (email: string): Limit => ({
  key: `password-reset:account:${email.trim().toLowerCase()}`,
  max: RESET_EMAILS_PER_ACCOUNT,
  windowMs: HOUR_MS,
});
const linkLimit = (ip: string): Limit => ({
  key: `password-reset:link:${limitAddress(ip)}`,
  max: RESET_FAILED_LINKS_PER_ADDRESS,
  windowMs: GUESS_WINDOW_MS,
});

export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const tooManyRequestsText = (seconds: number) =>
  `Too many password reset requests from this address. Please try again in ${inMinutes(seconds)}.`;
export const tooManyLinksText = (seconds: number) =>
  `Too many attempts with password reset links from this address. Please try again in ${inMinutes(seconds)}.`;

// ---------- timing ----------

/**
 * The least time POST /api/password-reset takes to answer. The request only writes (the link, its message, the
 * audit entry); the email itself is sent later by the job queue, so this is well above either path's own work.
 */
export const RESET_REQUEST_FLOOR_MS = 400;

/**
 * This process's pace for the request (lead-pace.ts, the public lead form's): no answer before the floor, nor
 * sooner than the slowest recent request took, so a loaded machine slows both paths alike.
 */
const requestPace: LeadPace = ((globalThis as { __smileResetPace?: LeadPace }).__smileResetPace ??=
  new LeadPace());

/** Resolves no earlier than `minimumMs` after `startedAt` (ms since the epoch); at once if that has passed. */
export async function answerNoSoonerThan(
  startedAt: number,
  minimumMs: number,
  now: () => number = Date.now,
): Promise<void> {
  const wait = startedAt + minimumMs - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

// ---------- the link ----------

export const hashOfToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type LinkProblemState = 'used' | 'expired' | 'retired' | 'invalid';
export type ResetLinkState = { state: 'valid'; email: string; expiresAt: Date } | { state: LinkProblemState };

/** A stored link's state at `now`: used first, then replaced by a newer one, then expired. */
export function resetRowState(
  row: { usedAt: Date | null; retiredAt: Date | null; expiresAt: Date },
  now: Date,
): 'valid' | Exclude<LinkProblemState, 'invalid'> {
  if (row.usedAt) return 'used';
  if (row.retiredAt) return 'retired';
  if (row.expiresAt <= now) return 'expired';
  return 'valid';
}

/**
 * The refusal a link that cannot be used gets, in the page's words, with its `state`: unknown 404, used 409
 * (as the bank-details link), expired or replaced 410 (it existed, and is gone for good).
 */
export function resetLinkProblem(state: ResetLinkState['state']): HttpError | null {
  if (state === 'used') return conflict(RESET_LINK_USED_TEXT, { state });
  if (state === 'expired') return new HttpError(410, RESET_LINK_EXPIRED_TEXT, { state });
  if (state === 'retired') return new HttpError(410, RESET_LINK_RETIRED_TEXT, { state });
  if (state === 'invalid') return notFound(RESET_LINK_INVALID_TEXT);
  return null;
}

/** What /reset-password/{token} shows (counting nothing: see resetLinkForPage). */
export async function passwordResetLinkState(token: string): Promise<ResetLinkState> {
  if (!RESET_TOKEN_PATTERN.test(token)) return { state: 'invalid' };
  const row = await db.passwordReset.findUnique({
    where: { tokenHash: hashOfToken(token) },
    select: { usedAt: true, retiredAt: true, expiresAt: true, user: { select: { email: true } } },
  });
  if (!row) return { state: 'invalid' };
  const state = resetRowState(row, new Date());
  return state === 'valid' ? { state, email: row.user.email, expiresAt: row.expiresAt } : { state };
}

/**
 * The page's look-up, under the same per-address limit as the link's use: a look-up that finds no usable link
 * counts (the page would otherwise tell a guesser which tokens exist); one that finds a usable link takes its
 * count back. 'limited' once the address has used its allowance.
 */
export async function resetLinkForPage(
  token: string,
  ip: string,
): Promise<ResetLinkState | { state: 'limited' }> {
  const taken = await takeLimits([linkLimit(ip)]);
  if (taken.wait > 0) return { state: 'limited' };
  const state = await passwordResetLinkState(token);
  if (state.state === 'valid') await forgetEvents(taken.eventIds);
  return state;
}

// ---------- asking for a link ----------

/**
 * POST /api/password-reset. Limited per address (5 an hour: 429 in words, the same whoever's address was
 * typed), then per account (3 emails an hour: past it nothing is sent, and the answer is unchanged). For an
 * account: in one transaction, under a lock of the account's row, its older unused links are retired, a new one
 * is written, its email queued and the request audited; the email is sent after the commit by the job queue.
 *
 * Timing: both paths do the same reads and the same limit writes; an unknown address (or an account past its
 * emails) takes a transaction that locks and reads as the other does, and writes nothing. Then every answer
 * waits until RESET_REQUEST_FLOOR_MS (or the slowest recent request, when the machine is loaded) has passed
 * since the request began, so the time says nothing about whether an account exists.
 */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  const startedAt = Date.now();
  try {
    const byAddress = await takeLimits([addressLimit(ip)]);
    if (byAddress.wait > 0) throw tooManyRequests(tooManyRequestsText(byAddress.wait), byAddress.wait);
    const address = email.trim().toLowerCase();
    const user = await db.staffUser.findUnique({
      where: { email: address },
      select: { id: true, email: true },
    });
    const byAccount = await takeLimits([accountLimit(address)]);
    if (user && byAccount.wait === 0) await writeResetLink(user, ip);
    else await lookAlike(address);
    requestPace.note(Date.now() - startedAt);
  } finally {
    await answerNoSoonerThan(startedAt, requestPace.minimumMs(RESET_REQUEST_FLOOR_MS));
  }
}

async function writeResetLink(user: { id: string; email: string }, ip: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.$transaction(async (tx) => {
    // Simultaneous requests for one account take turns: each retires the link the one before it wrote.
    await tx.$queryRaw`SELECT 1 FROM "staff_users" WHERE "id" = ${user.id}::uuid FOR UPDATE`;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + RESET_LINK_VALID_MINUTES * MINUTE_MS);
    await tx.passwordReset.updateMany({
      where: { userId: user.id, usedAt: null, retiredAt: null, expiresAt: { gt: now } },
      data: { retiredAt: now },
    });
    const reset = await tx.passwordReset.create({
      data: { userId: user.id, tokenHash: hashOfToken(token), expiresAt, createdAt: now },
      select: { id: true },
    });
    const data: PasswordResetData = {
      tokenEnc: encrypt(token, encryptionKey()),
      expiresAt: expiresAt.toISOString(),
    };
    await queueMessages(tx, [
      {
        kind: 'password-reset',
        event: reset.id,
        to: user.email,
        subject: PASSWORD_RESET_SUBJECT,
        data: { ...data },
      },
    ]);
    await recordAccountEvent(
      {
        action: 'password_reset_requested',
        userId: user.id,
        email: user.email,
        performedBy: ACCOUNT_HOLDER,
        ip,
      },
      tx,
    );
  });
  kickMessages();
}

/** The other path's transaction without its writes: the same lock attempt and reads, on rows that are not there. */
async function lookAlike(address: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "staff_users" WHERE "email" = ${address} FOR UPDATE`;
    await tx.passwordReset.findMany({
      where: { user: { email: address }, usedAt: null, retiredAt: null, expiresAt: { gt: new Date() } },
      select: { id: true },
    });
    await tx.settings.findUnique({ where: { id: 1 }, select: { messageKindsOff: true } });
  });
}

// ---------- using a link ----------

/**
 * POST /api/password-reset/{token}: sets the new password, once. Every use that sets none (an unknown, used,
 * expired or replaced link) counts against the address, 10 in 15 minutes, recorded before the link is looked
 * at (429 in words once used up); a use that sets the password takes its count back. The link's row is locked,
 * so two submissions at once set one password and the second is told the link was used. Every session of the
 * account ends (including any pending second step of a sign-in), the account's sign-in lock is cleared (its
 * holder has just proved they read its email), and the change is audited. A second factor, when the account
 * has one, is still asked for at the next sign-in.
 */
export async function resetPassword(token: string, newPassword: string, ip: string): Promise<void> {
  const taken = await takeLimits([linkLimit(ip)]);
  if (taken.wait > 0) throw tooManyRequests(tooManyLinksText(taken.wait), taken.wait);
  const problem = resetLinkProblem((await passwordResetLinkState(token)).state);
  if (problem) throw problem;
  // Hashed before the transaction, so the row is not held locked while argon2 works.
  const passwordHash = await hashPassword(newPassword);
  const user = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { id: string; userId: string; usedAt: Date | null; retiredAt: Date | null; expiresAt: Date }[]
    >`
      SELECT "id", "userId", "usedAt", "retiredAt", "expiresAt" FROM "password_resets"
      WHERE "tokenHash" = ${hashOfToken(token)} FOR UPDATE`;
    if (!row) throw resetLinkProblem('invalid')!;
    const now = new Date();
    const state = resetRowState(row, now);
    if (state !== 'valid') throw resetLinkProblem(state)!;
    const account = await tx.staffUser.update({
      where: { id: row.userId },
      data: { passwordHash },
      select: { id: true, email: true },
    });
    await tx.passwordReset.update({ where: { id: row.id }, data: { usedAt: now } });
    await tx.passwordReset.updateMany({
      where: { userId: account.id, usedAt: null, retiredAt: null },
      data: { retiredAt: now },
    });
    const ended = await revokeUserSessions(account.id, { tx });
    await tx.authChallenge.deleteMany({ where: { userId: account.id } });
    await recordAccountEvent(
      {
        action: 'password_reset',
        userId: account.id,
        email: account.email,
        performedBy: ACCOUNT_HOLDER,
        ip,
        details: `${ended} session${ended === 1 ? '' : 's'} signed out`,
      },
      tx,
    );
    return account;
  });
  await unlockAccount(user.email);
  await forgetEvents(taken.eventIds);
}
