import { clientIp } from '@/lib/api/client-ip';
import { HttpError } from '@/lib/api/errors';
import { json, route } from '@/lib/api/route';
import { setSessionCookie } from '@/lib/auth/cookie';
import { login } from '@/lib/contract/auth';
import { verifyCredentials } from '@/lib/services/login';
import { INVALID_CREDENTIALS_TEXT } from '@/lib/validation/messages';

export const POST = route(login, async ({ req, body }) => {
  const user = await verifyCredentials(body.username, body.password, clientIp(req.headers));
  if (!user) throw new HttpError(401, INVALID_CREDENTIALS_TEXT);
  const res = json({ email: user.email, permissions: { isFullAdmin: user.isFullAdmin } });
  await setSessionCookie(res, req, user);
  return res;
});
