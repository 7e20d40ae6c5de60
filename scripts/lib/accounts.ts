import { randomBytes } from 'node:crypto';
import { hashPassword, PASSWORD_MIN_LENGTH } from '../../lib/auth/password';
import type { PrismaClient } from '../../lib/generated/prisma/client';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export function generatePassword(): string {
  // 20 characters from a 64-letter alphabet: about 120 bits.
  return randomBytes(15).toString('base64url');
}

export interface FirstAdmin {
  email: string;
  /** Set only when the password was generated here, so it can be shown once. */
  generatedPassword: string | null;
}

/**
 * Makes sure a full admin exists. When none does, one is created from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that the caller prints once. Returns null when a full admin already existed.
 */
export async function ensureFirstAdmin(
  prisma: PrismaClient,
  env: Record<string, string | undefined> = process.env,
): Promise<FirstAdmin | null> {
  if ((await prisma.staffUser.count({ where: { isFullAdmin: true } })) > 0) return null;
  const email = (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const given = env.ADMIN_PASSWORD;
  if (given !== undefined && given.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  }
  const password = given || generatePassword();
  const passwordHash = await hashPassword(password);
  await prisma.staffUser.upsert({
    where: { email },
    create: { email, passwordHash, isFullAdmin: true },
    // A reset password ends every session the account had.
    update: { passwordHash, isFullAdmin: true, sessions: { deleteMany: {} } },
  });
  return { email, generatedPassword: given ? null : password };
}
