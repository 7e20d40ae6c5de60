/**
 * The browser's side of the contract (issue 30): a typed call for each declared endpoint, its query options
 * with a key derived from the endpoint, and its mutation options, which name the areas a change makes stale.
 * Screens call endpoints only through here: no API path is written by hand, and what the browser reads is the
 * type the endpoint's answer schema declares.
 */
import { infiniteQueryOptions, queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiFetch, apiFetchPage, type Page } from '@/lib/client/api';
import { urlOf, type AnswerOf, type Area, type EndpointSpec, type InputOf } from './endpoint';

export interface CallOptions {
  signal?: AbortSignal;
}

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/** The input may be left out when the endpoint needs none (no route parameters, no body). */
export type CallArgs<E extends EndpointSpec> =
  RequiredKeys<InputOf<E>> extends never
    ? [input?: InputOf<E>, options?: CallOptions]
    : [input: InputOf<E>, options?: CallOptions];

/** Calls an endpoint: its JSON answer, as declared (an ApiError for a refusal, lib/client/api.ts). */
export function call<E extends EndpointSpec>(e: E, ...[input, options]: CallArgs<E>): Promise<AnswerOf<E>> {
  const body = (input as { body?: unknown } | undefined)?.body;
  return apiFetch<AnswerOf<E>>(urlOf(e, input), { method: e.method, body, signal: options?.signal });
}

/** Calls a paged endpoint: one page of items, with the total and the next page's cursor. */
export function callPage<E extends EndpointSpec & { paged: true }>(
  e: E,
  input?: InputOf<E>,
  options: CallOptions & { extraHeaders?: string[] } = {},
): Promise<Page<AnswerOf<E>>> {
  return apiFetchPage<AnswerOf<E>>(urlOf(e, input), { signal: options.signal }, options.extraHeaders);
}

/**
 * An endpoint's query key: its area first (so that a change invalidates a whole area by prefix), then the
 * endpoint, then its inputs.
 */
export function endpointKey<E extends EndpointSpec>(e: E, input?: InputOf<E>) {
  const i = input as { params?: unknown; query?: unknown } | undefined;
  return [e.area ?? 'api', `${e.method} ${e.path}`, i?.params ?? null, i?.query ?? null] as const;
}

/** Query options for a GET endpoint: the key derived from it, and the call. */
export function endpointQuery<E extends EndpointSpec & { method: 'GET' }>(e: E, ...[input]: CallArgs<E>) {
  return queryOptions({
    queryKey: endpointKey(e, input),
    queryFn: ({ signal }) =>
      (call as (e: E, input?: InputOf<E>, o?: CallOptions) => Promise<AnswerOf<E>>)(e, input, { signal }),
  });
}

/**
 * Mutation options for a change: the call, and in `meta` the areas it makes stale, which the query client
 * fetches again when it succeeds (lib/query/query-client.ts). Spread into useMutation with the screen's own
 * optimistic updates and messages.
 */
export function endpointMutation<E extends EndpointSpec>(e: E) {
  return {
    mutationKey: [`${e.method} ${e.path}`] as const,
    mutationFn: (input: InputOf<E>) => (call as (e: E, input?: InputOf<E>) => Promise<AnswerOf<E>>)(e, input),
    meta: { invalidates: e.invalidates ?? ([] as readonly Area[]) },
  };
}

/**
 * Infinite-query options for a paged endpoint (a list read a page at a time): each page asks for the one after
 * the last page's X-Next-Cursor. The key is derived from the endpoint unless the area keeps its own (a list it
 * updates in place after a change, lib/query/keys.ts), whose root is the same area.
 */
export function endpointPages<E extends EndpointSpec & { method: 'GET'; paged: true }>(
  e: E,
  input?: InputOf<E>,
  options: { queryKey?: QueryKey; extraHeaders?: string[] } = {},
) {
  const i = input as { params?: unknown; query?: Record<string, unknown> } | undefined;
  return infiniteQueryOptions({
    queryKey: options.queryKey ?? endpointKey(e, input),
    queryFn: ({ pageParam, signal }) =>
      callPage(e, { ...i, query: { ...i?.query, cursor: pageParam ?? undefined } } as InputOf<E>, {
        signal,
        extraHeaders: options.extraHeaders,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<AnswerOf<E>>) => last.nextCursor,
  });
}

/**
 * Sends a file to an endpoint that declares an `upload` (multipart/form-data, in the field it names): its JSON
 * answer, as declared.
 */
export function upload<E extends EndpointSpec & { upload: { field: string } }>(
  e: E,
  file: Blob,
  input?: InputOf<E>,
): Promise<AnswerOf<E>> {
  const body = new FormData();
  body.append(e.upload.field, file);
  return apiFetch<AnswerOf<E>>(urlOf(e, input), { method: e.method, body });
}

/** The address of a file an endpoint makes (a CSV, a QR image, a PDF), for a link or a download. */
export function fileUrl<E extends EndpointSpec>(e: E, ...[input]: CallArgs<E>): string {
  return urlOf(e, input);
}
