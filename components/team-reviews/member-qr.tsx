'use client';

import { useState } from 'react';
import Image from 'next/image';
import { QrCode } from 'lucide-react';
import { memberQrUrl } from './team-helpers';

/** The member's QR code at 200 px, or a placeholder icon when the image fails to load (spec section 8). */
export function MemberQr({ memberId, name }: { memberId: string; name: string }) {
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
      src={memberQrUrl(memberId, 200)}
      alt={`Review QR code of ${name}`}
      width={200}
      height={200}
      unoptimized
      className="size-[200px] rounded-md border bg-white"
      onError={() => setFailed(true)}
    />
  );
}
