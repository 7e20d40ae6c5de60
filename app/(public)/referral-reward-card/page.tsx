import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { firstParam, lookupRewardCard } from '@/components/card/load-card';
import { rewardCardMetadata, rewardCardViewport } from '@/components/card/metadata';
import { RewardCardPage } from '@/components/card/reward-card-page';
import { getClinic } from '@/lib/services/clinic';

export const dynamic = 'force-dynamic';
export const generateViewport = rewardCardViewport;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const tokenOf = async (searchParams: SearchParams) => firstParam((await searchParams).token)?.trim();

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const token = await tokenOf(searchParams);
  const lookup = await lookupRewardCard(token);
  return rewardCardMetadata(lookup.status === 'found' && token ? token : null, await getClinic());
}

/**
 * The reward card for /referral-reward-card?token=...; no token, or no card for it, shows the not-found card.
 * A token that finds no card counts against the caller's address like /card/{token}; the lookup is awaited
 * before anything is sent (no streamed loading card), so that a used-up address gets a real redirect to the
 * 'too many requests' page (429).
 */
export default async function ReferralRewardCardPage({ searchParams }: { searchParams: SearchParams }) {
  const lookup = await lookupRewardCard(await tokenOf(searchParams));
  if (lookup.status === 'limited') redirect('/card-limit');
  return <RewardCardPage data={lookup.status === 'found' ? lookup.data : null} />;
}
