import { route } from '@/lib/api/route';
import { auditPage } from '@/lib/services/payments';
import { auditQuerySchema } from '@/lib/validation/payments';

/** The payment audit log, newest first, paged with ?cursor= (full admins). */
export const GET = route({ access: 'admin', query: auditQuerySchema }, ({ query }) =>
  auditPage(query.cursor, query.limit),
);
