import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { csvResponse } from '@/lib/services/payment-exports';
import { teamAuditCsv } from '@/lib/services/team-payroll';

/** The whole team bonus audit log as CSV, newest first (full admins). */
export const GET = route(team.auditCsv, async () => csvResponse(await teamAuditCsv()));
