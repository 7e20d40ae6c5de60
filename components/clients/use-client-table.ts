'use client';

import { useCallback, useEffect, useState } from 'react';
import { useInfiniteQuery, useQueries, useQueryClient } from '@tanstack/react-query';
import { useQueryStates } from 'nuqs';
import { clientKeys } from '@/lib/query/keys';
import { pagedItems, pagedTotal } from '@/lib/query/paged';
import { clientListQuery, clientQuery } from './queries';
import { clientTableParsers, listParams } from './table-params';
import type { ClientDto } from './types';

/**
 * The clients table: its search, filters and order from the URL (so reload, Back and a shared link keep
 * them), the pages of the server's answer, and the clients a search or the leaderboard showed that the loaded
 * pages do not hold (pinned at the top, as the cache has them).
 */
export function useClientTable() {
  const qc = useQueryClient();
  const [params, setParams] = useQueryStates(clientTableParsers, { history: 'replace' });
  const list = useInfiniteQuery(clientListQuery(listParams(params)));
  const [pinnedIds, setPinnedIds] = useState<string[]>([]);
  // Kept current like any other query (their data came with the pin, so nothing is fetched at first).
  const pinned = useQueries({ queries: pinnedIds.map((id) => clientQuery(id)) });

  const loaded = pagedItems(list.data);
  const loadedIds = new Set(loaded.map((c) => c.id));
  const extra = pinned.flatMap((q) => (q.data && !loadedIds.has(q.data.id) ? [q.data] : []));

  /** Puts a client at the top of the table unless a loaded page holds it already. */
  const pin = useCallback(
    (client: ClientDto) => {
      qc.setQueryData(clientKeys.detail(client.id), client);
      setPinnedIds((ids) => (ids.includes(client.id) ? ids : [client.id, ...ids]));
    },
    [qc],
  );

  const filtered = listParams(params);
  const isFiltered =
    filtered.q !== '' || filtered.owed || filtered.bacsMissing || filtered.noReferrals || filtered.affiliate;

  // The tab's count follows the unfiltered list's newest answer, so the label and 'Showing 50 of N' agree
  // even when someone registered a client between the page's render and the list's fetch.
  // Only a new total moves it: a row taken out of the cached pages (a deletion, which counts itself) does not.
  const total = pagedTotal(list.data);
  const loadedTotal = list.data && !list.isPlaceholderData ? total : null;
  useEffect(() => {
    if (!isFiltered && loadedTotal !== null) qc.setQueryData(clientKeys.count(), loadedTotal);
  }, [qc, isFiltered, loadedTotal]);

  return {
    params,
    setParams,
    list,
    rows: [...extra, ...loaded],
    total,
    isFiltered,
    pin,
  };
}

export type ClientTable = ReturnType<typeof useClientTable>;
