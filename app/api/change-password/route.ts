import { json, route } from '@/lib/api/route';
import { setSessionCookie } from '@/lib/auth/cookie';
import { changeOwnPassword } from '@/lib/services/staff';
import { changePasswordSchema } from '@/lib/validation/auth';

export const POST = route({ access: 'staff', body: changePasswordSchema }, async ({ req, user, body }) => {
  const updated = await changeOwnPassword(user, body);
  // Other sessions of this account are now signed out; this one carries on with a fresh cookie.
  const res = json({ message: 'Password changed successfully!' });
  await setSessionCookie(res, req, updated);
  return res;
});
