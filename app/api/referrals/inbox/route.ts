import { pagedJson, route } from '@/lib/api/route';
import { listInbox } from '@/lib/services/inbox';
import { pageQuerySchema } from '@/lib/validation/paging';

/**
 * The new-referrals inbox (issue 17): leads nobody has contacted yet, newest first, paged (limit, cursor), with
 * the total in X-Total-Count (the navigation's badge).
 */
export const GET = route({ access: 'staff', query: pageQuerySchema.omit({ q: true }) }, async ({ query }) =>
  pagedJson(await listInbox(query)),
);
