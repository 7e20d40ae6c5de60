/**
 * The command line's way back for an account that lost every second factor (issue 31): removes its
 * authenticator app, passkeys and recovery codes, ends its sessions and any half-finished sign-in, unlocks it,
 * optionally sets a new password, and writes 'factors_reset' to the account audit, all in one transaction.
 * Used by scripts/reset-account.ts; kept apart from it so a test can call it.
 */
import { hashPassword, PASSWORD_MIN_LENGTH } from '../../lib/auth/password';
import { accountAddressPrefix, accountLimitKey } from '../../lib/auth/login-keys';
import type { PrismaClient } from '../../lib/generated/prisma/client';

/** Who the audit names for what the command line did (lib/services/account/audit.ts's COMMAND_LINE). */
export const COMMAND_LINE = 'the server (command line)';

export interface ResetFactorsOptions {
  email: string;
  /** A new password for the account. */
  password?: string;
}

export interface ResetFactorsResult {
  email: string;
  isFullAdmin: boolean;
  totpRemoved: boolean;
  passkeysRemoved: number;
  /** Recovery codes not yet used that were removed. */
  recoveryCodesRemoved: number;
  sessionsEnded: number;
  /** Counted wrong passwords forgotten (the lock lifted). */
  forgotten: number;
  passwordSet: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The result in words, for the audit's details and the command's output. */
export function describeReset(r: ResetFactorsResult): string {
  const removed = [
    ...(r.totpRemoved ? ['the authenticator app'] : []),
    ...(r.passkeysRemoved ? [plural(r.passkeysRemoved, 'passkey')] : []),
    ...(r.recoveryCodesRemoved ? [plural(r.recoveryCodesRemoved, 'unused recovery code')] : []),
  ];
  return [
    removed.length ? `Removed ${removed.join(', ')}` : 'No second factor to remove',
    `${plural(r.sessionsEnded, 'session')} ended`,
    `unlocked (${plural(r.forgotten, 'counted failure')} forgotten)`,
    ...(r.passwordSet ? ['a new password set'] : []),
  ].join('; ');
}

export async function resetAccountFactors(
  prisma: PrismaClient,
  options: ResetFactorsOptions,
): Promise<ResetFactorsResult> {
  const email = options.email.trim().toLowerCase();
  if (!email) throw new Error('--email is required.');
  if (options.password !== undefined && [...options.password].length < PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  }
  const passwordHash = options.password !== undefined ? await hashPassword(options.password) : null;
  return prisma.$transaction(async (tx) => {
    const user = await tx.staffUser.findUnique({
      where: { email },
      select: { id: true, isFullAdmin: true, totpEnabledAt: true },
    });
    if (!user) throw new Error(`There is no staff account for ${email}.`);
    const now = new Date();
    const passkeys = await tx.passkey.deleteMany({ where: { userId: user.id } });
    const unusedCodes = await tx.recoveryCode.count({ where: { userId: user.id, usedAt: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.staffUser.update({
      where: { id: user.id },
      data: {
        totpSecretEnc: null,
        totpEnabledAt: null,
        totpLastStep: null,
        ...(passwordHash ? { passwordHash } : {}),
      },
    });
    const sessions = await tx.staffSession.updateMany({
      where: { userId: user.id, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    });
    // A sign-in waiting for its second step, or a passkey being added, ends too.
    await tx.authChallenge.deleteMany({ where: { userId: user.id } });
    // A new password retires any forgotten-password link still waiting.
    if (passwordHash) {
      await tx.passwordReset.updateMany({
        where: { userId: user.id, usedAt: null, retiredAt: null },
        data: { retiredAt: now },
      });
    }
    const forgotten = await tx.$executeRaw`
      DELETE FROM "rate_limit_events"
      WHERE "key" = ${accountLimitKey(email)} OR starts_with("key", ${accountAddressPrefix(email)})`;
    const result: ResetFactorsResult = {
      email,
      isFullAdmin: user.isFullAdmin,
      totpRemoved: user.totpEnabledAt !== null,
      passkeysRemoved: passkeys.count,
      recoveryCodesRemoved: unusedCodes,
      sessionsEnded: sessions.count,
      forgotten,
      passwordSet: passwordHash !== null,
    };
    await tx.accountAuditEntry.create({
      data: {
        action: 'factors_reset',
        userId: user.id,
        email,
        performedById: null,
        performedBy: COMMAND_LINE,
        ip: null,
        details: `${describeReset(result)}.`,
      },
    });
    return result;
  });
}
