import { clientIp } from '@/lib/api/client-ip';
import { HttpError } from '@/lib/api/errors';
import { json, route } from '@/lib/api/route';
import { startChallenge } from '@/lib/auth/challenge';
import { login } from '@/lib/contract/auth';
import { finishSignIn, secondFactorMethods } from '@/lib/services/account/sign-in';
import { verifyCredentials } from '@/lib/services/login';
import { INVALID_CREDENTIALS_TEXT } from '@/lib/validation/messages';

export const POST = route(login, async ({ req, body }) => {
  const user = await verifyCredentials(body.username, body.password, clientIp(req.headers));
  if (!user) throw new HttpError(401, INVALID_CREDENTIALS_TEXT);
  const methods = await secondFactorMethods(user.id);
  if (methods.length > 0) {
    // Issue 31: the password alone starts no session; the second step completes it.
    const res = json({ secondFactorRequired: true, methods });
    await startChallenge(req, res, { purpose: 'second_factor', userId: user.id });
    return res;
  }
  const res = json({ email: user.email, permissions: { isFullAdmin: user.isFullAdmin } });
  await finishSignIn(req, res, user, 'password');
  return res;
});
