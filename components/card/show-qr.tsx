'use client';

import { useState } from 'react';
import { Maximize2, X } from 'lucide-react';
import { publicButton } from '@/components/public/public-button';
import { PublicDialog } from '@/components/public/public-dialog';
import { publicFileUrl } from '@/lib/contract/paths';

/**
 * 'Show QR' (issue 16): the card's QR code as large as the screen allows, with the card number and nothing
 * else, for showing at reception. Full screen, white, closed by its button or Escape.
 */
export function ShowQr({ cardNumber }: { cardNumber: string }) {
  const [open, setOpen] = useState(false);
  const src = publicFileUrl('cardQr', { params: { cardNumber }, query: { size: '300' } });
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={publicButton('outline', 'h-12 w-full px-6 text-base has-[>svg]:px-4')}
        onClick={() => setOpen(true)}
      >
        <Maximize2 aria-hidden="true" />
        Show QR
      </button>
      <PublicDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="show-qr-title"
        describedBy="show-qr-description"
        className="m-0 h-dvh max-h-none w-screen max-w-none flex-col items-center justify-center gap-6 border-0 bg-white p-6 text-black open:flex"
      >
        <h2 id="show-qr-title" className="sr-only">
          Your QR code
        </h2>
        <p id="show-qr-description" className="sr-only">
          Show this code at reception. Card number {cardNumber}.
        </p>
        {/* eslint-disable-next-line @next/next/no-img-element -- a PNG from our own API, scaled crisp */}
        <img
          src={src}
          alt={`QR code for card ${cardNumber}`}
          width={300}
          height={300}
          className="aspect-square w-[min(88vw,70dvh)] [image-rendering:pixelated]"
        />
        {/*
          One line, always (issue 29, point 14): the number is read out at reception in its groups, and a wrap
          split one. Its size follows the screen's width, from 30 px down to no less than 16 px on the narrowest.
        */}
        <p
          className="font-mono text-[clamp(1rem,6.4vw,1.875rem)] font-semibold tracking-[0.08em] whitespace-nowrap"
          data-testid="show-qr-number"
        >
          {cardNumber}
        </p>
        <button
          type="button"
          className={publicButton('outline', 'h-12 min-w-40 px-6 text-base has-[>svg]:px-4')}
          onClick={() => setOpen(false)}
        >
          <X aria-hidden="true" />
          Close
        </button>
      </PublicDialog>
    </>
  );
}
