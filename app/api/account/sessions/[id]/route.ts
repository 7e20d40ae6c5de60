import { json, route } from '@/lib/api/route';
import { clearSessionCookies } from '@/lib/auth/cookie';
import * as account from '@/lib/contract/account';
import { endOwnSession } from '@/lib/services/account/sign-in-record';

/** Signs out one of the account's own sessions; this browser's own clears its cookie too (issue 31). */
export const DELETE = route(account.endSession, async ({ user, params }) => {
  const ended = await endOwnSession(user, params.id);
  const res = json(ended);
  if (ended.current) clearSessionCookies(res);
  return res;
});
