import { errorMessage } from '@/lib/client/api';

/** What a part of a screen shows of its data: placeholders, the failure, or the data. */
export type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** A query's state as a Load; a failed refresh keeps showing the data it had. */
export function toLoad<T>(query: { data: T | undefined; isPending: boolean; error: Error | null }): Load<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  return query.isPending && !query.error
    ? { status: 'loading' }
    : { status: 'error', message: errorMessage(query.error) };
}
