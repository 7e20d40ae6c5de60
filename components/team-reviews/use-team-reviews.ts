'use client';

import type { TeamBonusMonthDto } from '@/lib/dto/team';
import { useTeamBusy, useUpdateLoaded } from './mutations';
import { useBonusPayments } from './use-bonus-payments';
import { useMemberActions } from './use-member-actions';
import { useScanActions } from './use-scan-actions';
import { useTeamQueries } from './use-team-queries';
import { withUpdatedReviews } from './loaded-lists';

export type { Load } from '@/lib/query/load';
export { UNDO_FOCUS_ATTRIBUTE, UNDO_HOME_ATTRIBUTE, undoHomeKey } from './undo-focus';
export type { Resource } from './use-team-queries';
export { isSameReviewer, type ActionResult } from './refusals';
export type { ReviewEvidence } from './use-scan-actions';

/**
 * The Team Reviews page: its queries (members and scan statistics for all staff; pending scans and the bonus
 * month for full admins) and its actions, each a named mutation (mutations.ts) shown at once in the cache and
 * followed by a refetch of the team's data (the declaration's `invalidates` on success; the whole team on
 * failure), with 'Undo' offered for 30 seconds after a payment. A row's change runs once at a time (isBusy).
 */
export function useTeamReviews(isFullAdmin: boolean) {
  const { keys, view } = useTeamQueries(isFullAdmin);
  const update = useUpdateLoaded();
  const payments = useBonusPayments((reviews) =>
    update<TeamBonusMonthDto>(keys.month, (m) => withUpdatedReviews(m, reviews)),
  );
  return {
    ...view,
    isBusy: useTeamBusy(),
    ...useMemberActions(keys),
    ...useScanActions(keys),
    ...payments,
  };
}

export type TeamReviews = ReturnType<typeof useTeamReviews>;
