import { route } from '@/lib/api/route';
import { changeOwnPassword } from '@/lib/services/staff';
import { changePasswordSchema } from '@/lib/validation/auth';

export const POST = route({ access: 'staff', body: changePasswordSchema }, async ({ user, body }) => {
  // Every other session of this account ends; this one carries on with its cookie.
  await changeOwnPassword(user, body);
  return { message: 'Password changed successfully!' };
});
