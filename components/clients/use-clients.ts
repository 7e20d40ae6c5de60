'use client';

import { useCallback, useEffect, useState } from 'react';
import { withoutReferral, withReferral } from '@/components/referrals/referral-helpers';
import { errorMessage } from '@/lib/client/api';
import type { ReferralDto } from '@/lib/dto/referrals';
import { fetchClients } from './client-api';
import type { ClientDto } from './types';

export type ClientsLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

interface ClientsState {
  load: ClientsLoad;
  /** Newest first. Before the first load, only the clients met on this page (added or already there). */
  clients: ClientDto[];
  /** Clients created on this page, for the count shown before the list has loaded. */
  created: number;
}

/** Server list first; clients added here while it loaded are kept in front (newest first). */
function merge(server: ClientDto[], local: ClientDto[]): ClientDto[] {
  const ids = new Set(server.map((c) => c.id));
  return [...local.filter((c) => !ids.has(c.id)), ...server];
}

/**
 * The dashboard's clients, loaded from GET /api/clients on mount. `count` is the server-rendered count until
 * the list has loaded, so the tab label is right at once.
 */
export function useClients(initialCount: number) {
  const [state, setState] = useState<ClientsState>({
    load: { status: 'loading' },
    clients: [],
    created: 0,
  });

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const server = await fetchClients(signal);
      if (signal?.aborted) return;
      setState((s) => ({ ...s, load: { status: 'ready' }, clients: merge(server, s.clients) }));
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

  /** A client not in the list goes to the top; a known one is replaced where it is. */
  const upsert = useCallback((client: ClientDto, { created = false } = {}) => {
    setState((s) => {
      const known = s.clients.some((c) => c.id === client.id);
      return {
        ...s,
        clients: known ? s.clients.map((c) => (c.id === client.id ? client : c)) : [client, ...s.clients],
        created: s.created + (created && !known ? 1 : 0),
      };
    });
  }, []);

  const remove = useCallback((id: string) => {
    setState((s) => ({ ...s, clients: s.clients.filter((c) => c.id !== id) }));
  }, []);

  /** A referral of that client, new (at the top of its list) or changed; referralCount follows. */
  const upsertReferral = useCallback((clientId: string, referral: ReferralDto) => {
    setState((s) => ({
      ...s,
      clients: s.clients.map((c) => (c.id === clientId ? withReferral(c, referral) : c)),
    }));
  }, []);

  const removeReferral = useCallback((clientId: string, referralId: string) => {
    setState((s) => ({
      ...s,
      clients: s.clients.map((c) => (c.id === clientId ? withoutReferral(c, referralId) : c)),
    }));
  }, []);

  /** Reloads the list in the background (the current one stays on screen; a failure keeps it). */
  const refresh = useCallback(async () => {
    try {
      const server = await fetchClients();
      setState((s) => ({ ...s, load: { status: 'ready' }, clients: server }));
    } catch (e) {
      console.error('Reloading the clients failed', e);
    }
  }, []);

  const count = state.load.status === 'ready' ? state.clients.length : initialCount + state.created;

  return {
    load: state.load,
    clients: state.clients,
    count,
    retry,
    upsert,
    remove,
    upsertReferral,
    removeReferral,
    refresh,
  };
}
