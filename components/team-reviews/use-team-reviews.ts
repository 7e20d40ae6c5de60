'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/client/api';
import type { PendingScanDto, TeamBonusMonthDto, TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import { useTeamAction } from './mutations';
import { useBonusPayments } from './use-bonus-payments';
import { isSameReviewer, isStale, type ActionResult } from './refusals';
import { useTeamQueries } from './use-team-queries';
import * as api from './team-api';
import { countLabel, teamText, withUpdatedReviews, withVerifiedReview } from './team-helpers';

export type { Load } from '@/lib/query/load';
export { UNDO_FOCUS_ATTRIBUTE, UNDO_HOME_ATTRIBUTE, undoHomeKey } from './team-helpers';
export type { Resource } from './use-team-queries';
export { isSameReviewer, type ActionResult } from './refusals';

/**
 * The Team Reviews page: its queries (members and scan statistics for all staff; pending scans and the bonus
 * month for full admins) and its actions, each shown at once in the cache and followed by a refetch of the
 * page's data (useTeamAction), with 'Undo' offered for 30 seconds after a payment.
 */
export function useTeamReviews(isFullAdmin: boolean) {
  const qc = useQueryClient();
  const { keys, view } = useTeamQueries(isFullAdmin);
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
        if (!isStale(e))
          return { ok: false, message: errorMessage(e), sameReviewer: isSameReviewer(e) } as const;
        toast.error(errorMessage(e));
      }
      update<PendingScanDto[]>(keys.scans, (list) => list.filter((s) => s.id !== scan.id));
      return { ok: true } as const;
    });

  return {
    ...view,
    isBusy,
    /** Add a team member; throws the ApiError for the form to show. */
    addMember: async (values: { firstName: string; lastName: string }) =>
      (await act('member:new', () => api.createMember(values))) as TeamMemberDto,
    /**
     * Archive a member who left (full admins): out of the active lists; their months stay as they were (the
     * bonus month is asked for again and marks them archived). Throws the ApiError for the dialog to show.
     */
    archiveMember: (member: TeamMemberDto) =>
      act(`member:${member.id}`, async () => {
        await api.archiveMember(member.id).catch((e) => {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
        });
        update<TeamMemberDto[]>(keys.members, (list) => list.filter((m) => m.id !== member.id));
        toast.success(teamText.memberArchived(member));
      }) as Promise<void>,
    /** Restore an archived member (full admins): back on the team, their QR code counts visits again. */
    restoreMember: (member: TeamMemberDto) =>
      act(`member:${member.id}`, async () => {
        try {
          const restored = await api.updateMember(member.id, { archived: false });
          update<TeamMemberDto[]>(keys.archived, (list) => list.filter((m) => m.id !== member.id));
          toast.success(teamText.memberRestored(restored));
        } catch (e) {
          toast.error(errorMessage(e));
        }
      }),
    /** Correct a member's name (full admins); throws the ApiError for the form to show. */
    renameMember: async (member: TeamMemberDto, names: { firstName: string; lastName: string }) => {
      const renamed = (await act(`member:${member.id}`, () =>
        api.updateMember(member.id, names),
      )) as TeamMemberDto;
      update<TeamMemberDto[]>(keys.members, (list) => list.map((m) => (m.id === renamed.id ? renamed : m)));
      toast.success(`The name is now ${renamed.firstName} ${renamed.lastName}.`);
      return renamed;
    },
    approve: (scan: PendingScanDto, evidence: api.ReviewEvidence) =>
      scanAction(scan, async () => {
        const review = await api.approveScan(scan.id, evidence);
        update<TeamMemberDto[]>(keys.members, (list) => withVerifiedReview(list, review));
        return teamText.verified(review);
      }),
    reject: (scan: PendingScanDto) =>
      scanAction(
        scan,
        async () => (await api.rejectScan(scan.id), `The scan for ${scan.memberName} was rejected.`),
      ),
    /** 'Reject selected': many scans at once; throws the ApiError for the dialog to show. */
    rejectMany: (ids: string[]) =>
      act('scans:bulk', async () => {
        const result = await api.rejectScans(ids);
        update<PendingScanDto[]>(keys.scans, (list) => list.filter((s) => !ids.includes(s.id)));
        const already = result.alreadyResolved
          ? ` ${result.alreadyResolved.toLocaleString('en-GB')} had already been verified or rejected.`
          : '';
        toast.success(`${countLabel(result.rejected, 'scan')} rejected.${already}`);
      }) as Promise<void>,
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
