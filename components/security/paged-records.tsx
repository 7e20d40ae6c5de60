'use client';

import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { QueryLoadMore } from '@/components/shared/load-more';
import { EmptyState, QueryState } from '@/components/shared/load-states';
import { formatCount } from '@/lib/format';

/**
 * A full admin's record list read 50 at a time (the account audit, the clinic's sign-ins): loading, a load
 * failure with Try again, an empty state, the list newest first, and "Showing N of M" with Load more.
 */
export function PagedRecords<T extends { id: string }>({
  query,
  loadingLabel,
  emptyIcon,
  emptyText,
  listLabel,
  noun,
  renderItem,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[]; total: number }>>;
  loadingLabel: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  /** The list's accessible name, e.g. "Account changes, newest first". */
  listLabel: string;
  /** What the items are, plural, for "Showing 50 of 120 …" and the button's name. */
  noun: string;
  renderItem: (item: T) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return (
    <QueryState query={query} loadingLabel={loadingLabel} rows={3} rowClassName="h-12">
      {items.length === 0 ? (
        <EmptyState icon={emptyIcon}>{emptyText}</EmptyState>
      ) : (
        <>
          <ol aria-label={listLabel} className="divide-y">
            {items.map(renderItem)}
          </ol>
          <QueryLoadMore
            query={query}
            shownText={`Showing ${formatCount(items.length)} of ${formatCount(total)} ${noun}`}
            label="Load more"
            srLabel={noun}
          />
        </>
      )}
    </QueryState>
  );
}
