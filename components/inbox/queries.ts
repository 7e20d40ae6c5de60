import { queryOptions } from '@tanstack/react-query';
import { callPage, endpointPages } from '@/lib/contract/client';
import * as referrals from '@/lib/contract/referrals';
import { inboxKeys } from '@/lib/query/keys';

/** How often the inbox and its badge look for new leads, with no reload (TanStack Query's polling). */
export const INBOX_POLL_MS = 10_000;
/** The dashboard shows the newest few; staff load more as they work through them. */
export const INBOX_PAGE_SIZE = 5;

/**
 * GET /api/referrals/inbox, a few at a time. Under the area's own key: the dashboard's server render fills it,
 * and an outcome takes a lead out of its pages at once (mutations.ts).
 */
export function inboxQuery() {
  return {
    ...endpointPages(referrals.inbox, { query: { limit: INBOX_PAGE_SIZE } }, { queryKey: inboxKeys.list() }),
    refetchInterval: INBOX_POLL_MS,
  };
}

/** The number of leads waiting (X-Total-Count of the smallest page), for the navigation's badge and the title. */
export function inboxCountQuery() {
  return queryOptions({
    queryKey: inboxKeys.count(),
    queryFn: async ({ signal }) =>
      (await callPage(referrals.inbox, { query: { limit: 1 } }, { signal })).total,
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** The friends reached in the last day (GET /api/referrals/inbox?reached=recent), opened on request. */
export const reachedQuery = () => endpointPages(referrals.inbox, { query: { reached: 'recent', limit: 20 } });
