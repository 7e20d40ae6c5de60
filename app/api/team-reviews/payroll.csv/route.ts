import { route } from '@/lib/api/route';
import { csvResponse } from '@/lib/services/payment-exports';
import { payrollCsv } from '@/lib/services/team-payroll';
import { teamMonthQuerySchema } from '@/lib/validation/team';

/** A month's bonus sheet for payroll (full admins): member, reviews, bonus owed, bonus paid. */
export const GET = route({ access: 'admin', query: teamMonthQuerySchema }, async ({ query }) =>
  csvResponse(await payrollCsv(query.year, query.month)),
);
