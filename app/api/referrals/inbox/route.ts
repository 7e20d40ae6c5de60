import { pagedJson, route } from '@/lib/api/route';
import * as referrals from '@/lib/contract/referrals';
import { listInbox, listRecentlyReached } from '@/lib/services/inbox';

/**
 * The new-referrals inbox (issue 17): leads still waiting for a call (lib/services/inbox.ts, waitingLeadSql),
 * newest first, paged (limit, cursor), with the total in X-Total-Count (the navigation's badge). With
 * `reached=recent` (issue 29): the leads reached in the last 24 hours, most recently reached first.
 */
export const GET = route(referrals.inbox, async ({ query }) => {
  const { reached, ...page } = query;
  return pagedJson(await (reached ? listRecentlyReached(page) : listInbox(page)));
});
