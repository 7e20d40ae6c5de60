'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/client/api';
import { useUndoWindow } from '@/lib/client/use-undo-window';
import type { TeamBonusMonthDto, TeamReviewDto } from '@/lib/dto/team';
import type { Period } from '@/lib/period';
import { useOnce, usePayAllBonuses, usePayBonus, useUndoBonus, useUndoBulkBonuses } from './mutations';
import { teamText } from './team-text';
import { keepFocusNear, UNDO_WINDOW_MS } from './undo-focus';

type Member = TeamBonusMonthDto['members'][number];
const bulkKey = (id: string, { year, month }: Period) => `${id}:${year}-${month}`;
const failed = (e: unknown) => {
  console.error('A team bonus payment call failed', e);
  toast.error(errorMessage(e));
};

/**
 * Team bonus payments: Mark Paid and Pay All Outstanding, each with its Undo offered for 30 seconds (focus
 * kept near a vanishing Undo button). `reviewsChanged` puts the server's answer into the month shown.
 */
export function useBonusPayments(reviewsChanged: (reviews: readonly TeamReviewDto[]) => void) {
  const once = useOnce();
  const [pay, undo, payAll, undoBulk] = [
    usePayBonus(),
    useUndoBonus(),
    usePayAllBonuses(),
    useUndoBulkBonuses(),
  ];
  const undoable = useUndoWindow(UNDO_WINDOW_MS, (id) => keepFocusNear(`review:${id}`));
  const bulkWindow = useUndoWindow(UNDO_WINDOW_MS, (key) => keepFocusNear(`bulk:${key}`));
  // What each Pay All paid, by member and month: exactly those are un-paid by its Undo.
  const [bulk, setBulk] = useState<ReadonlyMap<string, string[]>>(() => new Map());

  return {
    undoable: new Set(undoable.ids),
    /** 'Mark Paid': paid at once, with 'Undo' for 30 seconds, after which it disappears. */
    markPaid: (review: TeamReviewDto) =>
      once(`review:${review.id}`, () => pay.mutateAsync({ params: { id: review.id } })).then(
        (paid) =>
          paid && (reviewsChanged([paid]), undoable.open(paid.id), toast.success(teamText.paid(paid))),
        failed,
      ),
    /** 'Undo' within the 30 seconds: the bonus is due again. */
    undoPaid: (review: TeamReviewDto) => {
      undoable.close(review.id);
      return once(`review:${review.id}`, () => undo.mutateAsync({ params: { id: review.id } })).then(
        (unpaid) => unpaid && (reviewsChanged([unpaid]), toast.success(teamText.undone(unpaid))),
        failed,
      );
    },
    /** 'Pay All Outstanding' for a member and the month shown, with 'Undo Bulk Payment' for 30 seconds. */
    payAll: (member: Member, target: Period) =>
      once(`payall:${member.teamMemberId}`, () =>
        payAll.mutateAsync({ body: { teamMemberId: member.teamMemberId, ...target } }),
      ).then((result) => {
        if (!result) return;
        reviewsChanged(result.reviews);
        const ids = result.reviews.map((r) => r.id);
        if (ids.length === 0) return void toast.info(teamText.nothingOutstanding(member.name, target));
        const key = bulkKey(member.teamMemberId, target);
        setBulk((current) => new Map(current).set(key, ids));
        bulkWindow.open(key);
        toast.success(teamText.paidAll(member.name, result.total, ids.length));
      }, failed),
    /** 'Undo Bulk Payment': un-pays exactly what that Pay All paid. */
    undoBulk: (member: Member, target: Period) => {
      const key = bulkKey(member.teamMemberId, target);
      const ids = bulk.get(key);
      if (!ids || !bulkWindow.isOpen(key)) return Promise.resolve(undefined);
      bulkWindow.close(key);
      return once(
        ids.map((id) => `undobulk:${id}`),
        () => undoBulk.mutateAsync({ body: { reviewIds: ids } }),
      ).then(
        (result) =>
          result &&
          (reviewsChanged(result.reviews), toast.success(teamText.bulkUndone(member.name, result.total))),
        failed,
      );
    },
    bulkUndoFor: (teamMemberId: string, target: Period) => {
      const key = bulkKey(teamMemberId, target);
      return bulkWindow.isOpen(key) ? bulk.get(key) : undefined;
    },
  };
}
