import { decode } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { readSessionCookie } from '@/lib/auth/session-cookie';
import { cardIdentity } from '@/lib/card-address';
import { isKnownCard } from '@/lib/known-cards';
import { newNonce, pageHeaders } from '@/lib/security-headers';

const CARD_PAGE = /^\/card\/([^/]+)$/;
/** The staff's pages: a visitor without a session is sent to the login page. */
const STAFF_PAGE =
  /^\/(?:(?:referral-reward-card-dashboard|settings|messages|insights|team-reviews|clients|practice-records)(?:\/.*)?)?$/;

/** Next.js renders the page with the request headers a proxy hands on (`request.headers`). */
type Onward = { request: { headers: Headers } };

/**
 * /card/{token}: a card this process has already found goes to the page, which reads it from the database
 * uncounted (components/card/load-card.ts); any other address is rewritten to the counted lookup (app/(public)/card-lookup), which shows the card (and remembers it) or counts the miss
 * against the caller's address. The card page never sees a guess, so a miss cannot be answered uncounted.
 */
function cardGate(req: NextRequest, encodedToken: string, onward: Onward): NextResponse {
  let token: string;
  try {
    token = decodeURIComponent(encodedToken);
  } catch {
    token = encodedToken;
  }
  if (isKnownCard(cardIdentity(token))) return NextResponse.next(onward);
  const lookup = req.nextUrl.clone();
  lookup.pathname = `/card-lookup/${encodedToken}`;
  return NextResponse.rewrite(lookup, onward);
}

/**
 * A visitor without a session cookie that decodes is sent to the login page, which brings them back
 * afterwards. The server remains the authority: every staff page and every route handler checks the account
 * again.
 */
async function staffGate(req: NextRequest, onward: Onward): Promise<NextResponse> {
  const raw = readSessionCookie(req.cookies);
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
  if (signedIn) return NextResponse.next(onward);
  const login = req.nextUrl.clone();
  login.pathname = '/login';
  // The page asked for, held to the same rule the login page applies when it sends the visitor back.
  const back = safeCallbackUrl(req.nextUrl.pathname + req.nextUrl.search, req.nextUrl.origin);
  login.search = `?callbackUrl=${encodeURIComponent(back)}`;
  return NextResponse.redirect(login);
}

/**
 * The page gate (Next 16's name for middleware.ts), in front of every page. It decides which page a visitor
 * sees (the card gate, the staff gate) and gives each page its headers (issue 28 points 12 and 15): a fresh
 * nonce in the Content-Security-Policy, which Next.js reads from the request's own CSP header and puts on its
 * scripts (so every page is rendered per request), and `Cache-Control: private, no-store` (lib/security-headers.js).
 */
export async function proxy(req: NextRequest) {
  const headers = pageHeaders({ nonce: newNonce(), dev: process.env.NODE_ENV !== 'production' });
  const forwarded = new Headers(req.headers);
  for (const { key, value } of headers) if (key === 'Content-Security-Policy') forwarded.set(key, value);
  const onward: Onward = { request: { headers: forwarded } };

  const card = CARD_PAGE.exec(req.nextUrl.pathname);
  const res = card
    ? cardGate(req, card[1]!, onward)
    : STAFF_PAGE.test(req.nextUrl.pathname)
      ? await staffGate(req, onward)
      : NextResponse.next(onward);
  for (const { key, value } of headers) res.headers.set(key, value);
  return res;
}

export const config = {
  // Every page; not the API, Next's own files, the preview images, the clinic's logo or the app's files
  // (icons, robots.txt, the card's manifest), which are no pages and set their own caching.
  matcher: [
    '/((?!api/|_next/|og/|clinic-logo/|favicon\\.ico$|icon\\.svg$|apple-icon\\.png$|robots\\.txt$|add-to-home-screen\\.mp4$|card/[^/]+/manifest\\.webmanifest$).*)',
  ],
};
