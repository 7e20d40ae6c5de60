import 'server-only';
import fs from 'node:fs';
import { PKPass } from 'passkit-generator';
import type { CardDto } from './cards';
import { brandIconPng } from '@/lib/png';
import type { Clinic } from '@/lib/clinic';

export { googleWalletAvailable } from './google-wallet';

/**
 * Apple Wallet passes for reward cards. Apple requires every pass to be signed with the clinic's own Pass Type
 * ID certificate, so the feature is on only when these are configured (see .env.example):
 * WALLET_PASS_TYPE_ID, WALLET_TEAM_ID, WALLET_SIGNER_CERT, WALLET_SIGNER_KEY, WALLET_WWDR_CERT (PEM file
 * paths) and optionally WALLET_SIGNER_KEY_PASSPHRASE and WALLET_ORGANIZATION_NAME.
 */
const REQUIRED = [
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_SIGNER_CERT',
  'WALLET_SIGNER_KEY',
  'WALLET_WWDR_CERT',
];

export const WALLET_UNAVAILABLE_TEXT = 'Apple Wallet passes are not set up for this clinic yet.';

export function walletPassAvailable(): boolean {
  return REQUIRED.every((name) => Boolean(process.env[name]));
}

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 0xff}, ${(n >> 8) & 0xff}, ${n & 0xff})`;
}

/**
 * The pass in the clinic's name and colour, with its logo when one is uploaded (`logo`: the pass's logo.png,
 * already sized, and its @2x).
 */
export function buildWalletPass(
  card: CardDto,
  referralLink: string,
  rewardPounds: number,
  clinic: Clinic,
  logo?: { x1: Buffer; x2: Buffer },
): Buffer {
  const env = process.env;
  const organizationName = clinic.name ?? (env.WALLET_ORGANIZATION_NAME || 'Smile Referrals');
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: env.WALLET_PASS_TYPE_ID,
    teamIdentifier: env.WALLET_TEAM_ID,
    organizationName,
    description: 'Referral Reward Card',
    serialNumber: card.cardNumber,
    logoText: 'REWARD CARD',
    foregroundColor: 'rgb(255, 255, 255)',
    backgroundColor: rgb(clinic.colour),
    labelColor: 'rgb(236, 244, 244)',
    storeCard: {},
  };
  const icon = brandIconPng(29);
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson)),
      'icon.png': icon,
      'icon@2x.png': brandIconPng(58),
      'logo.png': logo?.x1 ?? icon,
      ...(logo && { 'logo@2x.png': logo.x2 }),
    },
    {
      wwdr: fs.readFileSync(env.WALLET_WWDR_CERT!),
      signerCert: fs.readFileSync(env.WALLET_SIGNER_CERT!),
      signerKey: fs.readFileSync(env.WALLET_SIGNER_KEY!),
      signerKeyPassphrase: env.WALLET_SIGNER_KEY_PASSPHRASE || undefined,
    },
  );
  pass.primaryFields.push({ key: 'reward', label: 'EARN PER REFERRAL', value: `£${rewardPounds} CASH` });
  pass.secondaryFields.push({
    key: 'cardholder',
    label: 'CARDHOLDER',
    value: `${card.firstName} ${card.lastName}`,
  });
  pass.auxiliaryFields.push({ key: 'cardNumber', label: 'CARD NUMBER', value: card.cardNumber });
  pass.backFields.push({ key: 'link', label: 'Your referral link', value: referralLink });
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: referralLink, messageEncoding: 'iso-8859-1' });
  return pass.getAsBuffer();
}
