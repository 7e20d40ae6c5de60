'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { withReferralCount, type ReferralChange } from '@/components/referrals/referral-helpers';
import { errorMessage } from '@/lib/client/api';
import { fetchClient, fetchClientPage } from './client-api';
import { withClient, withFirstPage, withNextPage } from './client-list-helpers';
import type { ClientDto } from './types';
import { useClientReferrals } from './use-client-referrals';

/** Clients per page of the list. */
export const CLIENT_PAGE_SIZE = 50;

export type ClientsLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

interface ClientsState {
  load: ClientsLoad;
  /**
   * Newest first: the pages loaded so far, after the clients this page put in front of them (added here, or
   * shown from a search or the leaderboard). Before the first page, only the clients added here.
   */
  clients: ClientDto[];
  /** Every client: the server's count when the first page came, then +1 and -1 for what this page did. */
  total: number;
  /** Null on the last page. */
  nextCursor: string | null;
  more: { loading: boolean; error: string | null };
  /** Clients created on this page: those the first page does not hold were not in its count. */
  created: string[];
  /** Goes up with each change made on this page: searches and the leaderboard ask the server again. */
  revision: number;
}

/**
 * The dashboard's clients: the first page of GET /api/clients on mount, further pages on request, and each
 * client's referrals when its row opens. `count` is the number of all clients (the tab label).
 */
export function useClients(initialCount: number) {
  const [state, setState] = useState<ClientsState>({
    load: { status: 'loading' },
    clients: [],
    total: initialCount,
    nextCursor: null,
    more: { loading: false, error: null },
    created: [],
    revision: 0,
  });
  const referrals = useClientReferrals();
  const loadingMoreRef = useRef(false);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const page = await fetchClientPage({ limit: CLIENT_PAGE_SIZE }, signal);
      if (signal?.aborted) return;
      setState((s) => {
        const ids = new Set(page.items.map((c) => c.id));
        // Added here after the server counted: not in its first page, so not in its count either.
        const uncounted = s.created.filter((id) => !ids.has(id)).length;
        return {
          ...s,
          load: { status: 'ready' },
          clients: withFirstPage(page.items, s.clients),
          total: page.total + uncounted,
          nextCursor: page.nextCursor,
          more: { loading: false, error: null },
        };
      });
    } catch (e) {
      if (signal?.aborted) return;
      setState((s) => ({ ...s, load: { status: 'error', message: errorMessage(e) } }));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, load: { status: 'loading' } }));
    void load();
  }, [load]);

  /** Fetches the page after `cursor`; answers its clients (none when it failed or one was loading). */
  const loadMore = useCallback(async (cursor: string): Promise<ClientDto[]> => {
    if (loadingMoreRef.current) return [];
    loadingMoreRef.current = true;
    setState((s) => ({ ...s, more: { loading: true, error: null } }));
    try {
      const page = await fetchClientPage({ limit: CLIENT_PAGE_SIZE, cursor });
      setState((s) => ({
        ...s,
        clients: withNextPage(s.clients, page.items),
        nextCursor: page.nextCursor,
        more: { loading: false, error: null },
      }));
      return page.items;
    } catch (e) {
      setState((s) => ({ ...s, more: { loading: false, error: errorMessage(e) } }));
      return [];
    } finally {
      loadingMoreRef.current = false;
    }
  }, []);

  /** A client saved here: a new or unknown one goes to the top, a known one is replaced where it is. */
  const upsert = useCallback((client: ClientDto, { created = false } = {}) => {
    setState((s) => {
      const isNew = created && !s.created.includes(client.id);
      return {
        ...s,
        clients: withClient(s.clients, client),
        total: s.total + (isNew ? 1 : 0),
        created: isNew ? [...s.created, client.id] : s.created,
        revision: s.revision + 1,
      };
    });
  }, []);

  /** Puts a client a search or the leaderboard found at the top of the list, unless it is there already. */
  const pin = useCallback((client: ClientDto) => {
    setState((s) =>
      s.clients.some((c) => c.id === client.id) ? s : { ...s, clients: [client, ...s.clients] },
    );
  }, []);

  const { forget, apply, reload } = referrals;
  const remove = useCallback(
    (id: string) => {
      setState((s) => ({
        ...s,
        clients: s.clients.filter((c) => c.id !== id),
        total: Math.max(0, s.total - 1),
        revision: s.revision + 1,
      }));
      forget(id);
    },
    [forget],
  );

  /** A referral of that client created, changed or deleted here: its row, its count and the searches follow. */
  const changeReferral = useCallback(
    (clientId: string, change: ReferralChange) => {
      setState((s) => ({
        ...s,
        clients: s.clients.map((c) => (c.id === clientId ? withReferralCount(c, change) : c)),
        revision: s.revision + 1,
      }));
      apply(clientId, change);
    },
    [apply],
  );

  /**
   * Asks the server for a client and its referrals again (an answer left the page unsure of them). On a
   * failure what is shown stays.
   */
  const refreshClient = useCallback(
    async (clientId: string) => {
      void reload(clientId);
      try {
        const client = await fetchClient(clientId);
        setState((s) => ({
          ...s,
          clients: s.clients.map((c) => (c.id === client.id ? client : c)),
          revision: s.revision + 1,
        }));
      } catch (e) {
        console.error('Reloading the client failed', e);
      }
    },
    [reload],
  );

  return {
    load: state.load,
    clients: state.clients,
    count: state.total,
    nextCursor: state.nextCursor,
    more: state.more,
    revision: state.revision,
    referrals,
    retry,
    loadMore,
    upsert,
    pin,
    remove,
    changeReferral,
    refreshClient,
  };
}

export type ClientsApi = ReturnType<typeof useClients>;
