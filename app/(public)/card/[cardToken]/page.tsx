import type { Metadata } from 'next';
import { loadRewardCard } from '@/components/card/load-card';
import { rewardCardMetadata, rewardCardViewport } from '@/components/card/metadata';
import { RewardCardPage } from '@/components/card/reward-card-page';
import { getClinic } from '@/lib/services/clinic';

export const generateViewport = rewardCardViewport;

/**
 * Static, whatever shares its render: the app's 404 boundary (app/not-found.tsx) reads the session cookie to
 * offer signed-in staff their way home, and here it must read none (a cached page is the same for everyone).
 */
export const dynamic = 'force-static';

/**
 * Rendered on a card's first visit, then served from Next's cache until the card or the reward setting
 * changes (see lib/services/card-cache.ts): no card is built in advance.
 */
export function generateStaticParams(): { cardToken: string }[] {
  return [];
}

interface CardPageProps {
  params: Promise<{ cardToken: string }>;
}

export async function generateMetadata({ params }: CardPageProps): Promise<Metadata> {
  const { cardToken } = await params;
  const data = await loadRewardCard(cardToken);
  return rewardCardMetadata(data ? cardToken : null, data?.clinic ?? (await getClinic()));
}

/**
 * A client's reward card, from the link they were given (/card/{inviteToken} or /card/{first-last}-{cardKey}).
 * proxy.ts sends only addresses of cards this server has already found here; any other address goes to the
 * counted lookup (app/(public)/card-lookup), since this cached page cannot see who asks and a miss must be
 * counted. A card deleted since shows the card-not-found card in place (the app's 404 page would say 'Page Not
 * Found').
 */
export default async function CardPage({ params }: CardPageProps) {
  const { cardToken } = await params;
  return <RewardCardPage data={await loadRewardCard(cardToken)} />;
}
