import { route } from '@/lib/api/route';
import * as referrals from '@/lib/contract/referrals';
import { getInsights } from '@/lib/services/insights';

/**
 * The owner's Insights (full admins): the last `months` UK months (1 to 36, default 12) of leads, Story
 * Started and rewards, the funnel, cost per new patient, how long leads wait, the top referrers and Team
 * Reviews. Amounts in pounds.
 */
export const GET = route(referrals.insights, ({ query }) => getInsights(query.months));
