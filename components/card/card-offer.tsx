import { OfferCta } from '@/components/lead-form/offer-cta';
import type { PublicOffer } from '@/components/lead-form/links';

/**
 * The friend's offer on the reward card (issue 29): what the card's holder can tell friends they get, in the
 * clinic's words, leading to the offer page (or the clinic's own offer link). Nothing when there is no offer.
 * Apart from public-panels.tsx: the review page's not-found panel comes from there, and the offer's next/link
 * would otherwise load with the review page (some 4 KB gzip of its first-load JS).
 */
export function CardOffer({ offer }: { offer: PublicOffer }) {
  if (!offer.enabled) return null;
  return (
    <div className="grid w-full gap-1.5">
      <p className="text-[0.6875rem] font-semibold tracking-[0.18em] text-white/90">YOUR FRIENDS GET</p>
      <OfferCta offer={offer} onDark />
    </div>
  );
}
