import { defaultShouldDehydrateQuery, isServer, QueryClient } from '@tanstack/react-query';

/**
 * The staff app's data defaults, in one place (spec section 7): no retries for queries or mutations, data
 * never goes stale by itself, no refetch on window focus and no polling. A screen's data changes when this
 * app changes it (a mutation invalidates or updates its keys) or when the person reloads.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
      dehydrate: {
        // Server components hand over what they prefetched, pending queries included (streamed in).
        shouldDehydrateQuery: (query) =>
          defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** A new client for each server render; one for the life of the page in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
