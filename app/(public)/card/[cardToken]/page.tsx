import type { Metadata } from 'next';
import { loadRewardCard } from '@/components/card/load-card';
import { rewardCardMetadata, rewardCardViewport } from '@/components/card/metadata';
import { RewardCardPage } from '@/components/card/reward-card-page';
import { getClinic } from '@/lib/services/clinic';

export const generateViewport = rewardCardViewport;

/**
 * Rendered for each request (issue 28 points 12 and 15): a page carries this request's CSP nonce, and a card
 * (a person's name and number) is sent `private, no-store` (proxy.ts), so no cache outside the app keeps it.
 * The card's data is read from the database for each request (loadRewardCard): no instance keeps a copy, so a
 * change made through any instance shows on the next request (issue 32 point 5).
 */
export const dynamic = 'force-dynamic';

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
 * counted lookup (app/(public)/card-lookup), so that a miss is always counted against the caller's address and
 * a found card is never counted. A card deleted since shows the card-not-found card in place (the app's 404
 * page would say 'Page Not Found').
 */
export default async function CardPage({ params }: CardPageProps) {
  const { cardToken } = await params;
  return <RewardCardPage data={await loadRewardCard(cardToken)} />;
}
