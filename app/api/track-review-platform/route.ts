import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { limitPublicCall, trackingRateLimitPerHour } from '@/lib/services/public-limits';
import { trackPlatformChoice } from '@/lib/services/team';

/** The platform a reviewer chose on the review page (public; limited per address). */
export const POST = route(team.trackPlatform, async ({ req, body }) => {
  await limitPublicCall('track', req.headers, trackingRateLimitPerHour());
  return trackPlatformChoice(body);
});
