import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { DashboardPage } from '@/components/dashboard/dashboard-page';

export const metadata: Metadata = { title: 'Referral Reward Card' };

export default function HomePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <DashboardPage path="/" searchParams={searchParams} />;
}
