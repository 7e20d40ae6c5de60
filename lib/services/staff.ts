import 'server-only';
import { conflict, HttpError, notFound } from '@/lib/api/errors';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

export interface StaffUserDto {
  id: string;
  email: string;
  isFullAdmin: boolean;
  createdAt: string;
}

const select = { id: true, email: true, isFullAdmin: true, createdAt: true } as const;
const toDto = (u: { id: string; email: string; isFullAdmin: boolean; createdAt: Date }): StaffUserDto => ({
  ...u,
  createdAt: u.createdAt.toISOString(),
});

export const STAFF_EMAIL_TAKEN = 'A staff account with this email address already exists.';
export const CANNOT_REMOVE_SELF = 'You cannot remove your own account.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own full-admin rights.';
export const LAST_FULL_ADMIN = 'There must always be at least one full admin.';

export async function listStaffUsers(): Promise<StaffUserDto[]> {
  const users = await db.staffUser.findMany({ select, orderBy: { email: 'asc' } });
  return users.map(toDto);
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
    return toDto(user);
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
    if (!target) throw notFound('That staff account does not exist.');
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
  return toDto(await db.staffUser.findUniqueOrThrow({ where: { id: targetId }, select }));
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const OWN_ACCOUNT_ONLY = 'You can only change the password of the account you are signed in with.';

/**
 * Changes the signed-in user's own password. Raises the account's session version, which signs out every
 * other session; the caller issues a fresh cookie for this one.
 */
export async function changeOwnPassword(
  user: { id: string; email: string },
  input: { email: string; currentPassword: string; newPassword: string },
) {
  if (input.email.trim().toLowerCase() !== user.email) throw new HttpError(403, OWN_ACCOUNT_ONLY);
  const account = await db.staffUser.findUniqueOrThrow({ where: { id: user.id } });
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    throw new HttpError(400, WRONG_CURRENT_PASSWORD);
  }
  return db.staffUser.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(input.newPassword), sessionVersion: { increment: 1 } },
  });
}
