import { json, route } from '@/lib/api/route';
import { clearSessionCookies } from '@/lib/auth/cookie';

// Public on purpose: signing out always succeeds, signed in or not.
export const POST = route({ access: 'public' }, ({ req }) => {
  const res = json({ message: 'Signed out' });
  clearSessionCookies(res, req);
  return res;
});
