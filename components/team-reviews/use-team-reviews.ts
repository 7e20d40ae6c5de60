'use client';

import { useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/client/api';
import type { PendingScanDto, TeamBonusMonthDto, TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import { currentPeriod, type Period } from '@/lib/period';
import { teamKeys } from '@/lib/query/keys';
import { toLoad } from '@/lib/query/load';
import { useTeamAction } from './mutations';
import { useBonusPayments } from './use-bonus-payments';
import { bonusMonthQuery, membersQuery, scansQuery, statsQuery } from './queries';
import * as api from './team-api';
import { teamText, withUpdatedReviews, withVerifiedReview, withoutMember } from './team-helpers';

export type { Load } from '@/lib/query/load';
export { UNDO_FOCUS_ATTRIBUTE, UNDO_HOME_ATTRIBUTE, undoHomeKey } from './team-helpers';
export type Resource = 'members' | 'stats' | 'scans' | 'month';
/** What a row's action answers: done, or the message to show beside it. */
export type ActionResult = { ok: true } | { ok: false; message: string };

/** Gone or already dealt with elsewhere: the list should forget the item rather than offer it again. */
const isStale = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 409);

/**
 * The Team Reviews page: its queries (members and scan statistics for all staff; pending scans and the bonus
 * month for full admins) and its actions, each shown at once in the cache and followed by a refetch of the
 * page's data (useTeamAction), with 'Undo' offered for 30 seconds after a payment.
 */
export function useTeamReviews(isFullAdmin: boolean) {
  const qc = useQueryClient();
  const [period, setPeriod] = useState<Period>(() => currentPeriod());
  const queries = {
    members: useQuery(membersQuery()),
    stats: useQuery(statsQuery()),
    scans: useQuery({ ...scansQuery(), enabled: isFullAdmin }),
    month: useQuery({ ...bonusMonthQuery(period), enabled: isFullAdmin }),
  };
  const month = teamKeys.bonuses(period);
  const keys: Record<Resource, QueryKey> = {
    members: teamKeys.members(),
    stats: teamKeys.stats(),
    scans: teamKeys.scans(),
    month,
  };
  const { act, isBusy } = useTeamAction();
  const update = <T>(key: QueryKey, fn: (data: T) => T) =>
    qc.setQueryData<T>(key, (d) => (d === undefined ? d : fn(d)));
  const payments = useBonusPayments(act, (reviews) =>
    update<TeamBonusMonthDto>(keys.month, (m) => withUpdatedReviews(m, reviews)),
  );

  /** A pending scan's action; a scan someone else already resolved leaves the list with a toast. */
  const scanAction = (scan: PendingScanDto, run: () => Promise<string>): Promise<ActionResult | undefined> =>
    act(`scan:${scan.id}`, async () => {
      try {
        toast.success(await run());
      } catch (e) {
        if (!isStale(e)) return { ok: false, message: errorMessage(e) } as const;
        toast.error(errorMessage(e));
      }
      update<PendingScanDto[]>(keys.scans, (list) => list.filter((s) => s.id !== scan.id));
      return { ok: true } as const;
    });

  return {
    members: toLoad(queries.members),
    stats: toLoad(queries.stats),
    scans: toLoad(queries.scans),
    month: toLoad(queries.month),
    period,
    setPeriod,
    retry: (resource: Resource) => void queries[resource].refetch(),
    /** Asks for these again, keeping what is shown; a failure is one toast. */
    refresh: async (...resources: Resource[]) => {
      const wanted = resources.filter((r) => isFullAdmin || (r !== 'scans' && r !== 'month'));
      await Promise.all(wanted.map((r) => qc.refetchQueries({ queryKey: keys[r] })));
      const error = wanted.map((r) => queries[r].error).find(Boolean);
      if (error) toast.error(`The team reviews could not be refreshed. ${errorMessage(error)}`);
    },
    isBusy,
    /** Add a team member; throws the ApiError for the form to show. */
    addMember: async (values: { firstName: string; lastName: string }) =>
      (await act('member:new', () => api.createMember(values))) as TeamMemberDto,
    /** Delete a team member (full admins); throws the ApiError for the dialog to show. */
    removeMember: (member: TeamMemberDto) =>
      act(`member:${member.id}`, async () => {
        // Already gone: the page forgets them too.
        await api.deleteMember(member.id).catch((e) => {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
        });
        update<TeamMemberDto[]>(keys.members, (list) => list.filter((m) => m.id !== member.id));
        update<TeamBonusMonthDto>(keys.month, (m) => withoutMember(m, member.id));
        toast.success(teamText.memberDeleted(member));
      }) as Promise<void>,
    approve: (scan: PendingScanDto, reviewerName: string) =>
      scanAction(scan, async () => {
        const review = await api.approveScan(scan.id, reviewerName);
        update<TeamMemberDto[]>(keys.members, (list) => withVerifiedReview(list, review));
        return teamText.verified(review);
      }),
    reject: (scan: PendingScanDto) =>
      scanAction(
        scan,
        async () => (await api.rejectScan(scan.id), `The scan for ${scan.memberName} was rejected.`),
      ),
    /** 'Add verified review' by hand (full admins); throws the ApiError for the form to show. */
    addReview: async (values: Parameters<typeof api.createReview>[0]) => {
      const review = (await act('review:new', () => api.createReview(values))) as TeamReviewDto;
      update<TeamMemberDto[]>(keys.members, (list) => withVerifiedReview(list, review));
      return review;
    },
    ...payments,
  };
}

export type TeamReviews = ReturnType<typeof useTeamReviews>;
