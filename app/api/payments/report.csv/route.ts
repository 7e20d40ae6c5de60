import { route } from '@/lib/api/route';
import { csvResponse, monthlyReportCsv } from '@/lib/services/payment-exports';
import { reportMonthSchema } from '@/lib/validation/payments';

/** The month's payments as a CSV report for the clinic (full admins); the bank's file is bank-file.csv. */
export const GET = route({ access: 'admin', query: reportMonthSchema }, async ({ query }) =>
  csvResponse(await monthlyReportCsv(query.year, query.month)),
);
