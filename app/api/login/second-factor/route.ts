import { clientIp } from '@/lib/api/client-ip';
import { HttpError } from '@/lib/api/errors';
import { json, route } from '@/lib/api/route';
import { endChallenge, readChallenge, SIGN_IN_EXPIRED_TEXT } from '@/lib/auth/challenge';
import { loginSecondFactor } from '@/lib/contract/second-factor';
import { db } from '@/lib/db';
import { finishSignIn } from '@/lib/services/account/sign-in';
import { checkCode, wrongCodeError } from '@/lib/services/account/step-up';

/**
 * The second step of signing in (issue 31): the pending state POST /api/login started, and a code from the
 * authenticator app or a recovery code. A wrong code leaves the state to try again and counts as a wrong
 * password; a right one ends the state (once: a second request at the same time finds it gone) and starts
 * the session.
 */
export const POST = route(loginSecondFactor, async ({ req, body }) => {
  const state = await readChallenge(req, 'second_factor');
  const user = state.userId ? await db.staffUser.findUnique({ where: { id: state.userId } }) : null;
  if (!user) throw new HttpError(401, SIGN_IN_EXPIRED_TEXT);
  if (!(await checkCode(user, body, clientIp(req.headers)))) throw wrongCodeError(401, body);
  const res = json({ email: user.email, permissions: { isFullAdmin: user.isFullAdmin } });
  if (!(await endChallenge(res, state))) throw new HttpError(401, SIGN_IN_EXPIRED_TEXT);
  await finishSignIn(req, res, user, body.code !== undefined ? 'password_totp' : 'password_recovery_code');
  return res;
});
