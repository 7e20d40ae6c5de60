import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { cardQr } from '@/lib/contract/public';
import { failCardLookup, getCardholderByNumber } from '@/lib/services/cards';
import { qrPng, referralLink } from '@/lib/services/qr';

/** The client's QR code (a PNG of their recommendation link), made here rather than by an outside service. */
export const GET = route(cardQr, async ({ req, params, query }) => {
  const card =
    (await getCardholderByNumber(params.cardNumber)) ??
    (await failCardLookup(req.headers, 'No referral reward card has that number.'));
  const png = await qrPng(referralLink(publicOrigin(), card.cardNumber), query.size);
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': 'public, max-age=3600',
    },
  });
});
