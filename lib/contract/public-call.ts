/**
 * The public pages' calls (the review page's tracking, the unsubscribe button), made as lib/contract/client.ts's
 * `call` makes them, from the zod-free paths in ./paths.ts: the same request, the same answer, the same
 * ApiError for a refusal.
 */
import { apiFetch } from '@/lib/client/api';
import type { CallArgs, CallOptions } from './client';
import type { AnswerOf } from './endpoint';
import { PUBLIC_ENDPOINTS, publicUrlOf, type Declared, type PublicEndpointName } from './paths';

/** Calls a public endpoint: its JSON answer, as declared (an ApiError for a refusal), as `call` does. */
export function callPublic<K extends PublicEndpointName>(
  name: K,
  ...[input, options]: CallArgs<Declared[K]>
): Promise<AnswerOf<Declared[K]>> {
  const body = (input as { body?: unknown } | undefined)?.body;
  return apiFetch<AnswerOf<Declared[K]>>(publicUrlOf(name, input), {
    method: PUBLIC_ENDPOINTS[name].method,
    body,
    signal: (options as CallOptions | undefined)?.signal,
  });
}
