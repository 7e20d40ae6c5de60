import type { Metadata, Viewport } from 'next';
import { publicPageMetadata } from '@/components/public/metadata';
import { getClinic } from '@/lib/services/clinic';
import { LeadPage } from '@/components/lead-form/lead-page';
import { firstParam, referrerIdFromRef, resolveOfferLink } from '@/components/lead-form/links';
import { getSettings } from '@/lib/services/settings';

// The ref parameter and the clinic's offer link (Settings → Smile Story Offer Link) are read on every request.
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const clinic = await getClinic();
  return {
    // The preview names the clinic only: never the referrer or the card number in the link.
    ...publicPageMetadata({
      clinic,
      title: `So Glad You Finally Found Us! · ${clinic.displayName}`,
      description: `Recommended to ${clinic.displayName} by a friend? Leave your details and our care co-ordinators will arrange your free consultation.`,
      image: 'form',
    }),
    // Each link carries a client's card number: keep them out of search engines.
    robots: { index: false },
  };
}

export async function generateViewport(): Promise<Viewport> {
  return { themeColor: (await getClinic()).colour };
}

interface RecommendationDetailsProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The public lead form (spec section 2), the target of every reward card's QR code:
 * /recommendation-details?ref={the referrer's card number}. Without ref it works too, without a referrer.
 */
export default async function RecommendationDetailsPage({ searchParams }: RecommendationDetailsProps) {
  const cardNumber = referrerIdFromRef(firstParam((await searchParams).ref));
  const [settings, clinic] = await Promise.all([getSettings(), getClinic()]);
  const offer = resolveOfferLink(settings.offerLink, cardNumber);
  return <LeadPage cardNumber={cardNumber} offer={offer} clinic={clinic} />;
}
