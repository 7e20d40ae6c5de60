import type { Metadata } from 'next';
import { Dashboard } from '@/components/dashboard/dashboard';
import { requirePageUser } from '@/lib/auth/current-user';
import { clientCount } from '@/lib/services/clients';

export const metadata: Metadata = { title: 'Referral Reward Card' };

export default async function HomePage() {
  const user = await requirePageUser('/');
  const total = await clientCount();
  return <Dashboard clientCount={total} isFullAdmin={user.isFullAdmin} />;
}
