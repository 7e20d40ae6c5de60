import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@/lib/client/api';
import { callPage, endpointPages, endpointQuery } from '@/lib/contract/client';
import * as clients from '@/lib/contract/clients';
import * as leads from '@/lib/contract/leads';
import * as referrals from '@/lib/contract/referrals';
import type { ClientDto } from '@/lib/dto/clients';
import type { ReferralDto } from '@/lib/dto/referrals';
import { referralKeys } from '@/lib/query/keys';
import { mapPagedItems } from '@/lib/query/paged';

/** Referrals per request: a client rarely has more, and the rest come with 'Load more referrals'. */
export const REFERRAL_PAGE_SIZE = 100;

/**
 * One client's referrals, newest first, loaded when the client's row opens rather than with the table: a
 * clinic group's half a million referrals never all come to the browser. Under the area's own key: changes
 * are written into its pages (putReferral, dropReferral).
 */
export function clientReferralsQuery(clientId: string) {
  return endpointPages(
    referrals.list,
    { query: { clientId, limit: REFERRAL_PAGE_SIZE } },
    { queryKey: referralKeys.byClient(clientId) },
  );
}

/** GET /api/clients/leaderboard: up to ten clients with referrals, ranked by the server. */
export const leaderboardQuery = () => endpointQuery(clients.leaderboard);

/** Leads per page of 'Referrers to match'. */
export const UNMATCHED_PAGE_SIZE = 20;

/** GET /api/leads?unmatched=true: the leads whose named referrer matched no client, to attach. */
export const unmatchedLeadsQuery = () =>
  endpointPages(leads.list, { query: { unmatched: 'true', limit: UNMATCHED_PAGE_SIZE } });

/** A search of GET /api/referrals (the friend's name, email or phone): one page of `limit`. */
export function searchReferrals(q: string, limit: number, signal?: AbortSignal): Promise<Page<ReferralDto>> {
  return callPage(referrals.list, { query: { limit, q } }, { signal });
}

/** A search of GET /api/clients (name, email, card number or company), without their referrals. */
export function searchClients(q: string, limit: number, signal?: AbortSignal): Promise<Page<ClientDto>> {
  return callPage(clients.list, { query: { limit, referrals: 'false', q } }, { signal });
}

/**
 * The clients whose name is like the one a friend typed in 'Who recommended you?', to attach one. Under the
 * area's searches (referralKeys.search): a change of a client or a referral asks again.
 */
export function referrerSuggestionsQuery(typedName: string | null, limit: number) {
  return queryOptions({
    queryKey: referralKeys.search('referrer-suggestions', typedName ?? ''),
    queryFn: ({ signal }) => searchClients(typedName ?? '', limit, signal),
    enabled: Boolean(typedName),
    staleTime: 60_000,
  });
}

type Cached = InfiniteData<Page<ReferralDto>>;

/** Changes a client's cached referrals (when loaded); `update` gets the first page's items. */
export function updateClientReferrals(
  qc: QueryClient,
  clientId: string,
  update: (items: ReferralDto[], pageIndex: number) => ReferralDto[],
) {
  qc.setQueryData<Cached>(referralKeys.byClient(clientId), (data) => {
    let index = 0;
    return mapPagedItems(data, (items) => update(items, index++));
  });
}

/** A referral as the server now has it, in its client's list (a new one goes first). */
export function putReferral(qc: QueryClient, referral: ReferralDto) {
  const known = qc
    .getQueryData<Cached>(referralKeys.byClient(referral.referrerId))
    ?.pages.some((p) => p.items.some((r) => r.id === referral.id));
  updateClientReferrals(qc, referral.referrerId, (items, page) =>
    known
      ? items.map((r) => (r.id === referral.id ? referral : r))
      : page === 0
        ? [referral, ...items]
        : items,
  );
}

/** A search result asked to be shown: its client's loaded list gets it even when it is beyond the first page. */
export const showReferralInCache = putReferral;

export function dropReferral(qc: QueryClient, clientId: string, referralId: string) {
  updateClientReferrals(qc, clientId, (items) => items.filter((r) => r.id !== referralId));
}
