import { json, route } from '@/lib/api/route';
import { limitPublicCall, trackingRateLimitPerHour } from '@/lib/services/public-limits';
import { trackPlatformChoice } from '@/lib/services/team';
import { trackPlatformSchema } from '@/lib/validation/team';

/** The platform a reviewer chose on the review page (public; limited per address). */
export const POST = route(
  { access: 'public', body: trackPlatformSchema, maxBodyBytes: 4 * 1024 },
  async ({ req, body }) => {
    await limitPublicCall('track', req.headers, trackingRateLimitPerHour());
    return json(await trackPlatformChoice(body), { status: 201 });
  },
);
