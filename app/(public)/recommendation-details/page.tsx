import type { Metadata, Viewport } from 'next';
import { CARD_TEAL } from '@/components/card/brand';
import { LeadPage } from '@/components/lead-form/lead-page';
import { firstParam, referrerIdFromRef, resolveOfferLink } from '@/components/lead-form/links';
import { getSettings } from '@/lib/services/settings';

// The ref parameter and the clinic's offer link (Settings → Smile Story Offer Link) are read on every request.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { absolute: 'So Glad You Finally Found Us!' },
  description:
    'Recommended by a friend? Leave your details and our care co-ordinators will arrange your free consultation.',
  // Each link carries a client's card number: keep them out of search engines.
  robots: { index: false },
  formatDetection: { telephone: false },
};

export const viewport: Viewport = { themeColor: CARD_TEAL };

interface RecommendationDetailsProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The public lead form (spec section 2), the target of every reward card's QR code:
 * /recommendation-details?ref={the referrer's card number}. Without ref it works too, without a referrer.
 */
export default async function RecommendationDetailsPage({ searchParams }: RecommendationDetailsProps) {
  const cardNumber = referrerIdFromRef(firstParam((await searchParams).ref));
  const offer = resolveOfferLink((await getSettings()).offerLink, cardNumber);
  return <LeadPage cardNumber={cardNumber} offer={offer} />;
}
