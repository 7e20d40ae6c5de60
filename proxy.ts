import { decode } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';

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
      // A cookie without a session id (from before server-side sessions) is signed out. Whether the session
      // is still live is checked against the database by the page itself.
      const claims = await decode({ token: raw, secret: process.env.NEXTAUTH_SECRET });
      signedIn = typeof claims?.sid === 'string';
    } catch {
      signedIn = false;
    }
  }
  if (signedIn) return NextResponse.next();
  const login = req.nextUrl.clone();
  login.pathname = '/login';
  login.search = `?callbackUrl=${encodeURIComponent(req.nextUrl.pathname + req.nextUrl.search)}`;
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ['/', '/referral-reward-card-dashboard/:path*', '/settings/:path*', '/team-reviews/:path*'],
};
