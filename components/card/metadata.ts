import 'server-only';
import type { Metadata, Viewport } from 'next';
import type { Clinic } from '@/lib/clinic';
import { getClinic } from '@/lib/services/clinic';
import { publicPageMetadata } from '@/components/public/metadata';
import { cardPath } from './brand';

/**
 * The card pages' metadata: the clinic's name in the title and the link preview (never the client's name or
 * card number), kept out of search engines, and, for a card that exists, its own web app manifest so that the
 * icon added to the home screen opens this card.
 */
export function rewardCardMetadata(cardToken: string | null, clinic: Clinic): Metadata {
  return {
    ...publicPageMetadata({
      clinic,
      title: cardToken ? `Referral Reward Card · ${clinic.displayName}` : 'Referral Reward Card Not Found',
      description: `Your reward card at ${clinic.displayName}: show the QR code and share your link.`,
      image: 'card',
    }),
    robots: { index: false },
    // The home-screen icon: the clinic's logo when it has one (the app's smile otherwise).
    ...(clinic.logoUrl && { icons: { apple: clinic.logoUrl } }),
    ...(cardToken && {
      manifest: `${cardPath(cardToken)}/manifest.webmanifest`,
      appleWebApp: { capable: true, title: clinic.name ?? 'Reward Card', statusBarStyle: 'default' },
    }),
  };
}

/** The browser's toolbar in the clinic's colour. */
export async function rewardCardViewport(): Promise<Viewport> {
  return { themeColor: (await getClinic()).colour };
}
