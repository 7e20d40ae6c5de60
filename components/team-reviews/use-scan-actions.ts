'use client';

import { toast } from 'sonner';
import { errorMessage } from '@/lib/client/api';
import type { PendingScanDto, TeamMemberDto } from '@/lib/dto/team';
import {
  useAddReview,
  useApproveScan,
  useOnce,
  useRejectScan,
  useRejectScans,
  useUpdateLoaded,
} from './mutations';
import { isStale, type ActionResult } from './refusals';
import { withVerifiedReview } from './loaded-lists';
import { countLabel, teamText } from './team-text';
import type { TeamQueryKeys } from './use-team-queries';

/** What verifies a review: its link and the reviewer's name (and a second review by them, confirmed). */
export interface ReviewEvidence {
  reviewUrl: string;
  reviewerName: string;
  confirmSameReviewer?: boolean;
}

/** Verifying reviews: the pending scans approved or rejected, and a verified review added by hand. */
export function useScanActions(keys: TeamQueryKeys) {
  const once = useOnce();
  const update = useUpdateLoaded();
  const [approveScan, rejectScan, rejectScans, addReview] = [
    useApproveScan(),
    useRejectScan(),
    useRejectScans(),
    useAddReview(),
  ];

  /** A pending scan's action; a scan someone else already resolved leaves the list with a toast. */
  const scanAction = (scan: PendingScanDto, run: () => Promise<string>) =>
    once(`scan:${scan.id}`, async (): Promise<ActionResult> => {
      try {
        toast.success(await run());
      } catch (e) {
        if (!isStale(e)) return { ok: false, error: e };
        toast.error(errorMessage(e));
      }
      update<PendingScanDto[]>(keys.scans, (list) => list.filter((s) => s.id !== scan.id));
      return { ok: true };
    });

  return {
    approve: (scan: PendingScanDto, evidence: ReviewEvidence) =>
      scanAction(scan, async () => {
        const review = await approveScan.mutateAsync({ params: { id: scan.id }, body: evidence });
        update<TeamMemberDto[]>(keys.members, (list) => withVerifiedReview(list, review));
        return teamText.verified(review);
      }),
    reject: (scan: PendingScanDto) =>
      scanAction(
        scan,
        async () => (
          await rejectScan.mutateAsync({ params: { id: scan.id } }),
          `The scan for ${scan.memberName} was rejected.`
        ),
      ),
    /** 'Reject selected': many scans at once; throws the ApiError for the dialog to show. */
    rejectMany: (ids: string[]) =>
      once('scans:bulk', async () => {
        const result = await rejectScans.mutateAsync({ body: { ids } });
        update<PendingScanDto[]>(keys.scans, (list) => list.filter((s) => !ids.includes(s.id)));
        const already = result.alreadyResolved
          ? ` ${result.alreadyResolved.toLocaleString('en-GB')} had already been verified or rejected.`
          : '';
        toast.success(`${countLabel(result.rejected, 'scan')} rejected.${already}`);
      }),
    /** 'Add verified review' by hand (full admins); throws the ApiError for the form to show. */
    addReview: async (body: ReviewEvidence & { teamMemberId: string; reviewDate: string }) => {
      const review = await once('review:new', () => addReview.mutateAsync({ body }));
      if (!review) return undefined;
      update<TeamMemberDto[]>(keys.members, (list) => withVerifiedReview(list, review));
      return review;
    },
  };
}
