import { queryOptions } from '@tanstack/react-query';
import { apiFetchPage } from '@/lib/client/api';
import { appUrlKeys, clientKeys } from '@/lib/query/keys';
import type { AppUrlDto } from '@/lib/dto/clients';
import { pagedQueryOptions } from '@/lib/query/paged';
import { fetchAppUrl, fetchClient } from './client-api';
import type { ClientListParams } from './table-params';
import type { ClientDto } from './types';

/** Clients per page of the table. */
export const CLIENT_PAGE_SIZE = 50;

/** One client, as GET /api/admin/clients/{id} has it now (with what is owed to them). */
export function clientQuery(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => fetchClient(id, signal),
  });
}

/** The clients table: GET /api/clients searched, filtered and sorted on the server, a page at a time. */
export function clientListQuery(params: ClientListParams) {
  const { q, sort, dir, owed, bacsMissing, noReferrals, affiliate } = params;
  return pagedQueryOptions<ClientDto>({
    queryKey: clientKeys.list(params),
    path: '/api/clients',
    params: {
      limit: CLIENT_PAGE_SIZE,
      referrals: false,
      q,
      sort: sort === 'created' ? undefined : sort,
      dir,
      // Filters that are off are left out: the API's default.
      owed: owed || undefined,
      bacsMissing: bacsMissing || undefined,
      noReferrals: noReferrals || undefined,
      affiliate: affiliate || undefined,
    },
  });
}

/** The number of all clients (the tab's label): X-Total-Count of the smallest page. */
export function clientCountQuery() {
  return queryOptions({
    queryKey: clientKeys.count(),
    queryFn: async ({ signal }) =>
      (await apiFetchPage<ClientDto>('/api/clients?limit=1&referrals=false', { signal })).total,
  });
}

/**
 * The address card links name and whether patients can open it (issue 29, point 6): asked once per page, as
 * APP_URL changes only with a restart.
 */
export function appUrlQuery() {
  return queryOptions<AppUrlDto>({
    queryKey: appUrlKeys.all,
    queryFn: ({ signal }) => fetchAppUrl(signal),
    staleTime: Infinity,
  });
}
