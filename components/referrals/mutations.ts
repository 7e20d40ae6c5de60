'use client';

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { updateClientInCache } from '@/components/clients/cache';
import { endpointMutation } from '@/lib/contract/client';
import type { AnswerOf, EndpointSpec, InputOf } from '@/lib/contract/endpoint';
import * as leads from '@/lib/contract/leads';
import * as referrals from '@/lib/contract/referrals';
import type { ReferralDto } from '@/lib/dto/referrals';
import { invalidateAreas } from '@/lib/query/invalidate';
import { referralKeys } from '@/lib/query/keys';
import { dropReferral, putReferral } from './queries';

/**
 * The referrals' changes, one named mutation each, from their declarations (lib/contract/referrals.ts and
 * leads.ts): a change that succeeds has the areas its endpoint names asked for again (`invalidates`); what is
 * written here is what the page shows at once (the referral's new state, its answer) and what a refusal undoes.
 */

/** A change of one referral: the endpoint's input, and the referral as the page shows it. */
type ReferralChange<E extends EndpointSpec> = InputOf<E> & { referral: ReferralDto };
type Before = { before: ReferralDto };

/**
 * A refusal may mean the referral (or its client) changed meanwhile: everything that shows referrals, counts
 * or money is asked for again, as a success does through the endpoint's `invalidates`.
 */
function afterRefusal(qc: QueryClient) {
  return invalidateAreas(qc, ['clients', 'payments', 'referrals']);
}

/**
 * Shows a change before the server has answered: the referral as it will be, put back as it was (and the
 * lists asked for again) when the server refuses (a 409 carries the referral as it now is: the item shows it).
 */
function optimistic(qc: QueryClient, expected: (referral: ReferralDto) => ReferralDto) {
  return {
    onMutate: async ({ referral }: { referral: ReferralDto }): Promise<Before> => {
      await qc.cancelQueries({ queryKey: referralKeys.byClient(referral.referrerId) });
      putReferral(qc, expected(referral));
      return { before: referral };
    },
    onError: (_error: Error, _change: unknown, context: Before | undefined) => {
      if (context) putReferral(qc, context.before);
      void afterRefusal(qc);
    },
  };
}

/** A status change answers the referral (only `contacted: true` answers the inbox item). */
export const referralOf = (answer: AnswerOf<typeof referrals.update>) => answer as ReferralDto;

type Update = typeof referrals.update;

/**
 * PATCH /api/referrals/{id} `status: 'Payment Due'`: Story Started, the reward owed. No amount is sent: the
 * server uses the reward fixed when the friend was referred.
 */
export function useStartStory() {
  const qc = useQueryClient();
  return useMutation<AnswerOf<Update>, Error, ReferralChange<Update>, Before>({
    ...endpointMutation(referrals.update),
    ...optimistic(qc, (r) => ({ ...r, status: 'Payment Due', convertedAt: new Date().toISOString() })),
    onSuccess: (answer) => putReferral(qc, referralOf(answer)),
  });
}

/** PATCH /api/referrals/{id} `status: 'pending'`: a started story reverted (no reward owed, no date). */
export function useRevertReferral() {
  const qc = useQueryClient();
  return useMutation<AnswerOf<Update>, Error, ReferralChange<Update>, Before>({
    ...endpointMutation(referrals.update),
    ...optimistic(qc, (r) => ({ ...r, status: 'pending', convertedAt: null })),
    onSuccess: (answer) => putReferral(qc, referralOf(answer)),
  });
}

type Pay = typeof referrals.pay;

/** POST /api/referrals/{id}/payment: Paid Now, the reward marked paid (with its audit entry). */
export function usePayReferral() {
  const qc = useQueryClient();
  return useMutation<AnswerOf<Pay>, Error, ReferralChange<Pay>, Before>({
    ...endpointMutation(referrals.pay),
    ...optimistic(qc, (r) => ({ ...r, rewardPaid: true, paid: true, paidAt: new Date().toISOString() })),
    onSuccess: ({ referral }) => putReferral(qc, referral),
  });
}

type Undo = typeof referrals.undoPayment;

/** DELETE /api/referrals/{id}/payment: Undo Payment (full admins), the reward owed again. */
export function useUndoReferralPayment() {
  const qc = useQueryClient();
  return useMutation<AnswerOf<Undo>, Error, ReferralChange<Undo>, Before>({
    ...endpointMutation(referrals.undoPayment),
    ...optimistic(qc, (r) => ({ ...r, rewardPaid: false, paid: false, paidAt: null })),
    onSuccess: ({ referral }) => putReferral(qc, referral),
  });
}

type Remove = typeof referrals.remove;

/** DELETE /api/referrals/{id}: gone from its client's list (and count) at once; 404 means it was gone already. */
export function useDeleteReferral() {
  const qc = useQueryClient();
  return useMutation<AnswerOf<Remove>, Error, ReferralChange<Remove>>({
    ...endpointMutation(referrals.remove),
    onSuccess: (_answer, { referral }) => forgetReferral(qc, referral),
    onError: () => void afterRefusal(qc),
  });
}

/** A referral is gone: out of its client's list, and one fewer on the client's count. */
export function forgetReferral(qc: QueryClient, referral: ReferralDto) {
  dropReferral(qc, referral.referrerId, referral.id);
  updateClientInCache(qc, referral.referrerId, (c) => ({
    ...c,
    referralCount: Math.max(0, c.referralCount - 1),
  }));
}

/**
 * Add Manual Referral: POST /api/leads as 'Manual Entry'. The referral (new, restored or already there) goes
 * into its client's list at once; the counts follow from the endpoint's `invalidates`.
 */
export function useAddManualReferral() {
  const qc = useQueryClient();
  return useMutation({
    ...endpointMutation(leads.create),
    onSuccess: (answer) => {
      const referral = 'referral' in answer ? answer.referral : undefined;
      if (referral) putReferral(qc, referral);
    },
  });
}

/**
 * POST /api/leads/{id}/attach: a lead whose referrer matched no client gets the client staff found, and a
 * pending referral; the unmatched list, the inbox and the client's referrals follow (`invalidates`).
 */
export function useAttachLead() {
  return useMutation(endpointMutation(leads.attach));
}

/** POST /api/leads/{id}/erase: a full admin erases a friend's personal data; the referral stays, renamed. */
export function useEraseLead() {
  return useMutation(endpointMutation(leads.erase));
}
