/** Reading the pages of a cursor-paged list (lib/contract/client.ts, endpointPages) as one list. */
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/client/api';

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
