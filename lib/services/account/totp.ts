import 'server-only';
import { generateSecret, generateURI, verify } from 'otplib';
import { badRequest, conflict } from '@/lib/api/errors';
import { decrypt, encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { TOTP_WRONG_CODE_TEXT } from '@/lib/validation/second-factor';
import { recordAccountEvent } from './audit';
import { deleteRecoveryCodes, issueRecoveryCodesIfFirst, makeRecoveryCodes } from './recovery-codes';

/**
 * The authenticator app (TOTP, RFC 6238 with the apps' defaults: SHA-1, 6 digits, 30-second steps) as a
 * second factor (issue 31). Setting up writes a new secret, encrypted; only a first right code enables it.
 * A code of the current step, or one step either side (a phone's clock a little off), is accepted once: the
 * step of the last code accepted is kept, and no code of that step or an earlier one is accepted after it,
 * by one conditional update, so two requests with the same code cannot both pass.
 */
export const TOTP_ISSUER = 'Smile Referrals';
const PERIOD_SECONDS = 30;
export const TOTP_ALREADY_ENABLED_TEXT =
  'An authenticator app is already set up for your account. To use another one, remove it first.';
export const TOTP_NOT_STARTED_TEXT =
  'Setting up the authenticator app has not started, or it was replaced. Please start again.';
export const TOTP_NOT_ENABLED_TEXT = 'No authenticator app is set up for your account.';

interface Account {
  id: string;
  email: string;
}

/** 'Smile Referrals (Harbour Smile)', or 'Smile Referrals' for a clinic without a name yet. */
export function totpIssuer(clinicName: string | null): string {
  // A colon separates the issuer from the account in the app's label; it would split the name.
  const clinic = clinicName?.replace(/:/g, ' ').replace(/\s+/g, ' ').trim();
  return clinic ? `${TOTP_ISSUER} (${clinic})` : TOTP_ISSUER;
}

/**
 * Starts setting up an authenticator app: a new secret (160 bits), kept encrypted and not yet a second factor.
 * Starting again replaces a secret not yet confirmed. 409 when one is already enabled.
 */
export async function startTotp(user: Account): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = generateSecret();
  const [updated, settings] = await Promise.all([
    db.staffUser.updateMany({
      where: { id: user.id, totpEnabledAt: null },
      data: { totpSecretEnc: encrypt(secret, encryptionKey()), totpLastStep: null },
    }),
    db.settings.findUnique({ where: { id: 1 }, select: { clinicName: true } }),
  ]);
  if (updated.count !== 1) throw conflict(TOTP_ALREADY_ENABLED_TEXT);
  const otpauthUrl = generateURI({
    issuer: totpIssuer(settings?.clinicName ?? null),
    label: user.email,
    secret,
    period: PERIOD_SECONDS,
  });
  return { secret, otpauthUrl };
}

/** The time step a code of `secret` belongs to (now, or one step either side), or null when it is not right. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: PERIOD_SECONDS });
    // (A TOTP result carries its time step; the union type also covers HOTP's.)
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed code or secret is simply not right.
    return null;
  }
}

/**
 * Confirms the app being set up with its first code: it is enabled (and that code's step used up), and the
 * account's recovery codes answered when this is its first second factor (empty when it already had some,
 * which still work). A wrong code is a 400 on the field; 409 when no set-up was started.
 */
export async function confirmTotp(
  user: Account,
  code: string,
  ip: string | null = null,
): Promise<{ recoveryCodes: string[] }> {
  const row = await db.staffUser.findUnique({
    where: { id: user.id },
    select: { totpSecretEnc: true, totpEnabledAt: true },
  });
  if (row?.totpEnabledAt) throw conflict(TOTP_ALREADY_ENABLED_TEXT);
  if (!row?.totpSecretEnc) throw conflict(TOTP_NOT_STARTED_TEXT);
  const step = await stepOf(decrypt(row.totpSecretEnc, encryptionKey()), code);
  if (step === null) {
    throw badRequest(TOTP_WRONG_CODE_TEXT, { fieldErrors: { code: [TOTP_WRONG_CODE_TEXT] } });
  }
  return db.$transaction(async (tx) => {
    // The secret the code was checked against, still not enabled (a set-up started again meanwhile is not).
    const enabled = await tx.staffUser.updateMany({
      where: { id: user.id, totpEnabledAt: null, totpSecretEnc: row.totpSecretEnc },
      data: { totpEnabledAt: new Date(), totpLastStep: step },
    });
    if (enabled.count !== 1) throw conflict(TOTP_NOT_STARTED_TEXT);
    await recordAccountEvent({ action: 'totp_enabled', userId: user.id, email: user.email, ip }, tx);
    const recoveryCodes = await issueRecoveryCodesIfFirst(tx, user.id, { ip });
    return { recoveryCodes: recoveryCodes ?? [] };
  });
}

/**
 * Removes the authenticator app. With no passkey left either, the recovery codes go too: alone they would be
 * a second factor of nothing. 409 when none is set up.
 */
export async function removeTotp(user: Account, ip: string | null = null): Promise<void> {
  await db.$transaction(async (tx) => {
    const removed = await tx.staffUser.updateMany({
      where: { id: user.id, totpEnabledAt: { not: null } },
      data: { totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null },
    });
    if (removed.count !== 1) throw conflict(TOTP_NOT_ENABLED_TEXT);
    await recordAccountEvent({ action: 'totp_removed', userId: user.id, email: user.email, ip }, tx);
    const passkeys = await tx.passkey.count({ where: { userId: user.id } });
    if (passkeys === 0) await deleteRecoveryCodes(tx, user.id);
  });
}

/**
 * Checks a code of the account's enabled authenticator app, and uses its step up: true only for a right code
 * of a step later than the last one accepted. The step is recorded by one conditional update, so the same
 * code (or an older one) is never accepted twice, also by two requests at once.
 */
export async function checkTotpCode(userId: string, code: string): Promise<boolean> {
  const row = await db.staffUser.findUnique({
    where: { id: userId },
    select: { totpSecretEnc: true, totpEnabledAt: true },
  });
  if (!row?.totpEnabledAt || !row.totpSecretEnc) return false;
  const step = await stepOf(decrypt(row.totpSecretEnc, encryptionKey()), code);
  if (step === null) return false;
  const used = await db.$executeRaw`
    UPDATE "staff_users" SET "totpLastStep" = ${step}
    WHERE "id" = ${userId}::uuid AND "totpEnabledAt" IS NOT NULL AND "totpSecretEnc" = ${row.totpSecretEnc}
      AND ("totpLastStep" IS NULL OR "totpLastStep" < ${step})`;
  return used === 1;
}

export const NO_SECOND_FACTOR_TEXT =
  'Recovery codes go with a second factor: set up a passkey or an authenticator app first.';

/** Ten new recovery codes for an account with a second factor (the old ones stop working); 409 without one. */
export async function replaceRecoveryCodes(
  user: Account,
  ip: string | null = null,
): Promise<{ recoveryCodes: string[] }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "staff_users" WHERE "id" = ${user.id}::uuid FOR UPDATE`;
    const account = await tx.staffUser.findUnique({
      where: { id: user.id },
      select: { totpEnabledAt: true, _count: { select: { passkeys: true } } },
    });
    if (!account || (!account.totpEnabledAt && account._count.passkeys === 0)) {
      throw conflict(NO_SECOND_FACTOR_TEXT);
    }
    return { recoveryCodes: await makeRecoveryCodes(tx, user.id, { ip }) };
  });
}

/** The account's second factors, for Settings → Security. */
export async function secondFactorSummary(userId: string): Promise<{
  totpEnabled: boolean;
  totpEnabledAt: string | null;
  recoveryCodesLeft: number;
  passkeys: number;
}> {
  const row = await db.staffUser.findUniqueOrThrow({
    where: { id: userId },
    select: {
      totpEnabledAt: true,
      _count: { select: { passkeys: true, recoveryCodes: { where: { usedAt: null } } } },
    },
  });
  return {
    totpEnabled: row.totpEnabledAt !== null,
    totpEnabledAt: row.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row._count.recoveryCodes,
    passkeys: row._count.passkeys,
  };
}
