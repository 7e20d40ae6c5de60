'use client';

import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { referralsHeadingId } from '@/components/referrals/anchors';
import { ReferralList, type ReferralHandlers } from '@/components/referrals/referral-list';
import { QrImage } from './qr-image';
import { clientName, type ClientDto } from './types';

interface ClientReferralsProps extends ReferralHandlers {
  client: ClientDto;
  id: string;
  isFullAdmin: boolean;
}

/** The expanded part of a client row: the client's referrals with their actions, next to the card's QR code. */
export function ClientReferrals({
  client,
  id,
  isFullAdmin,
  onAddReferral,
  ...handlers
}: ClientReferralsProps) {
  const count = client.referralCount;
  const name = clientName(client);
  return (
    <div id={id} className="grid gap-4 border-t pt-4 md:grid-cols-[minmax(0,1fr)_auto]">
      <section aria-labelledby={referralsHeadingId(client.id)} className="grid min-w-0 content-start gap-3">
        <h4
          id={referralsHeadingId(client.id)}
          tabIndex={-1}
          className="rounded-sm text-sm font-semibold outline-none focus:ring-[3px] focus:ring-ring/50"
        >
          Referrals of {name} ({count.toLocaleString('en-GB')})
        </h4>
        {count === 0 ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground">No referrals yet.</p>
            <Button type="button" variant="outline" size="sm" onClick={() => onAddReferral(client)}>
              <UserPlus aria-hidden="true" />
              Add the first referral
              <span className="sr-only"> of {name}</span>
            </Button>
          </div>
        ) : (
          <ReferralList client={client} isFullAdmin={isFullAdmin} {...handlers} />
        )}
      </section>
      <QrImage cardNumber={client.cardNumber} name={name} />
    </div>
  );
}
