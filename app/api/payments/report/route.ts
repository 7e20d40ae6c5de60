import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { monthlyReport } from '@/lib/services/payments';
import { requireSecondFactor } from '@/lib/auth/money-guard';

/**
 * The month's conversions grouped by client, a page of clients at a time (limit, default 50, and cursor: the
 * nextCursor of the page before), with the whole month's totals owed and paid and its counts (full admins).
 */
export const GET = route(payments.report, ({ query, user }) => {
  // The report holds each client's bank details (issue 31).
  requireSecondFactor(user);
  return monthlyReport(query.year, query.month, { limit: query.limit, cursor: query.cursor });
});
