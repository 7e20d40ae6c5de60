import type { Metadata } from 'next';
import { Dashboard } from '@/components/dashboard/dashboard';
import { requirePageUser } from '@/lib/auth/current-user';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Referral Reward Card' };

export default async function HomePage() {
  const user = await requirePageUser('/');
  const clientCount = await db.client.count();
  return <Dashboard clientCount={clientCount} isFullAdmin={user.isFullAdmin} />;
}
