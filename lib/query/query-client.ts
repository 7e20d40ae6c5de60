import { defaultShouldDehydrateQuery, isServer, MutationCache, QueryClient } from '@tanstack/react-query';
import { noticeSecondFactor } from '@/lib/client/second-factor-events';
import type { Area } from '@/lib/contract/endpoint';

declare module '@tanstack/react-query' {
  interface Register {
    /** A change's endpoint names the areas it makes stale (lib/contract/client.ts, endpointMutation). */
    mutationMeta: { invalidates?: readonly Area[] };
  }
}

/**
 * The staff app's data defaults, in one place (spec section 7): no retries for queries or mutations, data
 * never goes stale by itself, no refetch on window focus and no polling. A screen's data changes when this
 * app changes it (a mutation invalidates or updates its keys) or when the person reloads.
 */
export function makeQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A change that worked makes the areas its endpoint names stale: every query under them (by the key's
    // root) is fetched again if shown, or when next shown.
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        for (const area of mutation.meta?.invalidates ?? [])
          void client.invalidateQueries({ queryKey: [area] });
      },
      // A change refused for want of a second factor (issue 31) opens the prompt that sets one up or confirms
      // it; the screen still shows its own refusal.
      onError: (error) => {
        noticeSecondFactor(error);
      },
    }),
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
  return client;
}

let browserClient: QueryClient | undefined;

/** A new client for each server render; one for the life of the page in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
