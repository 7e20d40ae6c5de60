import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@/lib/client/api';
import { clientKeys } from '@/lib/query/keys';
import { mapPagedItems } from '@/lib/query/paged';
import type { ClientDto } from './types';

/**
 * Changes one client wherever the query cache holds it (every loaded page of every table view, and its own
 * entry), so a change shows at once in whichever view is on screen; an invalidation then asks the server.
 */
export function updateClientInCache(qc: QueryClient, id: string, update: (client: ClientDto) => ClientDto) {
  qc.setQueriesData<InfiniteData<Page<ClientDto>>>({ queryKey: clientKeys.lists() }, (data) =>
    mapPagedItems(data, (items) => items.map((c) => (c.id === id ? update(c) : c))),
  );
  qc.setQueryData<ClientDto>(clientKeys.detail(id), (c) => (c ? update(c) : c));
}

/** Takes a deleted client out of every cached view. */
export function removeClientFromCache(qc: QueryClient, id: string) {
  qc.setQueriesData<InfiniteData<Page<ClientDto>>>({ queryKey: clientKeys.lists() }, (data) =>
    mapPagedItems(data, (items) => items.filter((c) => c.id !== id)),
  );
  qc.removeQueries({ queryKey: clientKeys.detail(id) });
}

/** Every query of the cache that holds clients, for rolling an optimistic change back. */
export function snapshotClients(qc: QueryClient) {
  return qc.getQueriesData<unknown>({ queryKey: clientKeys.all });
}

export function restore(qc: QueryClient, snapshot: ReturnType<QueryClient['getQueriesData']>) {
  for (const [key, data] of snapshot) qc.setQueryData(key, data);
}
