import { downloadImage } from '@/lib/client/download';
import { fileUrl } from '@/lib/contract/client';
import * as publicApi from '@/lib/contract/public';
import type { ClientDto } from './types';

/** The client's referral QR code (PNG) at 200 px (shown) or 300 px (downloaded), spec section 7. */
export function qrImageUrl(cardNumber: string, size: 200 | 300): string {
  return fileUrl(publicApi.cardQr, { params: { cardNumber }, query: { size: `${size}` as const } });
}

/** first_last_QR_Code.png, keeping the names' case; spaces become underscores. */
export function qrFileName(firstName: string, lastName: string): string {
  const part = (name: string) =>
    name
      .trim()
      .replace(/[\\/:*?"<>|]/g, '')
      .replace(/\s+/g, '_');
  return `${part(firstName)}_${part(lastName)}_QR_Code.png`;
}

/** Saves the client's 300 px QR code as first_last_QR_Code.png. Throws on failure. */
export function downloadQr(client: Pick<ClientDto, 'firstName' | 'lastName' | 'cardNumber'>): Promise<void> {
  return downloadImage(qrImageUrl(client.cardNumber, 300), qrFileName(client.firstName, client.lastName));
}
