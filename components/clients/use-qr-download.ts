'use client';

import { useMutation } from '@tanstack/react-query';
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
  const saving = useMutation({
    mutationFn: () => downloadQr(client),
    onError: (e) => {
      console.error('QR code download failed', e);
      toast.error(`Could not download the QR code of ${name}. Please try again.`);
    },
  });

  async function download() {
    if (saving.isPending) return;
    await saving.mutateAsync().catch(() => undefined);
  }

  return { downloading: saving.isPending, download };
}
