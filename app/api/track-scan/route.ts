import { json, route } from '@/lib/api/route';
import { limitPublicCall, trackingRateLimitPerHour } from '@/lib/services/public-limits';
import { trackScan } from '@/lib/services/team';
import { trackScanSchema } from '@/lib/validation/team';

/** A visit to a team member's review page (public; limited per address). */
export const POST = route(
  { access: 'public', body: trackScanSchema, maxBodyBytes: 4 * 1024 },
  async ({ req, body }) => {
    await limitPublicCall('track', req.headers, trackingRateLimitPerHour());
    const result = await trackScan(body);
    return json(result, { status: result.created ? 201 : 200 });
  },
);
