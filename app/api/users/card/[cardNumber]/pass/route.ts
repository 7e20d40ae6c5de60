import { HttpError } from '@/lib/api/errors';
import { publicOrigin } from '@/lib/api/origin';
import { route } from '@/lib/api/route';
import { walletPass } from '@/lib/contract/public';
import { failCardLookup, getCardholderByNumber } from '@/lib/services/cards';
import { referralLink } from '@/lib/services/qr';
import { fitLogo, getClinic } from '@/lib/services/clinic';
import { currentLogoPng, getSettings } from '@/lib/services/settings';
import { buildWalletPass, WALLET_UNAVAILABLE_TEXT, walletPassAvailable } from '@/lib/services/wallet';

/** The card as an Apple Wallet pass, signed with the clinic's certificates (503 until they are configured). */
export const GET = route(walletPass, async ({ req, params }) => {
  if (!walletPassAvailable()) throw new HttpError(503, WALLET_UNAVAILABLE_TEXT);
  const card =
    (await getCardholderByNumber(params.cardNumber)) ??
    (await failCardLookup(req.headers, 'No referral reward card has that number.'));
  const { referralRewardAmount } = await getSettings();
  const clinic = await getClinic();
  const logo = clinic.logoUrl ? await currentLogoPng() : null;
  const pass = buildWalletPass(
    card,
    referralLink(publicOrigin(), card.cardNumber),
    referralRewardAmount,
    clinic,
    logo ? { x1: await fitLogo(logo, 160, 50), x2: await fitLogo(logo, 320, 100) } : undefined,
  );
  return new Response(new Uint8Array(pass), {
    headers: {
      'Content-Type': 'application/vnd.apple.pkpass',
      'Content-Disposition': `attachment; filename="${card.cardNumber}.pkpass"`,
      'Cache-Control': 'no-store',
    },
  });
});
