import { cache } from 'react';
import type { Metadata, Viewport } from 'next';
import { CARD_TEAL } from '@/components/card/brand';
import { safeReviewUrl } from '@/components/review/choice';
import { ReviewLanding } from '@/components/review/review-landing';
import { ReviewNotFound } from '@/components/review/review-not-found';
import { getSettings } from '@/lib/services/settings';
import { findTeamMember } from '@/lib/services/team';
import { googleReviewUrl } from '@/lib/display';

// The member and the clinic's review links (Settings → Review Links) are read on every request.
export const dynamic = 'force-dynamic';

export const viewport: Viewport = { themeColor: CARD_TEAL };

interface ReviewPageProps {
  params: Promise<{ teamMemberId: string }>;
}

/** One lookup per request, shared by the metadata and the page. */
const loadMember = cache((ref: string) => findTeamMember(ref));

export async function generateMetadata({ params }: ReviewPageProps): Promise<Metadata> {
  const member = await loadMember((await params).teamMemberId);
  return {
    title: { absolute: member ? 'Leave Us a Review' : 'Review Link Not Found' },
    description: 'Tell others about your visit: leave us a review on Google or Trustpilot.',
    // Each link names a team member: keep them out of search engines.
    robots: { index: false, follow: false },
    formatDetection: { telephone: false },
  };
}

/**
 * The public review landing page (spec section 2), the target of each team member's QR code:
 * /review/{the member's TM- code or id}. An unknown member shows 'Review Link Not Found' in place.
 */
export default async function ReviewPage({ params }: ReviewPageProps) {
  const member = await loadMember((await params).teamMemberId);
  if (!member) return <ReviewNotFound />;
  const settings = await getSettings();
  return (
    <ReviewLanding
      memberId={member.id}
      firstName={member.firstName}
      googleUrl={safeReviewUrl(googleReviewUrl(settings.googleReviewLink))}
      trustpilotUrl={safeReviewUrl(settings.trustpilotReviewLink)}
    />
  );
}
