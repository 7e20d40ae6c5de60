import { Suspense } from 'react';
import type { Metadata } from 'next';
import { CardLoading } from '@/components/card/card-loading';
import { firstParam, loadRewardCard } from '@/components/card/load-card';
import { rewardCardMetadata, rewardCardViewport } from '@/components/card/metadata';
import { RewardCardPage } from '@/components/card/reward-card-page';

export const dynamic = 'force-dynamic';
export const viewport = rewardCardViewport;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const token = firstParam((await searchParams).token)?.trim();
  const data = await loadRewardCard(token);
  return rewardCardMetadata(data && token ? token : null);
}

async function CardFromQuery({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token)?.trim() ?? '';
  return <RewardCardPage data={await loadRewardCard(token)} />;
}

/** The reward card for /referral-reward-card?token=...; no token, or no card for it, shows the not-found card. */
export default function ReferralRewardCardPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<CardLoading />}>
      <CardFromQuery searchParams={searchParams} />
    </Suspense>
  );
}
