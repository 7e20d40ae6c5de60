import { queryOptions } from '@tanstack/react-query';
import { call, callPage, endpointPages, endpointQuery } from '@/lib/contract/client';
import * as clients from '@/lib/contract/clients';
import * as settings from '@/lib/contract/settings';
import { clientKeys } from '@/lib/query/keys';
import type { ClientListParams } from './table-params';

/** Clients per page of the table. */
export const CLIENT_PAGE_SIZE = 50;

/**
 * One client, as clients.get answers it now (with what is owed to them), without its referrals. Under
 * the area's own key: the page writes clients in place (cache.ts).
 */
export function clientQuery(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => call(clients.get, { params: { id }, query: { referrals: false } }, { signal }),
  });
}

/**
 * The clients table: clients.list searched, filtered and sorted on the server, a page at a time, under the
 * area's key (the dashboard prefetches it, and changes are written into its pages).
 */
export function clientListQuery(params: ClientListParams) {
  const { q, sort, dir, owed, bacsMissing, noReferrals, affiliate } = params;
  return endpointPages(
    clients.list,
    {
      query: {
        limit: CLIENT_PAGE_SIZE,
        referrals: false,
        q: q || undefined,
        sort: sort === 'created' ? undefined : sort,
        dir,
        // Filters that are off are left out: the API's default.
        owed: owed || undefined,
        bacsMissing: bacsMissing || undefined,
        noReferrals: noReferrals || undefined,
        affiliate: affiliate || undefined,
      },
    },
    { queryKey: clientKeys.list(params) },
  );
}

/** The number of all clients (the tab's label): X-Total-Count of the smallest page. */
export function clientCountQuery() {
  return queryOptions({
    queryKey: clientKeys.count(),
    queryFn: async ({ signal }) =>
      (await callPage(clients.list, { query: { limit: 1, referrals: false } }, { signal })).total,
  });
}

/**
 * The held change of a client's bank details as the server shows it for approval (issue 29, point 8): masked
 * except the last four digits; the full numbers never reach this page for it. The key carries when the details
 * were held, so a newer change is asked for afresh.
 */
export function pendingBankChangeQuery(clientId: string, heldAt: string) {
  return queryOptions({
    queryKey: clientKeys.bankChange(clientId, heldAt),
    queryFn: ({ signal }) => call(clients.pendingBankChange, { params: { id: clientId } }, { signal }),
    // A newer hold keeps the older details on screen until its own arrive (no flash of 'Loading').
    placeholderData: (previous) => previous,
  });
}

/**
 * The address card links name and whether patients can open it (issue 29, point 6): asked once per page, as
 * APP_URL changes only with a restart.
 */
export function appUrlQuery() {
  return { ...endpointQuery(settings.appUrl), staleTime: Infinity };
}
