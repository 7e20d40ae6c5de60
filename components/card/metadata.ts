import type { Metadata, Viewport } from 'next';
import { CARD_TEAL, cardPath } from './brand';

/**
 * The card pages' metadata: kept out of search engines, and, for a card that exists, its own web app manifest so
 * that the icon added to the home screen opens this card.
 */
export function rewardCardMetadata(cardToken: string | null): Metadata {
  return {
    title: { absolute: 'Referral Reward Card' },
    robots: { index: false },
    ...(cardToken && {
      manifest: `${cardPath(cardToken)}/manifest.webmanifest`,
      appleWebApp: { capable: true, title: 'Reward Card', statusBarStyle: 'default' },
    }),
    formatDetection: { telephone: false },
  };
}

export const rewardCardViewport: Viewport = { themeColor: CARD_TEAL };
