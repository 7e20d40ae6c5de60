import type { ClientDto } from './types';

/** The client's referral QR code (PNG) at 200 px (shown) or 300 px (downloaded), spec section 7. */
export function qrImageUrl(cardNumber: string, size: 200 | 300): string {
  return `/api/users/card/${encodeURIComponent(cardNumber)}/qr?size=${size}`;
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

/** Fetches the 300 px PNG and saves it through an object URL and an <a download> click. Throws on failure. */
export async function downloadQr(client: Pick<ClientDto, 'firstName' | 'lastName' | 'cardNumber'>) {
  const res = await fetch(qrImageUrl(client.cardNumber, 300), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) throw new Error(`Unexpected QR code type: ${blob.type}`);

  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = qrFileName(client.firstName, client.lastName);
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
