import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { lookupRewardCard } from '@/components/card/load-card';
import { rewardCardMetadata, rewardCardViewport } from '@/components/card/metadata';
import { RewardCardPage } from '@/components/card/reward-card-page';
import { getClinic } from '@/lib/services/clinic';

export const dynamic = 'force-dynamic';
export const generateViewport = rewardCardViewport;

interface CardLookupPageProps {
  params: Promise<{ cardToken: string }>;
}

export async function generateMetadata({ params }: CardLookupPageProps): Promise<Metadata> {
  const { cardToken } = await params;
  const lookup = await lookupRewardCard(cardToken);
  return rewardCardMetadata(lookup.status === 'found' ? cardToken : null, await getClinic());
}

/**
 * /card/{token} for a card this server has not seen yet (proxy.ts rewrites it here; the address bar keeps
 * /card/{token}). Rendered per request, because a miss must be counted against the caller's address, which
 * the cached page at /card/{token} cannot read: a card found is shown and remembered, so its next visits are
 * served from the cache; a miss shows the not-found card; an address that has used up its failures is sent to
 * the 'too many requests' page (429).
 */
export default async function CardLookupPage({ params }: CardLookupPageProps) {
  const { cardToken } = await params;
  const lookup = await lookupRewardCard(cardToken);
  if (lookup.status === 'limited') redirect('/card-limit');
  return <RewardCardPage data={lookup.status === 'found' ? lookup.data : null} />;
}
