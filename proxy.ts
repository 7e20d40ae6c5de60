import { decode } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { cardIdentity } from '@/lib/card-address';
import { isKnownCard } from '@/lib/known-cards';

const CARD_PAGE = /^\/card\/([^/]+)$/;

/**
 * /card/{token}: a card this process has already found goes to the page in Next's cache (no database work);
 * any other address is rewritten to the counted lookup (app/(public)/card-lookup), which shows the card (and
 * remembers it) or counts the miss against the caller's address. The cached page never sees a guess, so a
 * miss cannot be served from the cache uncounted.
 */
function cardGate(req: NextRequest, encodedToken: string): NextResponse {
  let token: string;
  try {
    token = decodeURIComponent(encodedToken);
  } catch {
    token = encodedToken;
  }
  if (isKnownCard(cardIdentity(token))) return NextResponse.next();
  const lookup = req.nextUrl.clone();
  lookup.pathname = `/card-lookup/${encodedToken}`;
  return NextResponse.rewrite(lookup);
}

/**
 * The page gate (Next 16's name for middleware.ts). It only decides which page a visitor sees: a visitor
 * without a session cookie that decodes is sent to the login page, which brings them back afterwards. The
 * server remains the authority: every staff page and every route handler checks the account again.
 */
export async function proxy(req: NextRequest) {
  const card = CARD_PAGE.exec(req.nextUrl.pathname);
  if (card) return cardGate(req, card[1]!);
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
  // The page asked for, held to the same rule the login page applies when it sends the visitor back.
  const back = safeCallbackUrl(req.nextUrl.pathname + req.nextUrl.search, req.nextUrl.origin);
  login.search = `?callbackUrl=${encodeURIComponent(back)}`;
  return NextResponse.redirect(login);
}

export const config = {
  matcher: [
    '/',
    '/referral-reward-card-dashboard/:path*',
    '/settings/:path*',
    '/messages/:path*',
    '/insights/:path*',
    '/team-reviews/:path*',
    '/card/:cardToken',
  ],
};
