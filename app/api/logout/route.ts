import { json, route } from '@/lib/api/route';
import { clearSessionCookies } from '@/lib/auth/cookie';
import { readSessionCookie, revokeSessionToken } from '@/lib/auth/session';

// Public on purpose: signing out always succeeds, signed in or not. The session ends on the server too, so a
// copy of the cookie is of no use afterwards.
export const POST = route({ access: 'public' }, async ({ req }) => {
  await revokeSessionToken(readSessionCookie(req.cookies));
  const res = json({ message: 'Signed out' });
  clearSessionCookies(res);
  return res;
});
