import { json, route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { limitPublicCall, trackingRateLimitPerHour } from '@/lib/services/public-limits';
import { reviewLinksSet } from '@/lib/services/settings';
import { trackScan } from '@/lib/services/team';

/**
 * A visit to a team member's review page (public; limited per address). Until the clinic sets a review link
 * the page can do nothing useful, so a visit counts nothing: 200 with `counted: false` (issue 16).
 */
export const POST = route(team.trackScan, async ({ req, body }) => {
  await limitPublicCall('track', req.headers, trackingRateLimitPerHour());
  if (!(await reviewLinksSet())) return json({ scanId: null, created: false, counted: false });
  const result = await trackScan(body);
  return json({ ...result, counted: true }, { status: result.created ? 201 : 200 });
});
