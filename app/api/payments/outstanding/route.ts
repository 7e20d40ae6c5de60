import { pagedJson, route } from '@/lib/api/route';
import * as payments from '@/lib/contract/payments';
import { listOutstanding } from '@/lib/services/payments';

/**
 * Unpaid Payment Due referrals, oldest conversion first, with days since conversion (full admins); paged like
 * the other lists (limit, cursor; X-Total-Count, X-Next-Cursor), with everything owed in X-Total-Amount (£).
 */
export const GET = route(payments.outstanding, async ({ query }) => {
  const page = await listOutstanding(query);
  const res = pagedJson(page);
  res.headers.set('X-Total-Amount', String(page.totalAmount));
  return res;
});
