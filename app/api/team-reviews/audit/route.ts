import { route } from '@/lib/api/route';
import { teamAuditPage } from '@/lib/services/team-payroll';
import { teamAuditQuerySchema } from '@/lib/validation/team';

/** Every team bonus paid and undone, newest first, paged with ?cursor= (full admins). */
export const GET = route({ access: 'admin', query: teamAuditQuerySchema }, ({ query }) =>
  teamAuditPage(query.cursor, query.limit),
);
