import { route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { auditPage } from '@/lib/services/payments';

/** The payment audit log, newest first, paged with ?cursor= (full admins). */
export const GET = route(payments.audit, ({ query }) => auditPage(query.cursor, query.limit));
