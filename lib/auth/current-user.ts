import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { readSessionCookie, userFromSessionToken, type SessionUser } from '@/lib/auth/session';

/** The signed-in staff member for a server component (one database read per request). */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  return userFromSessionToken(readSessionCookie(await cookies()));
});

/** For staff pages: the signed-in user, or a redirect to the login page that comes back to `returnTo`. */
export async function requirePageUser(returnTo: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
