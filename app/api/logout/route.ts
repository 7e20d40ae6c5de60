import { json, route } from '@/lib/api/route';
import { clearSessionCookies } from '@/lib/auth/cookie';
import { readSessionCookie, revokeSessionToken } from '@/lib/auth/session';
import { logout } from '@/lib/contract/auth';

// Public on purpose: signing out always succeeds, signed in or not. The session ends on the server too, so a
// copy of the cookie is of no use afterwards.
export const POST = route(logout, async ({ req }) => {
  await revokeSessionToken(readSessionCookie(req.cookies));
  const res = json({ message: 'Signed out' });
  clearSessionCookies(res);
  return res;
});
