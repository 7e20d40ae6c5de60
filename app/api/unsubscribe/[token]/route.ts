import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import * as publicPages from '@/lib/contract/public';
import { appOrigin } from '@/lib/env';
import { unsubscribePagePath, unsubscribeRateLimitPerHour } from '@/lib/messages/unsubscribe';
import { unsubscribe } from '@/lib/services/messages';
import { limitPublicCall } from '@/lib/services/public-limits';

/**
 * The address a message's List-Unsubscribe header names (RFC 8058). POST turns one kind of message off for the
 * address in the signed link: a mail provider's one-click unsubscribe (`List-Unsubscribe=One-Click`, sent
 * without cookies or Origin) and the page's button. The body is not read: the signed token is what
 * authorises, and the button sends none. Limited per caller's address like the other link routes; a token
 * that is not valid is a 404 and writes nothing.
 */
export const POST = route(publicPages.unsubscribe, async ({ req, params }) => {
  await limitPublicCall('unsubscribe', req.headers, unsubscribeRateLimitPerHour());
  const { kind } = await unsubscribe(params.token);
  return { unsubscribed: true as const, kind };
});

/**
 * A mail app that opens the header's address in a browser instead of posting to it: the page, which shows
 * what would stop and asks (opening a link never unsubscribes: mail scanners open links).
 */
export const GET = route(publicPages.unsubscribePage, ({ params }) =>
  NextResponse.redirect(new URL(unsubscribePagePath(params.token), appOrigin()), 303),
);
