import { queryOptions } from '@tanstack/react-query';
import { clientKeys } from '@/lib/query/keys';
import { fetchClient } from './client-api';

/** One client, as GET /api/admin/clients/{id} has it now (with what is owed to them). */
export function clientQuery(id: string) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => fetchClient(id, signal),
  });
}
