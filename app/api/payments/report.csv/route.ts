import { route } from '@/lib/api/route';
import { csvResponse, monthlyReportCsv } from '@/lib/services/payment-exports';
import { reportQuerySchema } from '@/lib/validation/payments';

/** The month's payments as CSV for the bank (full admins). */
export const GET = route({ access: 'admin', query: reportQuerySchema }, async ({ query }) =>
  csvResponse(await monthlyReportCsv(query.year, query.month)),
);
