'use client';

import { useCallback, useRef, useState } from 'react';
import { fetchReferralPage } from '@/components/referrals/referral-api';
import {
  appendReferralPage,
  withReferralChange,
  type ReferralChange,
} from '@/components/referrals/referral-helpers';
import { errorMessage } from '@/lib/client/api';
import type { ReferralDto } from '@/lib/dto/referrals';

/** Referrals per request: a client rarely has more, and the rest come with 'Load more referrals'. */
export const REFERRAL_PAGE_SIZE = 100;

/** The referrals of one client that the page has loaded (kept when the row closes). */
export interface ClientReferrals {
  /** 'loading' with items: reloading in the background, the items stay on screen. */
  status: 'loading' | 'error' | 'ready';
  /** Newest first. */
  items: readonly ReferralDto[];
  /** Null once every referral is loaded. */
  nextCursor: string | null;
  /** Why the first page failed. */
  error: string | null;
  loadingMore: boolean;
  /** Why 'Load more referrals' failed. */
  moreError: string | null;
}

const loading = (items: readonly ReferralDto[] = []): ClientReferrals => ({
  status: 'loading',
  items,
  nextCursor: null,
  error: null,
  loadingMore: false,
  moreError: null,
});

/**
 * Each client's referrals, loaded from GET /api/referrals?clientId= when its row first opens rather than
 * with the list: a clinic group's half a million referrals never all come to the browser.
 */
export function useClientReferrals() {
  const [byClient, setByClient] = useState<Readonly<Record<string, ClientReferrals>>>({});
  /** Clients whose first page is loading or loaded: opening a row again asks nothing. */
  const startedRef = useRef(new Set<string>());
  /** Clients whose first page has arrived. */
  const loadedRef = useRef(new Set<string>());
  /** A referral a search asked to show, put in its client's list when the first page arrives. */
  const toShowRef = useRef(new Map<string, ReferralDto>());
  const moreRef = useRef(new Set<string>());

  const update = useCallback((clientId: string, change: (current: ClientReferrals) => ClientReferrals) => {
    setByClient((s) => {
      const current = s[clientId];
      return current ? { ...s, [clientId]: change(current) } : s;
    });
  }, []);

  /** (Re)loads the first page; what is loaded stays on screen meanwhile. */
  const reload = useCallback(
    async (clientId: string) => {
      startedRef.current.add(clientId);
      setByClient((s) => ({ ...s, [clientId]: loading(s[clientId]?.items) }));
      try {
        const page = await fetchReferralPage({ clientId, limit: REFERRAL_PAGE_SIZE });
        loadedRef.current.add(clientId);
        const shown = toShowRef.current.get(clientId);
        toShowRef.current.delete(clientId);
        const items = shown ? withReferralChange(page.items, { kind: 'shown', referral: shown }) : page.items;
        update(clientId, () => ({ ...loading(items), status: 'ready', nextCursor: page.nextCursor }));
      } catch (e) {
        // Opening the row again tries again.
        if (!loadedRef.current.has(clientId)) startedRef.current.delete(clientId);
        update(clientId, (current) => ({ ...current, status: 'error', error: errorMessage(e) }));
      }
    },
    [update],
  );

  /** Loads a client's referrals unless they are loaded or loading. */
  const ensure = useCallback(
    (clientId: string) => {
      if (!startedRef.current.has(clientId)) void reload(clientId);
    },
    [reload],
  );

  const loadMore = useCallback(
    async (clientId: string, cursor: string) => {
      if (moreRef.current.has(clientId)) return;
      moreRef.current.add(clientId);
      update(clientId, (current) => ({ ...current, loadingMore: true, moreError: null }));
      try {
        const page = await fetchReferralPage({ clientId, cursor, limit: REFERRAL_PAGE_SIZE });
        update(clientId, (current) => ({
          ...current,
          items: appendReferralPage(current.items, page.items),
          nextCursor: page.nextCursor,
          loadingMore: false,
        }));
      } catch (e) {
        update(clientId, (current) => ({ ...current, loadingMore: false, moreError: errorMessage(e) }));
      } finally {
        moreRef.current.delete(clientId);
      }
    },
    [update],
  );

  /** Shows a referral a search found: loads its client's referrals first, when they are not loaded. */
  const show = useCallback(
    (clientId: string, referral: ReferralDto) => {
      if (loadedRef.current.has(clientId)) {
        update(clientId, (current) => ({
          ...current,
          items: withReferralChange(current.items, { kind: 'shown', referral }),
        }));
        return;
      }
      toShowRef.current.set(clientId, referral);
      ensure(clientId);
    },
    [ensure, update],
  );

  /** A referral created, changed or deleted on this page; nothing to do for referrals not loaded yet. */
  const apply = useCallback(
    (clientId: string, change: ReferralChange) => {
      if (change.kind === 'removed' && toShowRef.current.get(clientId)?.id === change.referralId) {
        toShowRef.current.delete(clientId);
      }
      update(clientId, (current) => ({ ...current, items: withReferralChange(current.items, change) }));
    },
    [update],
  );

  /** A deleted client's referrals are forgotten. */
  const forget = useCallback((clientId: string) => {
    startedRef.current.delete(clientId);
    loadedRef.current.delete(clientId);
    toShowRef.current.delete(clientId);
    setByClient((s) => {
      if (!(clientId in s)) return s;
      const next = { ...s };
      delete next[clientId];
      return next;
    });
  }, []);

  return { byClient, ensure, reload, loadMore, show, apply, forget };
}

export type ClientReferralsApi = ReturnType<typeof useClientReferrals>;
