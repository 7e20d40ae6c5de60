import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@/lib/client/api';
import type { ReferralDto } from '@/lib/dto/referrals';
import { referralKeys } from '@/lib/query/keys';
import { mapPagedItems, pagedQueryOptions } from '@/lib/query/paged';

/** Referrals per request: a client rarely has more, and the rest come with 'Load more referrals'. */
export const REFERRAL_PAGE_SIZE = 100;

/**
 * One client's referrals, newest first, loaded when the client's row opens rather than with the table: a
 * clinic group's half a million referrals never all come to the browser.
 */
export function clientReferralsQuery(clientId: string) {
  return pagedQueryOptions<ReferralDto>({
    queryKey: referralKeys.byClient(clientId),
    path: '/api/referrals',
    params: { clientId, limit: REFERRAL_PAGE_SIZE },
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
