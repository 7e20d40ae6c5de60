import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { publicPageMetadata } from '@/components/public/metadata';
import { getClinic } from '@/lib/services/clinic';
import { LeadPage } from '@/components/lead-form/lead-page';
import { firstParam, referrerIdFromRef, toPublicOffer } from '@/components/lead-form/links';
import { consultationText, formPreviewText } from '@/lib/offer';
import { getSettings } from '@/lib/services/settings';
import { getCardholderByNumber } from '@/lib/services/cards';
import { countFailedCardLookup } from '@/lib/services/public-limits';
import type { ReferrerState } from '@/components/lead-form/lead-state';

// The ref parameter and the clinic's offer (Settings → Offer) are read on every request.
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const [clinic, settings] = await Promise.all([getClinic(), getSettings()]);
  return {
    // The preview names the clinic only: never the referrer or the card number in the link.
    ...publicPageMetadata({
      clinic,
      title: `So Glad You Finally Found Us! · ${clinic.displayName}`,
      description: `Recommended to ${clinic.displayName} by a friend? Leave your details and our care co-ordinators will arrange ${consultationText(settings)}.`,
      image: 'form',
      // The preview image says the offer in the clinic's words (lib/og/preview.tsx): a new offer, a new image.
      imageVersion: formPreviewText(settings),
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
  const [settings, clinic, referrer] = await Promise.all([
    getSettings(),
    getClinic(),
    lookUpReferrer(cardNumber),
  ]);
  const offer = toPublicOffer(settings, cardNumber);
  return (
    <LeadPage
      cardNumber={cardNumber}
      referrer={referrer}
      offer={offer}
      treatments={settings.treatmentOptions}
      clinic={clinic}
    />
  );
}

/**
 * The referrer's name for 'Recommended by', looked up here on the server (so the page needs no script for it).
 * As with GET /api/users/card/{cardNumber}, a card number that is not found counts against the caller's
 * address; the form still works, and still sends the number for staff to match.
 */
async function lookUpReferrer(cardNumber: string | undefined): Promise<ReferrerState> {
  if (!cardNumber) return { status: 'none' };
  try {
    const card = await getCardholderByNumber(cardNumber);
    if (card) {
      const fullName = `${card.firstName} ${card.lastName}`.trim();
      if (fullName) return { status: 'found', firstName: card.firstName, lastName: card.lastName, fullName };
    } else {
      await countFailedCardLookup(await headers());
    }
  } catch {
    // Too many misses from this address, or the database did not answer: the referrer is not named.
  }
  return { status: 'failed' };
}
