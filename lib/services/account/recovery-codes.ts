import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Prisma } from '@/lib/generated/prisma/client';
import { recordAccountEvent } from './audit';

/**
 * Recovery codes (issue 31): ten one-time codes an account gets when its first second factor is set up, for
 * the day the phone or the passkey is lost. Each is 10 characters of Crockford's base32 (50 random bits),
 * shown once as `xxxxx-xxxxx`; only a SHA-256 of the code (bound to the account) is kept, and each works once.
 * Making new ones deletes every older code of the account.
 */
export const RECOVERY_CODE_COUNT = 10;
const CODE_LENGTH = 10;
/** Crockford's base32: no I, L, O or U, so nothing reads as another character. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Who asked, for the audit: the address of the request (the account holder acts on their own account). */
export interface RecoveryCodeContext {
  ip?: string | null;
}

/** A new code as it is shown: 10 random Crockford characters, `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  // 256 is a multiple of 32, so each byte's low 5 bits are uniform: 10 × 5 = 50 bits.
  const bytes = randomBytes(CODE_LENGTH);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A typed code in its one stored spelling, or null when it cannot be one: spaces and dashes (of any kind)
 * dropped, any case, and Crockford's look-alikes read as the digit they look like (O → 0, I and L → 1).
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed
    .normalize('NFKC')
    .replace(/[\s\-‐‑‒–—−_]/g, '')
    .toLowerCase()
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  if (code.length !== CODE_LENGTH) return null;
  for (const c of code) if (!ALPHABET.includes(c)) return null;
  return code;
}

/** The stored hash of a normalised code: SHA-256 over the account and the code, so no table fits two accounts. */
export function recoveryCodeHash(userId: string, normalised: string): string {
  return createHash('sha256').update(`recovery-code:v1:${userId}:${normalised}`).digest('base64url');
}

type Tx = Prisma.TransactionClient;

async function accountEmail(tx: Tx, userId: string): Promise<string> {
  const user = await tx.staffUser.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  return user.email;
}

/**
 * Ten new codes for the account, answered once (as shown); every older code of the account is deleted, used
 * or not. Call inside the transaction of its cause.
 */
export async function makeRecoveryCodes(
  tx: Tx,
  userId: string,
  context: RecoveryCodeContext = {},
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  const shown = [...codes];
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({
    data: shown.map((code) => ({
      userId,
      codeHash: recoveryCodeHash(userId, normaliseRecoveryCode(code)!),
    })),
  });
  await recordAccountEvent(
    {
      action: 'recovery_codes_created',
      userId,
      email: await accountEmail(tx, userId),
      ip: context.ip,
      details: `${RECOVERY_CODE_COUNT} new recovery codes; any older ones no longer work.`,
    },
    tx,
  );
  return shown;
}

/**
 * The account's codes when its first second factor is being set up: new ones when it has no unused code, or
 * null when it has (they still work). The account's row is locked, so two set-ups at once make one set.
 */
export async function issueRecoveryCodesIfFirst(
  tx: Tx,
  userId: string,
  context: RecoveryCodeContext = {},
): Promise<string[] | null> {
  await tx.$executeRaw`SELECT 1 FROM "staff_users" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  const unused = await tx.recoveryCode.count({ where: { userId, usedAt: null } });
  if (unused > 0) return null;
  return makeRecoveryCodes(tx, userId, context);
}

/**
 * Uses one code of the account: true when `typed` is one of its unused codes, which is then marked used in
 * one conditional update (two requests with the same code: one wins). False for anything else; nothing is
 * written then.
 */
export async function useRecoveryCode(
  tx: Tx,
  userId: string,
  typed: string,
  context: RecoveryCodeContext = {},
): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  if (!code) return false;
  const { count } = await tx.recoveryCode.updateMany({
    where: { userId, codeHash: recoveryCodeHash(userId, code), usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count !== 1) return false;
  const left = await tx.recoveryCode.count({ where: { userId, usedAt: null } });
  await recordAccountEvent(
    {
      action: 'recovery_code_used',
      userId,
      email: await accountEmail(tx, userId),
      ip: context.ip,
      details: `${left} of ${RECOVERY_CODE_COUNT} recovery codes left.`,
    },
    tx,
  );
  return true;
}

/** How many of the account's codes are still unused. */
export async function recoveryCodesLeft(tx: Pick<Tx, 'recoveryCode'>, userId: string): Promise<number> {
  return tx.recoveryCode.count({ where: { userId, usedAt: null } });
}

/** Deletes every code of the account (its last second factor was removed: the codes would stand alone). */
export async function deleteRecoveryCodes(tx: Tx, userId: string): Promise<void> {
  await tx.recoveryCode.deleteMany({ where: { userId } });
}
