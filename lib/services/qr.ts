import 'server-only';
import QRCode from 'qrcode';

/** Sizes the dashboard and the card use (spec section 7): 200 px to show, 300 px to download. */
export const QR_SIZES = [200, 300] as const;

/** The recommendation link a client's QR code carries. */
export function referralLink(origin: string, cardNumber: string): string {
  return `${origin}/recommendation-details?ref=${encodeURIComponent(cardNumber)}`;
}

/**
 * A PNG of `text`, `size` pixels square. The spec's margin of 10 px is two modules of quiet zone at 200 px
 * (qrcode counts its margin in modules), which keeps the code readable by every phone camera.
 */
export function qrPng(text: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', width: size, margin: 2, errorCorrectionLevel: 'M' });
}
