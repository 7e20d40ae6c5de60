'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { referralsHeadingId } from '@/components/referrals/anchors';
import { ReferralList, type ReferralHandlers } from '@/components/referrals/referral-list';
import { ErrorAlert } from '@/components/shared/error-alert';
import { QueryLoadMore } from '@/components/shared/load-more';
import { clientReferralsQuery } from '@/components/referrals/queries';
import { errorMessage } from '@/lib/client/api';
import { pagedItems } from '@/lib/query/paged';
import { QrImage } from './qr-image';
import { clientName, type ClientDto } from './types';

interface ClientReferralsProps extends ReferralHandlers {
  client: ClientDto;
  id?: string;
  isFullAdmin: boolean;
}

function referralsShownText(shown: number, total: number): string {
  const of = Math.max(shown, total);
  return `Showing ${shown.toLocaleString('en-GB')} of ${of.toLocaleString('en-GB')} referrals`;
}

/** The expanded part of a client row: the client's referrals with their actions, next to the card's QR code. */
export function ClientReferrals({
  client,
  id,
  isFullAdmin,
  onAddReferral,
  ...handlers
}: ClientReferralsProps) {
  // Mounted when the row opens: the referrals load then, and stay cached when it closes.
  const referrals = useInfiniteQuery(clientReferralsQuery(client.id));
  const count = client.referralCount;
  const name = clientName(client);
  const items = pagedItems(referrals.data);
  const failed = referrals.isError && items.length === 0;
  // Nothing to wait for when the count says there are none; a load that finds some still shows them.
  const none = count === 0 && items.length === 0 && !failed;
  const waiting = !none && !failed && items.length === 0;

  return (
    <div id={id} className="grid gap-4 border-t pt-4 md:grid-cols-[minmax(0,1fr)_auto]">
      <section
        aria-labelledby={referralsHeadingId(client.id)}
        aria-busy={waiting || undefined}
        className="grid min-w-0 content-start gap-3"
      >
        <h4
          id={referralsHeadingId(client.id)}
          tabIndex={-1}
          className="rounded-sm text-sm font-semibold outline-none focus:ring-[3px] focus:ring-ring/50"
        >
          Referrals of {name} ({count.toLocaleString('en-GB')})
        </h4>
        {none && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground">No referrals yet.</p>
            <Button type="button" variant="outline" size="sm" onClick={() => onAddReferral(client)}>
              <UserPlus aria-hidden="true" />
              Add the first referral
              <span className="sr-only"> of {name}</span>
            </Button>
          </div>
        )}
        {waiting && (
          <div className="grid gap-3">
            <span className="sr-only" role="status">
              Loading referrals of {name}...
            </span>
            {Array.from({ length: Math.min(count, 2) || 1 }, (_, i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        )}
        {failed && (
          <ErrorAlert message={errorMessage(referrals.error, 'The referrals could not be loaded.')}>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void referrals.refetch()}
              className="mt-2 text-foreground"
            >
              Try again
              <span className="sr-only"> to load the referrals of {name}</span>
            </Button>
          </ErrorAlert>
        )}
        {items.length > 0 && (
          <>
            <ReferralList client={client} referrals={items} isFullAdmin={isFullAdmin} {...handlers} />
            {(referrals.hasNextPage || referrals.isFetchNextPageError) && (
              <QueryLoadMore
                query={referrals}
                shownText={referralsShownText(items.length, count)}
                label="Load more referrals"
                srLabel={`of ${name}`}
              />
            )}
          </>
        )}
      </section>
      <QrImage cardNumber={client.cardNumber} name={name} />
    </div>
  );
}
