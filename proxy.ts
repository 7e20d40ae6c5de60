import { decode } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { safeCallbackUrl } from '@/lib/auth/callback-url';

/**
 * The page gate (Next 16's name for middleware.ts). It only decides which page a visitor sees: a visitor
 * without a session cookie that decodes is sent to the login page, which brings them back afterwards. The
 * server remains the authority: every staff page and every route handler checks the account again.
 */
export async function proxy(req: NextRequest) {
  const raw =
    req.cookies.get('__Secure-next-auth.session-token')?.value ??
    req.cookies.get('next-auth.session-token')?.value;
  let signedIn = false;
  if (raw && process.env.NEXTAUTH_SECRET) {
    try {
      signedIn = Boolean(await decode({ token: raw, secret: process.env.NEXTAUTH_SECRET }));
    } catch {
      signedIn = false;
    }
  }
  if (signedIn) return NextResponse.next();
  const login = req.nextUrl.clone();
  login.pathname = '/login';
  // The page asked for, held to the same rule the login page applies when it sends the visitor back.
  const back = safeCallbackUrl(req.nextUrl.pathname + req.nextUrl.search, req.nextUrl.origin);
  login.search = `?callbackUrl=${encodeURIComponent(back)}`;
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ['/', '/referral-reward-card-dashboard/:path*', '/settings/:path*', '/team-reviews/:path*'],
};
