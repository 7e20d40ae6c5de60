import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { call } from '@/lib/contract/client';
import * as team from '@/lib/contract/team';
import type { TeamBonusAuditPageDto } from '@/lib/dto/team';
import type { Period } from '@/lib/period';
import { teamKeys } from '@/lib/query/keys';

// The area's keys are kept (not endpointKey): the page's changes make the whole 'team' root stale, and the
// stats key is extended by the period the funnel shows.

export const membersQuery = () =>
  queryOptions({
    queryKey: teamKeys.members(),
    queryFn: ({ signal }) => call(team.listMembers, {}, { signal }),
  });

/** Scan totals and the leaderboard, with the tracking funnel of `period`. */
export const statsQuery = (period: Period) =>
  queryOptions({
    queryKey: [...teamKeys.stats(), period] as const,
    queryFn: ({ signal }) =>
      call(team.stats, { query: { year: String(period.year), month: String(period.month) } }, { signal }),
  });

/** Members who left (full admins). */
export const archivedQuery = () =>
  queryOptions({
    queryKey: teamKeys.archived(),
    queryFn: ({ signal }) => call(team.listMembers, { query: { archived: 'true' } }, { signal }),
  });

/** Verified, unpaid reviews of every month (full admins). */
export const outstandingQuery = () =>
  queryOptions({
    queryKey: teamKeys.outstanding(),
    queryFn: ({ signal }) => call(team.outstanding, {}, { signal }),
  });

/** The bonus audit log, newest first, a page at a time (full admins). */
export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: teamKeys.audit(),
    queryFn: ({ pageParam, signal }) =>
      call(team.audit, { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TeamBonusAuditPageDto) => last.nextCursor,
  });

/** The loaded pages of the audit log as one list (an entry that moved across a page boundary once). */
export function auditEntries(data: InfiniteData<TeamBonusAuditPageDto> | undefined) {
  if (!data) return undefined;
  const seen = new Set<string>();
  const entries = data.pages.flatMap((p) => p.entries).filter((e) => !seen.has(e.id) && seen.add(e.id));
  return { entries, nextCursor: data.pages.at(-1)?.nextCursor ?? null };
}

/** Scans waiting for a full admin to verify them. */
export const scansQuery = () =>
  queryOptions({
    queryKey: teamKeys.scans(),
    queryFn: ({ signal }) => call(team.pendingScans, {}, { signal }),
  });

/** One month of team bonuses. */
export const bonusMonthQuery = (period: Period) =>
  queryOptions({
    queryKey: teamKeys.bonuses(period),
    queryFn: ({ signal }) =>
      call(
        team.bonusMonth,
        { query: { year: String(period.year), month: String(period.month) } },
        { signal },
      ),
  });
