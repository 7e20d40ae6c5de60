import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { csvResponse, monthlyReportCsv } from '@/lib/services/payment-exports';
import { requireSecondFactor } from '@/lib/auth/money-guard';

/** The month's payments as a CSV report for the clinic (full admins); the bank's file is bank-file.csv. */
export const GET = route(payments.reportCsv, async ({ query, user }) => {
  requireSecondFactor(user);
  return csvResponse(await monthlyReportCsv(query.year, query.month));
});
