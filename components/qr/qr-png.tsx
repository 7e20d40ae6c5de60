'use client';

import { useState } from 'react';
import Image from 'next/image';
import { QrCode } from 'lucide-react';

/** A 200 px QR code PNG from our API, or a placeholder icon when it fails to load (spec section 8). */
export function QrPng({ src, alt, name }: { src: string; alt: string; name: string }) {
  const [failed, setFailed] = useState(false);

  if (failed) {
    return (
      <div
        role="img"
        aria-label={`QR code of ${name} unavailable`}
        className="flex size-[200px] flex-col items-center justify-center gap-2 rounded-md border border-dashed text-muted-foreground"
      >
        <QrCode className="size-12" aria-hidden="true" />
        <span className="text-xs">QR code unavailable</span>
      </div>
    );
  }

  return (
    <Image
      src={src}
      alt={alt}
      width={200}
      height={200}
      unoptimized
      className="size-[200px] rounded-md border bg-white"
      onError={() => setFailed(true)}
    />
  );
}
