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

export const createStaffUserSchema = z.object({
  email: emailField,
  password: newPasswordField,
  isFullAdmin: z.boolean({ error: 'Full admin must be true or false' }).default(false),
});
export type CreateStaffUserInput = z.input<typeof createStaffUserSchema>;

export const updateStaffUserSchema = z.object({
  isFullAdmin: z.boolean({ error: 'Full admin must be true or false' }),
});

export { idParamSchema } from './params';
