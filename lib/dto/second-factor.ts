/**
 * The answers of the second factor's endpoints (issue 31): the authenticator app's set-up, recovery codes, the
 * Security page's summary and a step-up. Safe to import from the browser.
 */
import { z } from '@/lib/validation/zod';

/** POST /api/account/totp: what the authenticator app needs, as a QR code (otpauthUrl) or typed (secret). */
export const totpSetupSchema = z
  .object({
    secret: z.string().meta({ description: 'The shared secret in base32, to type into the app by hand.' }),
    otpauthUrl: z
      .string()
      .meta({ description: 'The otpauth://totp/… address the page shows as a QR code for the app to scan.' }),
  })
  .meta({ id: 'TotpSetup', description: 'An authenticator app being set up: confirmed by its first code.' });
export type TotpSetupDto = z.infer<typeof totpSetupSchema>;

/** Recovery codes, shown once: after the first second factor is set up, and when new ones are made. */
export const recoveryCodesSchema = z
  .object({
    recoveryCodes: z.array(z.string()).meta({
      description:
        'The new recovery codes (ten, `xxxxx-xxxxx`), shown this once: only their hashes are kept. Empty when ' +
        'the account already had codes, which still work.',
    }),
  })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodesDto = z.infer<typeof recoveryCodesSchema>;

/** GET /api/account/second-factors: the signed-in account's second factors, for Settings → Security. */
export const secondFactorsSchema = z
  .object({
    totpEnabled: z.boolean().meta({ description: 'An authenticator app is set up (confirmed by a code).' }),
    totpEnabledAt: z.iso.datetime().nullable(),
    recoveryCodesLeft: z.number().int().meta({ description: 'Unused recovery codes, of ten.' }),
    passkeys: z.number().int().meta({ description: 'How many passkeys the account has.' }),
  })
  .meta({ id: 'SecondFactors', description: "The signed-in account's second factors." });
export type SecondFactorsDto = z.infer<typeof secondFactorsSchema>;

/** POST /api/account/step-up: when this session last used a second factor (now). */
export const stepUpSchema = z
  .object({ secondFactorAt: z.iso.datetime() })
  .meta({ id: 'StepUp', description: 'The session used a second factor at this time.' });
export type StepUpDto = z.infer<typeof stepUpSchema>;
