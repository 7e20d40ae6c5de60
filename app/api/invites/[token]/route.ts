import { route } from '@/lib/api/route';
import { readSessionCookie, revokeSessionToken } from '@/lib/auth/session';
import { acceptInvite } from '@/lib/contract/invites';
import { acceptInvite as accept } from '@/lib/services/account/invites';

/**
 * The invited person's password (issue 31): the account is made and they are signed in. A session this
 * browser had before (someone else's, say) ends: the new account's session takes its cookie's place.
 */
export const POST = route(acceptInvite, async ({ req, params, body, user }) => {
  const res = await accept(params.token, body.password, req);
  if (user) await revokeSessionToken(readSessionCookie(req.cookies));
  return res;
});
