import { route } from '@/lib/api/route';
import { monthlyReport } from '@/lib/services/payments';
import { reportQuerySchema } from '@/lib/validation/payments';

/**
 * The month's conversions grouped by client, a page of clients at a time (limit, default 50, and cursor: the
 * nextCursor of the page before), with the whole month's totals owed and paid and its counts (full admins).
 */
export const GET = route({ access: 'admin', query: reportQuerySchema }, ({ query }) =>
  monthlyReport(query.year, query.month, { limit: query.limit, cursor: query.cursor }),
);
