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

/**
 * The QR code with the address it holds written under it (issue 18: a printed code says where it leads, so a
 * code made for `localhost` is seen before it is handed out). The caption is drawn by sharp's text renderer
 * (Pango) and shrinks to fit the width; the code itself is the same PNG as qrPng's.
 */
export async function qrPngWithCaption(text: string, size: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const code = await qrPng(text, size);
  const padding = 8;
  const caption = await sharp({
    text: {
      text: escapePango(text),
      font: 'sans',
      width: size - padding * 2,
      height: 40,
      align: 'centre',
      wrap: 'char',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const height = size + caption.info.height + padding;
  return sharp({ create: { width: size, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: code, top: 0, left: 0 },
      {
        input: caption.data,
        top: size,
        left: Math.max(0, Math.round((size - caption.info.width) / 2)),
      },
    ])
    .png()
    .toBuffer();
}

/** Pango reads markup: an address's & and < are text. */
const escapePango = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
