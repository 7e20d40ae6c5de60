/**
 * Invitations (issue 31): the inputs of the invitation endpoints and of the page where an invited person
 * chooses their password.
 */
import { z } from './zod';
import { newPasswordField } from './auth';

/** An invitation link's token: its own checks say what is wrong with it (404 for one that is not a token). */
export const inviteTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/) });

/** POST /api/invites/{token}: the password the invited person chooses (the spec's rules and messages). */
export const acceptInviteSchema = z
  .object({
    password: z.string({ error: 'Password is required' }).pipe(newPasswordField),
  })
  .strict();
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/**
 * The page's form: the password twice, checked in the spec's order (they must match, then the rules), as the
 * Password Management form checks its own.
 */
export const inviteFormSchema = z
  .object({
    password: z.string().min(1, 'Password is required'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) return;
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "Passwords don't match" });
      return;
    }
    const checked = newPasswordField.safeParse(value.password);
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: checked.error.issues[0]!.message });
    }
  });
export type InviteFormInput = z.infer<typeof inviteFormSchema>;
