/**
 * The answers of the staff account endpoints (issue 30): each a zod schema (the contract, checked against every
 * real answer in the integration suite) with its TypeScript type inferred from it. Safe to import from the
 * browser. No answer ever holds a password or its hash.
 */
import { z } from '@/lib/validation/zod';

/** POST /api/login and GET /api/user: who is signed in, and whether they are a full admin. */
export const currentUserSchema = z
  .object({
    email: z.string().meta({ description: "The account's email address (its username), in lower case." }),
    permissions: z.object({
      isFullAdmin: z
        .boolean()
        .meta({ description: 'Full admins also manage staff accounts and the settings, and pay rewards.' }),
    }),
  })
  .meta({ id: 'CurrentUser', description: 'The signed-in staff account.' });
export type CurrentUserDto = z.infer<typeof currentUserSchema>;

/**
 * POST /api/login for an account with a second factor (issue 31): the password was right, but no session is
 * started until POST /api/login/second-factor (a code or a recovery code) or the passkey ceremony under
 * /api/login/passkey completes it, within 5 minutes.
 */
export const secondFactorRequiredSchema = z
  .object({
    secondFactorRequired: z.literal(true),
    methods: z
      .array(z.enum(['passkey', 'totp', 'recovery-code']))
      .meta({ description: 'The second factors the account has set up, in the order the page offers them.' }),
  })
  .meta({ id: 'SecondFactorRequired', description: 'The password was right; the second step comes next.' });
export type SecondFactorRequiredDto = z.infer<typeof secondFactorRequiredSchema>;

/** What POST /api/login answers: signed in, or the second step to take. */
export const loginAnswerSchema = z.union([currentUserSchema, secondFactorRequiredSchema]);
export type LoginAnswerDto = z.infer<typeof loginAnswerSchema>;

/** A staff account as full admins manage it (GET/POST /api/admin/users and the changes to one). */
export const staffUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    isFullAdmin: z.boolean(),
    createdAt: z.iso.datetime(),
    /** Too many wrong passwords: the account cannot sign in until `lockedUntil` (or a full admin unlocks it). */
    locked: z.boolean().meta({
      description:
        'Too many wrong passwords: the account cannot sign in until `lockedUntil` (or a full admin unlocks it).',
    }),
    lockedUntil: z.iso.datetime().nullable(),
  })
  .meta({ id: 'StaffUser', description: 'A staff account, as full admins manage it.' });
export type StaffUserDto = z.infer<typeof staffUserSchema>;

/** An answer that only says what was done, in words fit to show a person. */
export const doneMessageSchema = z
  .object({ message: z.string() })
  .meta({ id: 'DoneMessage', description: 'What was done, in words fit to show a person.' });
export type DoneMessageDto = z.infer<typeof doneMessageSchema>;

/** DELETE /api/admin/users/{id}/sessions: how many sessions of the account were ended. */
export const signedOutEverywhereSchema = z
  .object({
    message: z.string().meta({ description: "e.g. 'Signed out of 2 sessions.'" }),
    revokedSessions: z.number().int().meta({ description: 'How many live sessions were ended.' }),
  })
  .meta({ id: 'SignedOutEverywhere' });
export type SignedOutEverywhereDto = z.infer<typeof signedOutEverywhereSchema>;
