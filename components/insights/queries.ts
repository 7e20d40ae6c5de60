import { queryOptions } from '@tanstack/react-query';
import { createLoader, parseAsNumberLiteral } from 'nuqs/server';
import { apiFetch } from '@/lib/client/api';
import { DEFAULT_INSIGHTS_MONTHS, INSIGHTS_PERIODS, type InsightsDto } from '@/lib/dto/insights';
import { insightsKeys } from '@/lib/query/keys';

/** The page's period in its URL (?months=3|6|12|24), read the same way by the server render and the browser. */
export const insightsParsers = {
  months: parseAsNumberLiteral(INSIGHTS_PERIODS).withDefault(DEFAULT_INSIGHTS_MONTHS),
};
export const loadInsightsParams = createLoader(insightsParsers);

/** GET /api/insights?months=… */
export const insightsQuery = (months: number) =>
  queryOptions({
    queryKey: insightsKeys.period(months),
    queryFn: ({ signal }) => apiFetch<InsightsDto>(`/api/insights?months=${months}`, { signal }),
  });
