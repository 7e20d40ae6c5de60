import type { Metadata } from 'next';
import { TeamReviewsPage } from '@/components/team-reviews/team-reviews-page';
import { requirePageUser } from '@/lib/auth/current-user';

export const metadata: Metadata = { title: 'Team Reviews' };

export default async function Page() {
  const user = await requirePageUser('/team-reviews');
  return <TeamReviewsPage isFullAdmin={user.isFullAdmin} />;
}
