import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Area } from '@/lib/contract/endpoint';
import { clientKeys } from './keys';

/**
 * What of an area is asked for again after a refusal: all of it, but for the clients' tab count (the page keeps
 * it, one more or one fewer, rather than asking) and a client's held bank change (its dialog asks for it).
 */
const REFRESHED: Partial<Record<Area, readonly QueryKey[]>> = {
  clients: [clientKeys.lists(), clientKeys.details()],
};

/**
 * A refused change (409, 404) means the data on screen is stale: every query of these areas (by the roots of
 * their keys, lib/query/keys.ts) is asked for again if shown, or when next shown. A change that works has its
 * endpoint's `invalidates` done for it (lib/query/query-client.ts).
 */
export function invalidateAreas(qc: QueryClient, areas: readonly Area[]): Promise<void[]> {
  const keys = areas.flatMap((area) => REFRESHED[area] ?? [[area]]);
  return Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
