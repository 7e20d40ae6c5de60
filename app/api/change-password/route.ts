import { route } from '@/lib/api/route';
import { changePassword } from '@/lib/contract/auth';
import { changeOwnPassword } from '@/lib/services/staff';

export const POST = route(changePassword, async ({ user, body }) => {
  // Every other session of this account ends; this one carries on with its cookie.
  await changeOwnPassword(user, body);
  return { message: 'Password changed successfully!' };
});
