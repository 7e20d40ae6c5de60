import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { clientIp, limitAddress } from '@/lib/api/client-ip';
import { conflict, HttpError, notFound, tooManyRequests } from '@/lib/api/errors';
import { hashPassword } from '@/lib/auth/password';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import type { CurrentUserDto } from '@/lib/dto/auth';
import { toStaffInviteDto, type StaffInviteDto } from '@/lib/dto/invites';
import { encryptionKey } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { kickMessages, queueMessages } from '@/lib/messages/outbox';
import { staffInviteSubject } from '@/lib/messages/subjects';
import type { StaffInviteData } from '@/lib/messages/templates/staff';
import type { Actor } from '../actor';
import { forgetEvents, retryAfterSeconds, takeLimits, type Limit } from '../rate-limit';
import { clinicNameIn } from '../settings';
import { STAFF_EMAIL_TAKEN } from '../staff';
import { recordAccountEvent } from './audit';
import { finishSignIn } from './sign-in';

/**
 * Invitations (issue 31, point 1): a full admin adds a member of staff by email alone, and the person chooses
 * their own password through a one-time link, /invite/{token}. As the bank-details link
 * (lib/services/bank-details-link.ts): the token is 32 random bytes (256 bits), the database keeps only its
 * SHA-256, and the message carries it encrypted until it is sent. A link works once and for 7 days; Resend
 * makes a new token (the old link stops working) and a new expiry; Revoke withdraws it. Accepting makes the
 * account with the person's password and signs them in.
 *
 * Unknown tokens are counted against the caller's address (the page and the API together): 10 in 15 minutes,
 * then 429. A real token, even a used or expired one, is not a guess and is not counted.
 */
export const INVITE_VALID_DAYS = 7;
export const INVITE_GUESS_MAX = 10;
export const INVITE_GUESS_WINDOW_MS = 15 * 60 * 1000;

export const INVITE_PENDING_TEXT =
  'This email address already has a pending invitation. Use Resend in Settings to send it again.';
export const INVITE_USED_TEXT =
  'This invitation has already been used. Sign in with your email and password.';
export const INVITE_EXPIRED_TEXT =
  'This invitation has expired. Please ask a full admin of the clinic to send a new one.';
export const INVITE_REVOKED_TEXT =
  'This invitation was withdrawn by the clinic. If you still need an account, please ask a full admin of the clinic.';
export const INVITE_INVALID_TEXT =
  'This link is not valid. Please check you opened the whole link from the email.';
export const INVITE_ACCOUNT_EXISTS_TEXT =
  'An account with this email address already exists, so this invitation cannot be used. Sign in with your email and password.';
export const INVITE_NOT_FOUND_TEXT = 'That invitation does not exist.';
export const INVITE_ALREADY_ACCEPTED_TEXT =
  'This invitation was already accepted: the staff account exists. Refresh the list to see it.';
export const INVITE_ALREADY_REVOKED_TEXT =
  'This invitation was revoked. To invite this person again, add them again with Send an invitation.';

export function tooManyGuessesText(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return (
    'Too many invitation links that are not valid were tried from this address. ' +
    `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  );
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
/** The advisory-lock class of invitations by email (the first of pg_advisory_xact_lock's two int4 keys). */
const LOCK_CLASS = 31_001;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The SHA-256 the database keeps of a link's token (base64url). */
export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const newToken = () => randomBytes(32).toString('base64url');

const guessLimit = (ip: string): Limit => ({
  key: `invite-token:ip:${limitAddress(ip)}`,
  max: INVITE_GUESS_MAX,
  windowMs: INVITE_GUESS_WINDOW_MS,
});

type InviteRow = Prisma.StaffInviteGetPayload<object>;

/**
 * The invitation's email, in `tx`: a new message for each send (the event is the invitation and the time of
 * this send), naming who sent it.
 */
async function queueInviteEmail(
  tx: Prisma.TransactionClient,
  row: InviteRow,
  token: string,
  actor: Actor,
): Promise<void> {
  const data: StaffInviteData = {
    tokenEnc: encrypt(token, encryptionKey()),
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: actor.email,
    isFullAdmin: row.isFullAdmin,
  };
  await queueMessages(tx, [
    {
      kind: 'staff-invite',
      event: `${row.id}:${row.sentAt.getTime()}`,
      to: row.email,
      subject: staffInviteSubject(await clinicNameIn(tx)),
      data: { ...data },
    },
  ]);
}

/** Locks one invitation's row for the rest of `tx`, and reads it (null when there is none). */
async function lockInvite(tx: Prisma.TransactionClient, where: { id: string } | { tokenHash: string }) {
  const rows =
    'id' in where
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "staff_invites" WHERE "id" = ${where.id}::uuid FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "staff_invites" WHERE "tokenHash" = ${where.tokenHash} FOR UPDATE`;
  const [locked] = rows;
  return locked ? tx.staffInvite.findUnique({ where: { id: locked.id } }) : null;
}

async function accountExists(tx: Prisma.TransactionClient, email: string): Promise<boolean> {
  return (await tx.staffUser.count({ where: { email } })) > 0;
}

/**
 * POST /api/admin/users with `invite: true`. Refused (409) when an account already has the email, or a pending
 * invitation does; an expired one for the same address is replaced. Invitations of one address take turns (an
 * advisory lock on the email), so two clicks at once send one.
 */
export async function inviteStaff(
  actor: Actor,
  input: { email: string; isFullAdmin: boolean },
  ip: string | null = null,
): Promise<StaffInviteDto> {
  const email = input.email.trim().toLowerCase();
  const token = newToken();
  const row = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${email}))`;
    const now = new Date();
    if (await accountExists(tx, email)) throw conflict(STAFF_EMAIL_TAKEN);
    const pending = await tx.staffInvite.count({
      where: { email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    });
    if (pending > 0) throw conflict(INVITE_PENDING_TEXT);
    // An expired invitation for the address leaves the list: this one takes its place.
    await tx.staffInvite.updateMany({
      where: { email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const created = await tx.staffInvite.create({
      data: {
        email,
        isFullAdmin: input.isFullAdmin,
        tokenHash: inviteTokenHash(token),
        expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS),
        invitedById: actor.id,
        invitedBy: actor.email,
        sentAt: now,
        createdAt: now,
      },
    });
    await queueInviteEmail(tx, created, token, actor);
    await recordAccountEvent(
      {
        action: 'invited',
        email,
        actor,
        ip,
        details: input.isFullAdmin ? 'Invited as a full admin.' : 'Invited as staff.',
      },
      tx,
    );
    return created;
  });
  kickMessages();
  return toStaffInviteDto(row);
}

/**
 * GET /api/admin/invites: invitations not accepted and not revoked, newest email first. Expired ones are
 * listed too (state 'expired'), so a full admin can Resend them or Revoke them off the list. An invitation for
 * an address that has an account by now (made with a password meanwhile) is of no use and is left out.
 */
export async function listPendingInvites(now = new Date()): Promise<StaffInviteDto[]> {
  const rows = await db.staffInvite.findMany({
    where: { acceptedAt: null, revokedAt: null },
    orderBy: [{ sentAt: 'desc' }, { id: 'desc' }],
  });
  if (rows.length === 0) return [];
  const taken = new Set(
    (
      await db.staffUser.findMany({
        where: { email: { in: rows.map((r) => r.email) } },
        select: { email: true },
      })
    ).map((u) => u.email),
  );
  return rows.filter((r) => !taken.has(r.email)).map((r) => toStaffInviteDto(r, now));
}

/** The refusal for acting on an invitation that is not open any more (accepted or revoked), or null. */
function closedProblem(row: InviteRow) {
  if (row.acceptedAt) return conflict(INVITE_ALREADY_ACCEPTED_TEXT);
  if (row.revokedAt) return conflict(INVITE_ALREADY_REVOKED_TEXT);
  return null;
}

/**
 * POST /api/admin/invites/{id}/resend: a new token (the emailed link stops working), 7 days from now, and a
 * new email. Works on an expired invitation too.
 */
export async function resendInvite(
  actor: Actor,
  id: string,
  ip: string | null = null,
): Promise<StaffInviteDto> {
  const token = newToken();
  const row = await db.$transaction(async (tx) => {
    const invite = await lockInvite(tx, { id });
    if (!invite) throw notFound(INVITE_NOT_FOUND_TEXT);
    const problem = closedProblem(invite);
    if (problem) throw problem;
    if (await accountExists(tx, invite.email)) throw conflict(STAFF_EMAIL_TAKEN);
    const now = new Date();
    const updated = await tx.staffInvite.update({
      where: { id },
      data: {
        tokenHash: inviteTokenHash(token),
        expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS),
        sentAt: now,
      },
    });
    await queueInviteEmail(tx, updated, token, actor);
    await recordAccountEvent({ action: 'invite_resent', email: invite.email, actor, ip }, tx);
    return updated;
  });
  kickMessages();
  return toStaffInviteDto(row);
}

/**
 * DELETE /api/admin/invites/{id}: the link stops working at once (its page says the clinic withdrew it).
 * Revoking one already revoked changes nothing; an accepted one cannot be revoked (remove the account).
 */
export async function revokeInvite(actor: Actor, id: string, ip: string | null = null): Promise<void> {
  await db.$transaction(async (tx) => {
    const invite = await lockInvite(tx, { id });
    if (!invite) throw notFound(INVITE_NOT_FOUND_TEXT);
    if (invite.acceptedAt) throw conflict(INVITE_ALREADY_ACCEPTED_TEXT);
    if (invite.revokedAt) return;
    await tx.staffInvite.update({ where: { id }, data: { revokedAt: new Date() } });
    await recordAccountEvent({ action: 'invite_revoked', email: invite.email, actor, ip }, tx);
  });
}

export type InviteLinkState =
  | { state: 'valid'; email: string; isFullAdmin: boolean; expiresAt: Date }
  | { state: 'accepted' | 'expired' | 'revoked' | 'invalid' };

/** What /invite/{token} shows. */
export async function inviteLinkState(token: string, now = new Date()): Promise<InviteLinkState> {
  if (!TOKEN_PATTERN.test(token)) return { state: 'invalid' };
  const row = await db.staffInvite.findUnique({ where: { tokenHash: inviteTokenHash(token) } });
  return stateOf(row, now);
}

function stateOf(row: InviteRow | null, now: Date): InviteLinkState {
  if (!row) return { state: 'invalid' };
  if (row.acceptedAt) return { state: 'accepted' };
  if (row.revokedAt) return { state: 'revoked' };
  if (row.expiresAt <= now) return { state: 'expired' };
  return { state: 'valid', email: row.email, isFullAdmin: row.isFullAdmin, expiresAt: row.expiresAt };
}

/** The words of a link that cannot be used, as its page says them, with the API's status. */
export function inviteLinkProblem(state: InviteLinkState['state']): HttpError | null {
  if (state === 'accepted') return conflict(INVITE_USED_TEXT, { state });
  if (state === 'expired') return new HttpError(410, INVITE_EXPIRED_TEXT, { state });
  if (state === 'revoked') return new HttpError(410, INVITE_REVOKED_TEXT, { state });
  if (state === 'invalid') return notFound(INVITE_INVALID_TEXT);
  return null;
}

/**
 * The page's view of a link, counted as the API counts it: 'limited' once the address has tried too many
 * unknown tokens; an unknown token counts as one more.
 */
export async function inviteLinkStateForPage(
  token: string,
  headers: Headers,
): Promise<InviteLinkState | { state: 'limited' }> {
  const limit = guessLimit(clientIp(headers));
  if ((await retryAfterSeconds([limit])) > 0) return { state: 'limited' };
  const state = await inviteLinkState(token);
  if (state.state === 'invalid') await takeLimits([limit]);
  return state;
}

/**
 * POST /api/invites/{token}: the account is made with the person's password, the invitation is marked used
 * (its row locked, so two submissions make one account) and audited, and the person is signed in
 * (finishSignIn: the one way a session starts). Refused in the page's words when the link was used, has
 * expired, was withdrawn or is unknown, and 409 when an account with the email was made meanwhile.
 */
export async function acceptInvite(token: string, password: string, req: NextRequest): Promise<NextResponse> {
  const ip = clientIp(req.headers);
  const taken = await takeLimits([guessLimit(ip)]);
  if (taken.wait > 0) throw tooManyRequests(tooManyGuessesText(taken.wait), taken.wait);
  const state = await inviteLinkState(token);
  // A real link, even a used one, is not a guess: its event is taken back.
  if (state.state !== 'invalid') await forgetEvents(taken.eventIds);
  const problem = inviteLinkProblem(state.state);
  if (problem) throw problem;

  const passwordHash = await hashPassword(password);
  const user = await db.$transaction(async (tx) => {
    const invite = await lockInvite(tx, { tokenHash: inviteTokenHash(token) });
    const lockedState = stateOf(invite, new Date());
    const refused = inviteLinkProblem(lockedState.state);
    if (refused || !invite) throw refused ?? notFound(INVITE_INVALID_TEXT);
    if (await accountExists(tx, invite.email)) throw conflict(INVITE_ACCOUNT_EXISTS_TEXT);
    let created: { id: string; email: string; isFullAdmin: boolean };
    try {
      created = await tx.staffUser.create({
        data: { email: invite.email, passwordHash, isFullAdmin: invite.isFullAdmin },
        select: { id: true, email: true, isFullAdmin: true },
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw conflict(INVITE_ACCOUNT_EXISTS_TEXT);
      }
      throw error;
    }
    await tx.staffInvite.update({ where: { id: invite.id }, data: { acceptedAt: new Date() } });
    await recordAccountEvent(
      {
        action: 'invite_accepted',
        userId: created.id,
        email: created.email,
        ip,
        details: `Invited by ${invite.invitedBy}.`,
      },
      tx,
    );
    return created;
  });

  const answer: CurrentUserDto = { email: user.email, permissions: { isFullAdmin: user.isFullAdmin } };
  const res = NextResponse.json(answer);
  await finishSignIn(req, res, user, 'password');
  return res;
}
