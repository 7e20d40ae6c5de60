'use client';

import { useState } from 'react';
import { QrCode } from 'lucide-react';
import { publicFileUrl } from '@/lib/contract/paths';

interface QrImageProps {
  cardNumber: string;
  fullName: string;
}

/**
 * The card's QR code (made by our own API, public.cardQr): 200 CSS px, with the 300 px image on
 * sharper screens. A QR code that fails to load is replaced by a placeholder icon (spec section 8).
 */
export function QrImage({ cardNumber, fullName }: QrImageProps) {
  const [failed, setFailed] = useState(false);
  const qr = (size: '200' | '300') => publicFileUrl('cardQr', { params: { cardNumber }, query: { size } });

  if (failed) {
    return (
      <div
        role="img"
        aria-label={`QR code for ${fullName}'s referral link could not be loaded`}
        className="flex size-[200px] flex-col items-center justify-center gap-2 rounded-md bg-muted text-muted-foreground"
      >
        <QrCode className="size-20" aria-hidden="true" />
      </div>
    );
  }

  return (
    // eslint-disable-next-line @next/next/no-img-element -- a small PNG from our own API; next/image adds nothing here
    <img
      src={qr('200')}
      srcSet={`${qr('200')} 1x, ${qr('300')} 2x`}
      width={200}
      height={200}
      alt={`QR code for ${fullName}'s referral link`}
      decoding="async"
      fetchPriority="high"
      className="block size-[200px]"
      onError={() => setFailed(true)}
      // An image that failed before React hydrated never fires onError here: catch it when it is attached.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) setFailed(true);
      }}
    />
  );
}
