import { createLoader, parseAsNumberLiteral } from 'nuqs/server';
import { endpointKey, endpointQuery } from '@/lib/contract/client';
import * as referrals from '@/lib/contract/referrals';
import { DEFAULT_INSIGHTS_MONTHS, INSIGHTS_PERIODS } from '@/lib/dto/insights';

/** The page's period in its URL (?months=3|6|12|24), read the same way by the server render and the browser. */
export const insightsParsers = {
  months: parseAsNumberLiteral(INSIGHTS_PERIODS).withDefault(DEFAULT_INSIGHTS_MONTHS),
};
export const loadInsightsParams = createLoader(insightsParsers);

/** GET /api/insights?months=…, the owner's figures for that period. */
export const insightsQuery = (months: number) => endpointQuery(referrals.insights, { query: { months } });

/** The same query's key, for the server render that fetches it first (app/(staff)/insights/page.tsx). */
export const insightsKey = (months: number) => endpointKey(referrals.insights, { query: { months } });
