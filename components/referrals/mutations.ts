'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateClientInCache } from '@/components/clients/cache';
import { invalidateClients, invalidateMoney } from '@/components/clients/mutations';
import type { ReferralDto } from '@/lib/dto/referrals';
import { referralKeys } from '@/lib/query/keys';
import { deleteReferral, markReferralPaid, undoReferralPayment, updateReferralStatus } from './referral-api';
import { dropReferral, putReferral } from './queries';

export type ReferralAction = 'start' | 'revert' | 'pay' | 'undo';

async function call(action: ReferralAction, id: string): Promise<ReferralDto> {
  if (action === 'start') return updateReferralStatus(id, 'Payment Due');
  if (action === 'revert') return updateReferralStatus(id, 'pending');
  return (await (action === 'pay' ? markReferralPaid(id) : undoReferralPayment(id))).referral;
}

/** How the referral looks once the action is done, shown before the server has answered. */
function expected(referral: ReferralDto, action: ReferralAction): ReferralDto {
  const now = new Date().toISOString();
  if (action === 'start') return { ...referral, status: 'Payment Due', convertedAt: now };
  if (action === 'revert') return { ...referral, status: 'pending', convertedAt: null };
  const paid = action === 'pay';
  return { ...referral, rewardPaid: paid, paid, paidAt: paid ? now : null };
}

/** Everything that shows referrals, counts or money is asked for again after a referral changes. */
function settle(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([invalidateClients(qc), invalidateMoney(qc)]);
}

/**
 * Story Started, revert, Paid Now and Undo Payment, optimistically: the referral shows its new state at once
 * and returns to what it was when the server refuses (a 409 carries the referral as it now is).
 */
export function useReferralAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, referral }: { action: ReferralAction; referral: ReferralDto }) =>
      call(action, referral.id),
    onMutate: async ({ action, referral }) => {
      await qc.cancelQueries({ queryKey: referralKeys.byClient(referral.referrerId) });
      putReferral(qc, expected(referral, action));
      return { before: referral };
    },
    onError: (_error, _vars, context) => context && putReferral(qc, context.before),
    onSuccess: (updated) => putReferral(qc, updated),
    onSettled: () => void settle(qc),
  });
}

/** Delete Referral: gone from its client's list (and count) at once; 404 means it was gone already. */
export function useDeleteReferral() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (referral: ReferralDto) => deleteReferral(referral.id),
    onSuccess: (_data, referral) => forgetReferral(qc, referral),
    onSettled: () => void settle(qc),
  });
}

/** A referral is gone: out of its client's list, and one fewer on the client's count. */
export function forgetReferral(qc: ReturnType<typeof useQueryClient>, referral: ReferralDto) {
  dropReferral(qc, referral.referrerId, referral.id);
  updateClientInCache(qc, referral.referrerId, (c) => ({
    ...c,
    referralCount: Math.max(0, c.referralCount - 1),
  }));
}

/** A referral added by hand (or found already recorded): into its client's list; the counts follow. */
export function useReferralAdded() {
  const qc = useQueryClient();
  return (referral: ReferralDto) => {
    putReferral(qc, referral);
    return settle(qc);
  };
}
