import { clientIp } from '@/lib/api/client-ip';
import { route } from '@/lib/api/route';
import { changePassword } from '@/lib/contract/auth';
import { changeOwnPassword } from '@/lib/services/staff';

export const POST = route(changePassword, async ({ req, user, body }) => {
  // Every other session of this account ends; this one carries on with its cookie. Audited with the change.
  await changeOwnPassword(user, body, clientIp(req.headers));
  return { message: 'Password changed successfully!' };
});
