import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { csvResponse } from '@/lib/services/payment-exports';
import { payrollCsv } from '@/lib/services/team-payroll';

/** A month's bonus sheet for payroll (full admins): member, reviews, bonus owed, bonus paid. */
export const GET = route(team.payrollCsv, async ({ query }) =>
  csvResponse(await payrollCsv(query.year, query.month)),
);
