/**
 * The answers of the sign-in record, sessions and account audit endpoints (issue 31): each a zod schema (the
 * contract, checked against every real answer in the integration suite) with its type, and the words a
 * person reads for how a session started and for each audit action. Safe to import from the browser.
 */
import { z } from '@/lib/validation/zod';

/** How a sign-in was made (the database's sign_in_method), in words. */
export const SIGN_IN_METHOD_TEXT = {
  password: 'Password',
  password_totp: 'Password and authenticator app',
  password_passkey: 'Password and passkey',
  password_recovery_code: 'Password and recovery code',
  passkey: 'Passkey',
} as const;
export type SignInMethodKey = keyof typeof SIGN_IN_METHOD_TEXT;

export function signInMethodText(method: string): string {
  return SIGN_IN_METHOD_TEXT[method as SignInMethodKey] ?? 'Password';
}

/** What the account audit recorded (the database's account_audit_action), in words. */
export const ACCOUNT_ACTION_TEXT = {
  invited: 'Invited',
  invite_resent: 'Invitation sent again',
  invite_revoked: 'Invitation withdrawn',
  invite_accepted: 'Invitation accepted',
  password_reset_requested: 'Password reset asked for',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  totp_enabled: 'Authenticator app set up',
  totp_removed: 'Authenticator app removed',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  recovery_codes_created: 'New recovery codes made',
  recovery_code_used: 'Recovery code used',
  factors_reset: 'Second factors reset',
  sessions_ended: 'Signed out everywhere',
} as const;
export type AccountActionKey = keyof typeof ACCOUNT_ACTION_TEXT;

export function accountActionText(action: string): string {
  return ACCOUNT_ACTION_TEXT[action as AccountActionKey] ?? action;
}

const methodText = z.string().meta({
  description: `How it was signed in to, in words: ${Object.values(SIGN_IN_METHOD_TEXT).join('; ')}.`,
});
const browser = z.string().meta({
  description: "The browser and its system in a few words ('Chrome on Windows'), never the raw header.",
});
const address = z.string().nullable().meta({ description: 'The address it came from, as the app saw it.' });

/** One of the signed-in account's own sign-ins. */
export const ownSignInSchema = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    ip: z.string(),
    browser,
    method: methodText,
    newBrowser: z
      .boolean()
      .meta({ description: 'From a browser the account had not signed in from before (an email was sent).' }),
  })
  .meta({ id: 'OwnSignIn', description: 'One of your sign-ins.' });
export type OwnSignInDto = z.infer<typeof ownSignInSchema>;

/** One of the signed-in account's live sessions. */
export const ownSessionSchema = z
  .object({
    id: z.uuid(),
    startedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    ip: address,
    browser,
    method: methodText,
    current: z.boolean().meta({ description: 'The session this request was made with (this browser).' }),
  })
  .meta({ id: 'OwnSession', description: 'One of your sessions that has not ended.' });
export type OwnSessionDto = z.infer<typeof ownSessionSchema>;

/** GET /api/account/sign-ins */
export const ownSignInsSchema = z
  .object({
    signIns: z.array(ownSignInSchema).meta({ description: 'Your last 20 sign-ins, newest first.' }),
    sessions: z
      .array(ownSessionSchema)
      .meta({ description: 'Your sessions that have not ended, newest first.' }),
  })
  .meta({ id: 'OwnSignIns', description: 'Your recent sign-ins and your sessions.' });
export type OwnSignInsDto = z.infer<typeof ownSignInsSchema>;

/** DELETE /api/account/sessions/{id} */
export const sessionEndedSchema = z
  .object({
    message: z.string(),
    current: z
      .boolean()
      .meta({ description: 'It was the session of this request: this browser is signed out too.' }),
  })
  .meta({ id: 'SessionEnded', description: 'The session was ended.' });
export type SessionEndedDto = z.infer<typeof sessionEndedSchema>;

/** GET /api/admin/sign-ins: one item of the page. */
export const clinicSignInSchema = z
  .object({
    id: z.uuid(),
    email: z.string().meta({ description: 'The account signed in to.' }),
    at: z.iso.datetime(),
    ip: z.string(),
    browser,
    method: methodText,
    newBrowser: z
      .boolean()
      .meta({ description: 'From a browser the account had not signed in from before.' }),
  })
  .meta({ id: 'ClinicSignIn', description: 'A staff member’s sign-in.' });
export type ClinicSignInDto = z.infer<typeof clinicSignInSchema>;

/** GET /api/admin/account-audit: one item of the page. */
export const accountAuditEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.enum(Object.keys(ACCOUNT_ACTION_TEXT) as [AccountActionKey, ...AccountActionKey[]]),
    actionText: z.string().meta({ description: 'The action in words.' }),
    email: z.string().meta({ description: 'The account (or the invited address) it is about.' }),
    performedBy: z.string().meta({
      description: "Who did it: a staff email, 'the account holder' or 'the server (command line)'.",
    }),
    ip: z.string().nullable(),
    details: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'AccountAuditEntry', description: 'An entry of the account audit.' });
export type AccountAuditEntryDto = z.infer<typeof accountAuditEntrySchema>;
