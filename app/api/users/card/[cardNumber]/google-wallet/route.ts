import { HttpError } from '@/lib/api/errors';
import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { googleWallet } from '@/lib/contract/public';
import { failCardLookup, getCardholderByNumber } from '@/lib/services/cards';
import { getClinic } from '@/lib/services/clinic';
import { GOOGLE_WALLET_UNAVAILABLE_TEXT, googleWalletSaveLink } from '@/lib/services/google-wallet';
import { referralLink } from '@/lib/services/qr';
import { getSettings } from '@/lib/services/settings';

/**
 * 'Save to Google Wallet': a redirect (303) to the card's signed save link on pay.google.com; 503 until the
 * clinic's Google Wallet issuer and service-account key are configured. A number that finds no card counts
 * against the caller like every public card lookup.
 */
export const GET = route(googleWallet, async ({ req, params }) => {
  const card =
    (await getCardholderByNumber(params.cardNumber)) ??
    (await failCardLookup(req.headers, 'No referral reward card has that number.'));
  const origin = publicOrigin();
  const link = await googleWalletSaveLink(
    card,
    referralLink(origin, card.cardNumber),
    (await getSettings()).referralRewardAmount,
    await getClinic(),
    origin,
  );
  if (!link) throw new HttpError(503, GOOGLE_WALLET_UNAVAILABLE_TEXT);
  return new Response(null, { status: 303, headers: { Location: link, 'Cache-Control': 'no-store' } });
});
