import { z } from './zod';
import { newPasswordField } from './auth';
import { VALID_EMAIL_TEXT } from './messages';

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: VALID_EMAIL_TEXT }));

const fullAdminField = z.boolean({ error: 'Full admin must be true or false' }).default(false);

export const PASSWORD_OR_INVITE_TEXT = 'Give a password, or send an invitation';
export const NOT_BOTH_TEXT =
  'Send a password or an invitation, not both: with an invitation the new person chooses their own password.';

/**
 * A staff account made with a password: the command line's `npm run user:create` (scripts/create-user.ts).
 */
export const createStaffUserSchema = z.object({
  email: emailField,
  password: newPasswordField,
  isFullAdmin: fullAdminField,
});
export type CreateStaffUserInput = z.input<typeof createStaffUserSchema>;

/**
 * POST /api/admin/users (issue 31): either `{ email, password, isFullAdmin? }` (the account is made with that
 * password, as before) or `{ email, isFullAdmin?, invite: true }` (the person is emailed a link to choose their
 * own). One object rather than a union, so a refusal names the field that is wrong in words.
 */
export const addStaffUserSchema = z
  .object({
    email: emailField,
    password: newPasswordField.optional().meta({
      description:
        'The new account’s password (8 to 256 characters). Leave it out when sending an invitation.',
    }),
    isFullAdmin: fullAdminField,
    invite: z.boolean({ error: 'Invite must be true or false' }).optional().meta({
      description:
        'true: email the person a one-time link to choose their own password (7 days), instead of `password`.',
    }),
  })
  .superRefine((value, ctx) => {
    if (value.invite === true && value.password !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['invite'], message: NOT_BOTH_TEXT });
    } else if (value.invite !== true && value.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_OR_INVITE_TEXT });
    }
  });
export type AddStaffUserInput = z.input<typeof addStaffUserSchema>;

/**
 * The Add staff form (issue 31): 'Email an invitation' (the email and the full-admin box only) or 'Set a
 * password now' (the password too). The body it sends is one of addStaffUserSchema's two shapes.
 */
export const addStaffFormSchema = z
  .object({
    mode: z.enum(['invite', 'password']),
    email: emailField,
    password: z.string(),
    isFullAdmin: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== 'password') return;
    const checked = newPasswordField.safeParse(value.password);
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: value.password === '' ? 'Password is required' : checked.error.issues[0]!.message,
      });
    }
  });
export type AddStaffFormInput = z.input<typeof addStaffFormSchema>;

export const updateStaffUserSchema = z.object({
  isFullAdmin: z.boolean({ error: 'Full admin must be true or false' }),
});

export { idParamSchema } from './params';
