import 'server-only';
import fs from 'node:fs';
import type { Clinic } from '@/lib/clinic';

/**
 * 'Save to Google Wallet' (issue 16): a save link, https://pay.google.com/gp/v/save/{JWT}, whose JWT is signed
 * (RS256) with the clinic's Google Cloud service-account key and carries a generic pass with the card's QR code.
 * On only when GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT_KEY (the key's JSON file, or the JSON
 * itself) are set; see .env.example.
 */
interface ServiceAccount {
  client_email: string;
  private_key: string;
}

export const GOOGLE_WALLET_UNAVAILABLE_TEXT = 'Google Wallet passes are not set up for this clinic yet.';

function serviceAccount(): ServiceAccount | null {
  const raw = process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY?.trim();
  if (!raw || !process.env.GOOGLE_WALLET_ISSUER_ID) return null;
  try {
    const json = raw.startsWith('{') ? raw : fs.readFileSync(raw, 'utf8');
    const parsed = JSON.parse(json) as Partial<ServiceAccount>;
    if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string') return null;
    return { client_email: parsed.client_email, private_key: parsed.private_key };
  } catch {
    return null;
  }
}

export function googleWalletAvailable(): boolean {
  return serviceAccount() !== null;
}

export interface GoogleWalletCard {
  firstName: string;
  lastName: string;
  cardNumber: string;
}

/** Google's ids allow letters, digits, '.', '_' and '-'. */
const idPart = (value: string) => value.replace(/[^\w.-]/g, '_');

/** The save link for one card, or null when Google Wallet is not configured. */
export async function googleWalletSaveLink(
  card: GoogleWalletCard,
  referralLink: string,
  rewardPounds: number,
  clinic: Clinic,
  origin: string,
): Promise<string | null> {
  const account = serviceAccount();
  const issuer = process.env.GOOGLE_WALLET_ISSUER_ID;
  if (!account || !issuer) return null;
  const classId = `${issuer}.smile_referrals_reward_card`;
  const text = (value: string) => ({ defaultValue: { language: 'en-GB', value } });
  const payload = {
    genericClasses: [{ id: classId }],
    genericObjects: [
      {
        id: `${issuer}.${idPart(card.cardNumber)}`,
        classId,
        state: 'ACTIVE',
        cardTitle: text(`${clinic.displayName} Reward Card`),
        header: text(`${card.firstName} ${card.lastName}`.trim()),
        subheader: text('Cardholder'),
        hexBackgroundColor: clinic.colour,
        ...(clinic.logoUrl && { logo: { sourceUri: { uri: new URL(clinic.logoUrl, origin).toString() } } }),
        textModulesData: [
          { id: 'reward', header: 'Earn per referral', body: `£${rewardPounds} cash` },
          { id: 'card_number', header: 'Card number', body: card.cardNumber },
        ],
        barcode: { type: 'QR_CODE', value: referralLink, alternateText: card.cardNumber },
      },
    ],
  };
  // jose is an ES module only: loaded when a link is signed (the CommonJS test runner never loads it here).
  const { importPKCS8, SignJWT } = await import('jose');
  const key = await importPKCS8(account.private_key, 'RS256');
  const jwt = await new SignJWT({ origins: [origin], typ: 'savetowallet', payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
