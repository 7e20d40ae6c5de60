import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { changePassword } from '@/lib/contract/auth';
import { recordPasswordChanged } from '@/lib/services/account/sign-in-record';
import { changeOwnPassword } from '@/lib/services/staff';

export const POST = route(changePassword, async ({ req, user, body }) => {
  // Every other session of this account ends; this one carries on with its cookie.
  await changeOwnPassword(user, body);
  await recordPasswordChanged(user, clientIp(req.headers));
  return { message: 'Password changed successfully!' };
});
