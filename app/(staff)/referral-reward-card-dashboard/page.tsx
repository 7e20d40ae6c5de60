import type { Metadata } from 'next';
import { Dashboard } from '@/components/dashboard/dashboard';
import { requirePageUser } from '@/lib/auth/current-user';
import { clientCount } from '@/lib/services/clients';

export const metadata: Metadata = { title: 'Referral Reward Card' };

export default async function ReferralRewardCardDashboardPage() {
  const user = await requirePageUser('/referral-reward-card-dashboard');
  const total = await clientCount();
  return <Dashboard clientCount={total} isFullAdmin={user.isFullAdmin} />;
}
