import 'server-only';
import { conflict, HttpError, notFound } from '@/lib/api/errors';
import { hashPassword } from '@/lib/auth/password';
import { revokeUserSessions } from '@/lib/auth/session';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { StaffUserDto } from '@/lib/dto/auth';
import { lockedUntil, unlockAccount, verifyCurrentPassword } from './login';
import { recordAccountEvent } from './account/audit';

export type { StaffUserDto };

const select = { id: true, email: true, isFullAdmin: true, createdAt: true } as const;
const toStaffUserDto = (
  u: { id: string; email: string; isFullAdmin: boolean; createdAt: Date },
  until: Date | undefined = undefined,
): StaffUserDto => ({
  ...u,
  createdAt: u.createdAt.toISOString(),
  locked: until !== undefined,
  lockedUntil: until?.toISOString() ?? null,
});

export const STAFF_NOT_FOUND = 'That staff account does not exist.';

export const STAFF_EMAIL_TAKEN = 'A staff account with this email address already exists.';
export const CANNOT_REMOVE_SELF = 'You cannot remove your own account.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own full-admin rights.';
export const LAST_FULL_ADMIN = 'There must always be at least one full admin.';

export async function listStaffUsers(): Promise<StaffUserDto[]> {
  const users = await db.staffUser.findMany({ select, orderBy: { email: 'asc' } });
  const locked = await lockedUntil(users.map((u) => u.email));
  return users.map((u) => toStaffUserDto(u, locked.get(u.email)));
}

export async function createStaffUser(input: {
  email: string;
  password: string;
  isFullAdmin: boolean;
}): Promise<StaffUserDto> {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.staffUser.create({
      data: { email: input.email.trim().toLowerCase(), passwordHash, isFullAdmin: input.isFullAdmin },
      select,
    });
    return toStaffUserDto(user);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw conflict(STAFF_EMAIL_TAKEN);
    }
    throw error;
  }
}

/**
 * Runs `change` on the staff table under a lock, after checking that at least one full admin remains, so two
 * admins removing each other at the same moment cannot leave the clinic with none.
 */
async function withAdminGuard(
  targetId: string,
  change: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`LOCK TABLE "staff_users" IN SHARE ROW EXCLUSIVE MODE`;
    const target = await tx.staffUser.findUnique({ where: { id: targetId } });
    if (!target) throw notFound(STAFF_NOT_FOUND);
    await change(tx);
    const admins = await tx.staffUser.count({ where: { isFullAdmin: true } });
    if (admins === 0) throw conflict(LAST_FULL_ADMIN);
  });
}

export async function removeStaffUser(actorId: string, targetId: string): Promise<void> {
  if (actorId === targetId) throw conflict(CANNOT_REMOVE_SELF);
  await withAdminGuard(targetId, async (tx) => {
    await tx.staffUser.delete({ where: { id: targetId } });
  });
}

export async function setFullAdmin(
  actorId: string,
  targetId: string,
  isFullAdmin: boolean,
): Promise<StaffUserDto> {
  if (actorId === targetId) throw conflict(CANNOT_CHANGE_OWN_ROLE);
  await withAdminGuard(targetId, async (tx) => {
    await tx.staffUser.update({ where: { id: targetId }, data: { isFullAdmin } });
  });
  return staffUserDto(targetId);
}

async function staffUserDto(id: string): Promise<StaffUserDto> {
  const user = await db.staffUser.findUnique({ where: { id }, select });
  if (!user) throw notFound(STAFF_NOT_FOUND);
  return toStaffUserDto(user, (await lockedUntil([user.email])).get(user.email));
}

/**
 * A full admin's "sign out everywhere": ends every session of the account (its next request answers 401).
 * Returns how many sessions were live.
 */
export async function signOutEverywhere(
  targetId: string,
  actor: { id: string; email: string },
  ip: string,
): Promise<{ revokedSessions: number }> {
  const target = await db.staffUser.findUnique({ where: { id: targetId }, select: { email: true } });
  if (!target) throw notFound(STAFF_NOT_FOUND);
  // The account audit's entry is written with the change it records (issue 31).
  return db.$transaction(async (tx) => {
    const revokedSessions = await revokeUserSessions(targetId, { tx });
    await recordAccountEvent(
      {
        action: 'sessions_ended',
        userId: targetId,
        email: target.email,
        actor,
        ip,
        details: `${revokedSessions} session${revokedSessions === 1 ? '' : 's'} signed out.`,
      },
      tx,
    );
    return { revokedSessions };
  });
}

/** A full admin's unlock of an account locked by wrong passwords: it may sign in again at once. */
export async function unlockStaffUser(targetId: string): Promise<StaffUserDto> {
  const target = await db.staffUser.findUnique({ where: { id: targetId }, select: { email: true } });
  if (!target) throw notFound(STAFF_NOT_FOUND);
  await unlockAccount(target.email);
  return staffUserDto(targetId);
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const OWN_ACCOUNT_ONLY = 'You can only change the password of the account you are signed in with.';

/**
 * Changes the signed-in user's own password, and ends every other session of the account in the same
 * transaction; the session that made the change carries on. Wrong current passwords count towards the
 * account's sign-in lock (429 once it is used up).
 */
export async function changeOwnPassword(
  user: { id: string; email: string; sessionId: string },
  input: { email: string; currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  if (input.email.trim().toLowerCase() !== user.email) throw new HttpError(403, OWN_ACCOUNT_ONLY);
  const account = await db.staffUser.findUniqueOrThrow({ where: { id: user.id } });
  if (!(await verifyCurrentPassword(account, input.currentPassword))) {
    throw new HttpError(400, WRONG_CURRENT_PASSWORD);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    await tx.staffUser.update({ where: { id: user.id }, data: { passwordHash } });
    await revokeUserSessions(user.id, { keep: user.sessionId, tx });
    // Issue 31: a forgotten-password link emailed before the change no longer works.
    await tx.passwordReset.updateMany({
      where: { userId: user.id, usedAt: null, retiredAt: null },
      data: { retiredAt: new Date() },
    });
    await recordAccountEvent(
      {
        action: 'password_changed',
        userId: user.id,
        email: user.email,
        ip,
        details: 'Every other session of the account was signed out.',
      },
      tx,
    );
  });
}
