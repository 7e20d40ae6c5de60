import { queryOptions } from '@tanstack/react-query';
import type { Period } from '@/lib/period';
import { teamKeys } from '@/lib/query/keys';
import * as api from './team-api';

export const membersQuery = () =>
  queryOptions({ queryKey: teamKeys.members(), queryFn: ({ signal }) => api.fetchMembers(signal) });

export const statsQuery = () =>
  queryOptions({ queryKey: teamKeys.stats(), queryFn: ({ signal }) => api.fetchStats(signal) });

/** Scans waiting for a full admin to verify them. */
export const scansQuery = () =>
  queryOptions({ queryKey: teamKeys.scans(), queryFn: ({ signal }) => api.fetchPendingScans(signal) });

/** One month of team bonuses. */
export const bonusMonthQuery = (period: Period) =>
  queryOptions({
    queryKey: teamKeys.bonuses(period),
    queryFn: ({ signal }) => api.fetchBonusMonth(period, signal),
  });
