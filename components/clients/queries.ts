import { queryOptions } from '@tanstack/react-query';
import { fetchClient } from './client-api';

/** The clients' query keys: everything under ['clients'], so one invalidation reaches every list and row. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: string) => [...clientKeys.details(), id] as const,
};

/** One client, as GET /api/admin/clients/{id} has it now (with what is owed to them). */
export function clientQuery(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => fetchClient(id, signal),
  });
}
