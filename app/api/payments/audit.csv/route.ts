import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { auditLogCsv, csvResponse } from '@/lib/services/payment-exports';

/** The payment audit log as CSV (full admins). */
export const GET = route(payments.auditCsv, async () => csvResponse(await auditLogCsv()));
