import { route } from '@/lib/api/route';
import * as team from '@/lib/contract/team';
import { teamAuditPage } from '@/lib/services/team-payroll';

/** Every team bonus paid and undone, newest first, paged with ?cursor= (full admins). */
export const GET = route(team.audit, ({ query }) => teamAuditPage(query.cursor, query.limit));
