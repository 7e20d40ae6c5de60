import 'server-only';
import { conflict, HttpError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { verifySecondFactor } from '@/lib/services/login';
import { RECOVERY_CODE_WRONG_TEXT, TOTP_WRONG_CODE_TEXT } from '@/lib/validation/second-factor';
import { useRecoveryCode } from './recovery-codes';
import { checkTotpCode, TOTP_NOT_ENABLED_TEXT } from './totp';

/**
 * A second factor given by code (issue 31), at the second step of signing in or in a step-up: a code from the
 * authenticator app or a recovery code, checked under the sign-in limits (lib/services/login.ts) and used up
 * when right.
 */

export interface CodeBody {
  code?: string;
  recoveryCode?: string;
}

/** The words for a wrong code of the kind given, and the field they belong to. */
export function wrongCode(body: CodeBody): { field: 'code' | 'recoveryCode'; text: string } {
  return body.code !== undefined
    ? { field: 'code', text: TOTP_WRONG_CODE_TEXT }
    : { field: 'recoveryCode', text: RECOVERY_CODE_WRONG_TEXT };
}

/** A refusal of a wrong code, with the words on its field for the form. */
export function wrongCodeError(status: 400 | 401, body: CodeBody): HttpError {
  const { field, text } = wrongCode(body);
  return new HttpError(status, text, { fieldErrors: { [field]: [text] } });
}

/**
 * Checks the code given (`code` from the app, or `recoveryCode`) for the account, under the sign-in limits from
 * `ip`: true when right (and then used up: the app's step, or the recovery code), false when wrong; 429 when a
 * limit is used up.
 */
export async function checkCode(
  user: { id: string; email: string },
  body: CodeBody,
  ip: string,
): Promise<boolean> {
  return verifySecondFactor(user.email, ip, async () => {
    if (body.code !== undefined) return checkTotpCode(user.id, body.code);
    const typed = body.recoveryCode ?? '';
    return db.$transaction((tx) => useRecoveryCode(tx, user.id, typed, { ip }));
  });
}

/**
 * A step-up by code: a right code records that the signed-in session used a second factor now (paying and the
 * bank file need one within the last 12 hours). A wrong code is a 400 on its field, counted as a wrong
 * password; 409 for a code when no authenticator app is set up.
 */
export async function stepUpByCode(
  user: { id: string; email: string; sessionId: string },
  body: CodeBody,
  ip: string,
): Promise<{ secondFactorAt: string }> {
  if (body.code !== undefined) {
    const account = await db.staffUser.findUnique({
      where: { id: user.id },
      select: { totpEnabledAt: true },
    });
    if (!account?.totpEnabledAt) throw conflict(TOTP_NOT_ENABLED_TEXT);
  }
  if (!(await checkCode(user, body, ip))) throw wrongCodeError(400, body);
  const now = new Date();
  await db.staffSession.updateMany({
    where: { id: user.sessionId, userId: user.id, revokedAt: null },
    data: { secondFactorAt: now },
  });
  return { secondFactorAt: now.toISOString() };
}
