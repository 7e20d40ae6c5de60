import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { apiFetchPage, type Page } from '@/lib/client/api';

type Params = Record<string, string | number | boolean | null | undefined>;

/** `path?a=1&b=2`, leaving out empty values. */
export function withParams(path: string, params: Params): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A cursor-paged list of the API (GET /api/clients, /api/referrals, /api/leads, the audit log) as an infinite
 * query: each page asks for the one after the last page's X-Next-Cursor; the list ends when there is none.
 */
export function pagedQueryOptions<T>({
  queryKey,
  path,
  params = {},
  extraHeaders,
}: {
  queryKey: QueryKey;
  path: string;
  params?: Params;
  /** Further response headers a page should carry (X-Total-Paid, say). */
  extraHeaders?: string[];
}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiFetchPage<T>(withParams(path, { ...params, cursor: pageParam }), { signal }, extraHeaders),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
  });
}

/** The items of every page loaded so far, in order, each once (a row may move between pages meanwhile). */
export function pagedItems<T extends { id: string }>(data: InfiniteData<Page<T>> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** Every match, as the first page counted it. */
export function pagedTotal(data: InfiniteData<Page<unknown>> | undefined): number {
  return data?.pages[0]?.total ?? 0;
}

/** The cached pages with `update` applied to each page's items (an optimistic change, a server answer). */
export function mapPagedItems<T>(
  data: InfiniteData<Page<T>> | undefined,
  update: (items: T[]) => T[],
): InfiniteData<Page<T>> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: update(page.items) })) };
}
