'use client';

import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/client/api';
import { endpointMutation } from '@/lib/contract/client';
import * as practice from '@/lib/contract/practice';
import type { PracticeMatchDto } from '@/lib/dto/practice-matches';
import { invalidateAreas } from '@/lib/query/invalidate';
import { mapPagedItems } from '@/lib/query/paged';
import { matchListKey } from './queries';

type MatchPages = InfiniteData<Page<PracticeMatchDto>>;

/** A decided proposal leaves the To confirm list at once (the contract's `invalidates` then reads it again). */
function useTakeOut() {
  const qc = useQueryClient();
  return (id: string) =>
    qc.setQueryData<MatchPages>(matchListKey('proposed'), (data) => {
      const next = mapPagedItems(data, (items) => items.filter((m) => m.id !== id));
      if (!next) return next;
      return {
        ...next,
        pages: next.pages.map((page, i) =>
          i === 0 ? { ...page, total: Math.max(0, page.total - 1) } : page,
        ),
      };
    });
}

/** A refusal (409: decided elsewhere meanwhile) means the list is stale: it is read again. */
function useRefreshOnError() {
  const qc = useQueryClient();
  return () => void invalidateAreas(qc, ['referrals']);
}

/** POST /api/practice-matches/{id}/confirm: the referral's story starts on the record's day. */
export function useConfirmMatch() {
  const takeOut = useTakeOut();
  const refresh = useRefreshOnError();
  return useMutation({
    ...endpointMutation(practice.confirmMatch),
    onSuccess: (match) => takeOut(match.id),
    onError: refresh,
  });
}

/** POST /api/practice-matches/{id}/reject: "Not this person", never proposed for this referral again. */
export function useRejectMatch() {
  const takeOut = useTakeOut();
  const refresh = useRefreshOnError();
  return useMutation({
    ...endpointMutation(practice.rejectMatch),
    onSuccess: (match) => takeOut(match.id),
    onError: refresh,
  });
}

/** POST /api/practice-matches/confirm-high (full admins): every high-confidence proposal still open. */
export function useConfirmHigh() {
  return useMutation(endpointMutation(practice.confirmHigh));
}
