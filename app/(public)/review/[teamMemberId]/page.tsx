import { cache } from 'react';
import type { Metadata, Viewport } from 'next';
import { safeReviewUrl } from '@/components/review/choice';
import { ReviewLanding } from '@/components/review/review-landing';
import { ReviewNotFound } from '@/components/review/review-not-found';
import { getSettings } from '@/lib/services/settings';
import { getClinic } from '@/lib/services/clinic';
import { publicPageMetadata } from '@/components/public/metadata';
import { findTeamMember } from '@/lib/services/team';
import { googleReviewUrl } from '@/lib/format';

// The member and the clinic's review links (Settings → Review Links) are read on every request.
export const dynamic = 'force-dynamic';

export async function generateViewport(): Promise<Viewport> {
  return { themeColor: (await getClinic()).colour };
}

interface ReviewPageProps {
  params: Promise<{ teamMemberId: string }>;
}

/** One lookup per request, shared by the metadata and the page. */
const loadMember = cache((ref: string) => findTeamMember(ref));

export async function generateMetadata({ params }: ReviewPageProps): Promise<Metadata> {
  const [member, clinic] = await Promise.all([loadMember((await params).teamMemberId), getClinic()]);
  return {
    ...(await publicPageMetadata({
      clinic,
      title: member ? `Leave Us a Review · ${clinic.displayName}` : 'Review Link Not Found',
      description: `How was your visit to ${clinic.displayName}? Leave a review on Google or Trustpilot.`,
      image: 'review',
    })),
    // Each link names a team member: keep them out of search engines.
    robots: { index: false, follow: false },
  };
}

/**
 * The public review landing page (spec section 2), the target of each team member's QR code:
 * /review/{the member's TM- code or id}. An unknown member shows 'Review Link Not Found' in place.
 */
export default async function ReviewPage({ params }: ReviewPageProps) {
  const member = await loadMember((await params).teamMemberId);
  const clinic = await getClinic();
  if (!member) return <ReviewNotFound clinic={clinic} />;
  const settings = await getSettings();
  return (
    <ReviewLanding
      memberId={member.id}
      firstName={member.firstName}
      googleUrl={safeReviewUrl(googleReviewUrl(settings.googleReviewLink))}
      trustpilotUrl={safeReviewUrl(settings.trustpilotReviewLink)}
      clinic={clinic}
    />
  );
}
