import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { DashboardPage } from '@/components/dashboard/dashboard-page';

export const metadata: Metadata = { title: 'Referral Reward Card' };

export default function ReferralRewardCardDashboardPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  return <DashboardPage path="/referral-reward-card-dashboard" searchParams={searchParams} />;
}
