import { route } from '@/lib/api/route';
import { monthlyReport } from '@/lib/services/payments';
import { reportQuerySchema } from '@/lib/validation/payments';

/** The month's conversions grouped by client, with totals owed and paid (full admins). */
export const GET = route({ access: 'admin', query: reportQuerySchema }, ({ query }) =>
  monthlyReport(query.year, query.month),
);
