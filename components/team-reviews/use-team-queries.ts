'use client';

import { useState } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/client/api';
import { currentPeriod, type Period } from '@/lib/period';
import { teamKeys } from '@/lib/query/keys';
import { toLoad } from '@/lib/query/load';
import {
  archivedQuery,
  auditEntries,
  auditQuery,
  bonusMonthQuery,
  membersQuery,
  outstandingQuery,
  scansQuery,
  statsQuery,
} from './queries';

export type Resource = 'members' | 'stats' | 'scans' | 'month' | 'archived' | 'outstanding';
/** Where each of the page's data is cached. */
export type TeamQueryKeys = Record<Resource, QueryKey>;

/**
 * The Team Reviews page's data: members and scan statistics for all staff; pending scans, the bonus month,
 * archived members, outstanding bonuses and the audit log for full admins. `keys` are where each is cached,
 * for the actions that write an answer in place (use-member-actions.ts, use-scan-actions.ts, use-team-reviews.ts).
 */
export function useTeamQueries(isFullAdmin: boolean) {
  const qc = useQueryClient();
  const [period, setPeriod] = useState<Period>(() => currentPeriod());
  const [funnelPeriod, setFunnelPeriod] = useState<Period>(() => currentPeriod());
  const queries = {
    members: useQuery(membersQuery()),
    // Another month of the funnel keeps the figures shown until it arrives.
    stats: useQuery({ ...statsQuery(funnelPeriod), placeholderData: keepPreviousData }),
    scans: useQuery({ ...scansQuery(), enabled: isFullAdmin }),
    month: useQuery({ ...bonusMonthQuery(period), enabled: isFullAdmin }),
    archived: useQuery({ ...archivedQuery(), enabled: isFullAdmin }),
    outstanding: useQuery({ ...outstandingQuery(), enabled: isFullAdmin }),
  };
  const audit = useInfiniteQuery({ ...auditQuery(), enabled: isFullAdmin });
  const month = teamKeys.bonuses(period);
  const keys: TeamQueryKeys = {
    members: teamKeys.members(),
    stats: teamKeys.stats(),
    scans: teamKeys.scans(),
    month,
    archived: teamKeys.archived(),
    outstanding: teamKeys.outstanding(),
  };
  const view = {
    members: toLoad(queries.members),
    stats: toLoad(queries.stats),
    scans: toLoad(queries.scans),
    month: toLoad(queries.month),
    archived: toLoad(queries.archived),
    outstanding: toLoad(queries.outstanding),
    audit: toLoad({ ...audit, data: auditEntries(audit.data) }),
    moreAudit: {
      loading: audit.isFetchingNextPage,
      error: audit.isFetchNextPageError ? errorMessage(audit.error) : null,
    },
    retryAudit: () => void audit.refetch(),
    loadMoreAudit: () => void (audit.hasNextPage && !audit.isFetchingNextPage && audit.fetchNextPage()),
    period,
    setPeriod,
    funnelPeriod,
    setFunnelPeriod,
    retry: (resource: Resource) => void queries[resource].refetch(),
    /** Asks for these again, keeping what is shown; a failure is one toast. */
    refresh: async (...resources: Resource[]) => {
      const adminOnly: Resource[] = ['scans', 'month', 'archived', 'outstanding'];
      const wanted = resources.filter((r) => isFullAdmin || !adminOnly.includes(r));
      await Promise.all(wanted.map((r) => qc.refetchQueries({ queryKey: keys[r] })));
      const error = wanted.map((r) => queries[r].error).find(Boolean);
      if (error) toast.error(`The team reviews could not be refreshed. ${errorMessage(error)}`);
    },
  };
  return { keys, view };
}
