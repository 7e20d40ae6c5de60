import { route } from '@/lib/api/route';
import { auditLogCsv, csvResponse } from '@/lib/services/payment-exports';

/** The payment audit log as CSV (full admins). */
export const GET = route({ access: 'admin' }, async () => csvResponse(await auditLogCsv()));
