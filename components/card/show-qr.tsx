'use client';

import { useState } from 'react';
import { Maximize2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/**
 * 'Show QR' (issue 16): the card's QR code as large as the screen allows, with the card number and nothing
 * else, for showing at reception. Full screen, white, closed by its button or Escape.
 */
export function ShowQr({ cardNumber }: { cardNumber: string }) {
  const [open, setOpen] = useState(false);
  const src = `/api/users/card/${encodeURIComponent(cardNumber)}/qr?size=300`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="h-12 w-full text-base"
        onClick={() => setOpen(true)}
      >
        <Maximize2 aria-hidden="true" />
        Show QR
      </Button>
      <DialogContent
        showCloseButton={false}
        className="flex h-dvh max-h-none w-screen max-w-none flex-col items-center justify-center gap-6 rounded-none border-0 bg-white p-6 text-black sm:max-w-none"
      >
        <DialogTitle className="sr-only">Your QR code</DialogTitle>
        <DialogDescription className="sr-only">
          Show this code at reception. Card number {cardNumber}.
        </DialogDescription>
        {/* eslint-disable-next-line @next/next/no-img-element -- a PNG from our own API, scaled crisp */}
        <img
          src={src}
          alt={`QR code for card ${cardNumber}`}
          width={300}
          height={300}
          className="aspect-square w-[min(88vw,70dvh)] [image-rendering:pixelated]"
        />
        <p
          className="font-mono text-3xl font-semibold tracking-[0.08em] break-all"
          data-testid="show-qr-number"
        >
          {cardNumber}
        </p>
        <DialogClose asChild>
          <Button type="button" variant="outline" size="lg" className="h-12 min-w-40 text-base">
            <X aria-hidden="true" />
            Close
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
