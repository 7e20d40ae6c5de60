import { queryOptions } from '@tanstack/react-query';
import { apiFetchPage } from '@/lib/client/api';
import type { InboxItemDto } from '@/lib/dto/referrals';
import { inboxKeys } from '@/lib/query/keys';
import { pagedQueryOptions } from '@/lib/query/paged';

/** How often the inbox and its badge look for new leads, with no reload (TanStack Query's polling). */
export const INBOX_POLL_MS = 10_000;
/** The dashboard shows the newest few; staff load more as they work through them. */
export const INBOX_PAGE_SIZE = 5;

export function inboxQuery() {
  return {
    ...pagedQueryOptions<InboxItemDto>({
      queryKey: inboxKeys.list(),
      path: '/api/referrals/inbox',
      params: { limit: INBOX_PAGE_SIZE },
    }),
    refetchInterval: INBOX_POLL_MS,
  };
}

/** The number of leads waiting, for the navigation's badge and the page title. */
export function inboxCountQuery() {
  return queryOptions({
    queryKey: inboxKeys.count(),
    queryFn: async ({ signal }) => (await apiFetchPage('/api/referrals/inbox?limit=1', { signal })).total,
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** The friends reached in the last day (GET /api/referrals/inbox?reached=recent), opened on request. */
export function reachedQuery() {
  return pagedQueryOptions<InboxItemDto>({
    queryKey: inboxKeys.reached(),
    path: '/api/referrals/inbox',
    params: { reached: 'recent', limit: 20 },
  });
}
