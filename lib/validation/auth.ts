import { z } from './zod';
import { PASSWORD_MIN_LENGTH_TEXT } from './messages';

/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server. */
const PASSWORD_MAX = 256;

export const loginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254, 'Username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordField = z
  .string({ error: 'New password is required' })
  .min(8, PASSWORD_MIN_LENGTH_TEXT)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

/** POST /api/change-password, as the spec's section 7 sends it. */
export const changePasswordSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, 'Password is too long'),
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Password Management form: the API's fields plus the confirmation, checked in the spec's order. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(1, 'New password is required'),
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "New passwords don't match" });
    } else if (value.newPassword.length < 8) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_MIN_LENGTH_TEXT });
    }
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;
