import { z } from './zod';
import { newPasswordField } from './auth';
import { PASSWORD_MIN_LENGTH_TEXT } from './messages';
import { emailField } from './staff';

/**
 * Forgotten passwords (issue 31): asking for a link by email, and choosing a new password through it. Shared by
 * the forms (/forgot-password, /reset-password/{token}) and the routes that parse the same bodies.
 */

/** POST /api/password-reset: the account's email address, trimmed and lower-cased as accounts store it. */
export const requestPasswordResetSchema = z.object({ email: emailField });
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;

/** POST /api/password-reset/{token}: the new password, under the spec's rules (8 to 256 characters). */
export const resetPasswordSchema = z.object({ newPassword: newPasswordField });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** How long an emailed link works. */
export const RESET_LINK_VALID_MINUTES = 30;

/** What a link that cannot be used says, on its page and in the refusal of POST /api/password-reset/{token}. */
export const RESET_LINK_USED_TEXT =
  'This link has already been used to choose a new password. If you need to change your password again, ' +
  'please ask for a new link.';
export const RESET_LINK_EXPIRED_TEXT =
  `This link has expired: a link to choose a new password works for ${RESET_LINK_VALID_MINUTES} minutes. ` +
  'Please ask for a new one.';
export const RESET_LINK_RETIRED_TEXT =
  'This link no longer works because a newer one was sent. Please use the link in the most recent email, or ' +
  'ask for a new one.';
export const RESET_LINK_INVALID_TEXT =
  'This link is not valid. Please check you opened the whole link from the email, or ask for a new one.';

/**
 * A reset link's token: 32 random bytes in base64url, so exactly 43 letters, digits, '-' and '_'. Anything else
 * cannot be one, and the route wrapper answers it as an unknown link (404) without looking it up.
 */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const resetTokenParamSchema = z.object({ token: z.string().regex(RESET_TOKEN_PATTERN) });

/**
 * The page's form: the new password typed twice, checked in the order the spec's password change checks them
 * (a mismatch first, then the length), with its messages. Only `newPassword` is sent.
 */
export const resetPasswordFormSchema = z
  .object({
    newPassword: z.string().min(1, 'New password is required'),
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "New passwords don't match" });
      return;
    }
    const checked = newPasswordField.safeParse(value.newPassword);
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: checked.error.issues[0]?.message ?? PASSWORD_MIN_LENGTH_TEXT,
      });
    }
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;
