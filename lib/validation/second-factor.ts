/**
 * The inputs of the second factor's endpoints (issue 31): a code from an authenticator app (TOTP) and a
 * recovery code. Shared by the forms (the login's second step, the Security page) and the routes.
 */
import { z } from './zod';

export const TOTP_CODE_TEXT = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_TEXT =
  'Enter one of your recovery codes, like 7hq2m-x9k4d (10 letters and digits)';
/** A wrong (or already used) code from the authenticator app. */
export const TOTP_WRONG_CODE_TEXT = 'That code is not right. Check your authenticator app and try again.';
/** A wrong or used recovery code. */
export const RECOVERY_CODE_WRONG_TEXT = 'That recovery code is not right, or it has been used already.';
export const ONE_OF_TEXT = 'Enter either the code from your authenticator app or a recovery code, not both.';

/** Six digits; spaces (as apps show them, '123 456') are allowed and removed. */
export const totpCodeField = z
  .string({ error: TOTP_CODE_TEXT })
  .max(20, TOTP_CODE_TEXT)
  .transform((typed) => typed.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_TEXT));

/**
 * A recovery code as typed: 10 letters and digits, with any spaces or dashes, any case. Its own spelling is
 * worked out on the server (lib/services/account/recovery-codes.ts); here only its shape is checked.
 */
export const recoveryCodeField = z
  .string({ error: RECOVERY_CODE_TEXT })
  .trim()
  .min(1, RECOVERY_CODE_TEXT)
  .max(40, RECOVERY_CODE_TEXT)
  .refine((typed) => /^[0-9a-z]{10}$/i.test(typed.replace(/[\s\-‐‑‒–—−_]/g, '')), RECOVERY_CODE_TEXT);

/** POST /api/account/totp/verify and the set-up form's field. */
export const totpCodeSchema = z.object({ code: totpCodeField });
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

/** The second step's recovery-code form. */
export const recoveryCodeSchema = z.object({ recoveryCode: recoveryCodeField });
export type RecoveryCodeInput = z.input<typeof recoveryCodeSchema>;

/**
 * POST /api/login/second-factor and POST /api/account/step-up: `{ code }` (the authenticator app) or
 * `{ recoveryCode }`, exactly one.
 */
export const secondFactorCodeSchema = z
  .object({ code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() })
  .superRefine((value, ctx) => {
    const given = (value.code !== undefined ? 1 : 0) + (value.recoveryCode !== undefined ? 1 : 0);
    if (given !== 1) ctx.addIssue({ code: 'custom', path: [], message: ONE_OF_TEXT });
  });
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;
