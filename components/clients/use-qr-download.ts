'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { downloadQr } from './qr-download';
import type { ClientDto } from './types';

/**
 * Saves the client's QR code as a PNG, one download at a time, with a toast when it fails: the row's More menu
 * and the Show QR dialog offer the same download.
 */
export function useQrDownload(
  client: Pick<ClientDto, 'firstName' | 'lastName' | 'cardNumber'>,
  name: string,
) {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadQr(client);
    } catch (e) {
      console.error('QR code download failed', e);
      toast.error(`Could not download the QR code of ${name}. Please try again.`);
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, download };
}
