import { z } from '@/lib/validation/zod';
import { pagedJson, route } from '@/lib/api/route';
import { listInbox, listRecentlyReached } from '@/lib/services/inbox';
import { pageQuerySchema } from '@/lib/validation/paging';

/** `reached=recent`: the friends reached in the last day instead, to change or clear a mistaken outcome. */
const inboxQuerySchema = pageQuerySchema.omit({ q: true }).extend({
  reached: z.enum(['recent'], { error: "reached must be 'recent'" }).optional(),
});

/**
 * The new-referrals inbox (issue 17): leads still waiting for a call (lib/services/inbox.ts, waitingLeadSql),
 * newest first, paged (limit, cursor), with the total in X-Total-Count (the navigation's badge). With
 * `reached=recent` (issue 29): the leads reached in the last 24 hours, most recently reached first.
 */
export const GET = route({ access: 'staff', query: inboxQuerySchema }, async ({ query }) => {
  const { reached, ...page } = query;
  return pagedJson(await (reached ? listRecentlyReached(page) : listInbox(page)));
});
