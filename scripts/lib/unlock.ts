/**
 * The command line's way back into a locked account (issue 28, point 4): what a full admin's Unlock in Settings
 * does, plus a new password, for when nobody can sign in to Settings (the only full admin locked out, or the
 * password lost). Used by scripts/unlock-user.ts; kept apart from it so a test can call it.
 */
import { hashPassword, PASSWORD_MIN_LENGTH } from '../../lib/auth/password';
import { accountAddressPrefix, accountLimitKey, addressLimitKey } from '../../lib/auth/login-keys';
import type { PrismaClient } from '../../lib/generated/prisma/client';

export interface UnlockOptions {
  email: string;
  /** A new password for the account (every session it had then ends). */
  password?: string;
  /** Addresses whose sign-in failures (to any account) are forgotten too. */
  addresses?: string[];
}

export interface UnlockResult {
  email: string;
  isFullAdmin: boolean;
  /** How many counted failures were forgotten. */
  forgotten: number;
  passwordSet: boolean;
}

export async function unlockStaffAccount(
  prisma: PrismaClient,
  options: UnlockOptions,
): Promise<UnlockResult> {
  const email = options.email.trim().toLowerCase();
  if (!email) throw new Error('--email is required.');
  if (options.password !== undefined && options.password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  }
  const user = await prisma.staffUser.findUnique({
    where: { email },
    select: { id: true, isFullAdmin: true },
  });
  if (!user) throw new Error(`There is no staff account for ${email}.`);
  const addressKeys = (options.addresses ?? []).map(addressLimitKey);
  // The account's failures from every address, its wrong current passwords, and the addresses asked for.
  const forgotten = await prisma.$executeRaw`
    DELETE FROM "rate_limit_events"
    WHERE "key" = ${accountLimitKey(email)}
       OR starts_with("key", ${accountAddressPrefix(email)})
       OR "key" = ANY(${addressKeys}::text[])`;
  if (options.password !== undefined) {
    const passwordHash = await hashPassword(options.password);
    // A new password ends every session the account had, as a password change does.
    await prisma.staffUser.update({
      where: { id: user.id },
      data: { passwordHash, sessions: { deleteMany: {} } },
    });
  }
  return { email, isFullAdmin: user.isFullAdmin, forgotten, passwordSet: options.password !== undefined };
}
