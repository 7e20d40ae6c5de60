'use client';

import {
  useMutation,
  useMutationState,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { endpointMutation } from '@/lib/contract/client';
import * as payments from '@/lib/contract/payments';
import * as referrals from '@/lib/contract/referrals';
import type { OutstandingPaymentDto, PaymentReportDto } from '@/lib/dto/payments';
import type { Period } from '@/lib/period';
import { invalidateAreas } from '@/lib/query/invalidate';
import { paymentKeys } from '@/lib/query/keys';
import { withOutstanding, withoutOutstanding } from './outstanding-list';
import { movedPence, withPayments } from './report-data';
import { reportOf, type Outstanding } from './queries';

/** Every payment change's key starts so: usePaymentsInFlight finds them by it. */
export const PAYMENT_MUTATION = ['payment'] as const;

/** One reward paid or its payment undone, with where it shows (the report's month, the alert's row). */
export type RewardPayment = {
  kind: 'pay' | 'undo';
  referralId: string;
  clientId: string;
  period: Period;
  alertRow?: OutstandingPaymentDto;
};
/** Every unpaid reward of a client in the report's month. */
export type PayAllChange = { kind: 'payAll'; clientId: string; period: Period };
export type PaymentChange = RewardPayment | PayAllChange;

/** How the alert and the month's report look once the change is made, shown before the server answers. */
function showChange(qc: QueryClient, change: PaymentChange) {
  const pages = qc.getQueryData<InfiniteData<PaymentReportDto>>(paymentKeys.report(change.period));
  const report = reportOf(pages);
  const ids =
    change.kind === 'payAll'
      ? (report?.groups
          .find((g) => g.clientId === change.clientId)
          ?.payments.filter((p) => !p.paid)
          .map((p) => p.id) ?? [])
      : [change.referralId];
  const paid = change.kind !== 'undo';
  // Every loaded page carries the month's totals: each moves by the same amount.
  const moved = report ? movedPence(report.groups, ids, paid) : 0;
  const at = paid ? new Date().toISOString() : null;
  qc.setQueryData<InfiniteData<PaymentReportDto>>(paymentKeys.report(change.period), (data) =>
    data ? { ...data, pages: data.pages.map((page) => withPayments(page, ids, paid, at, moved)) } : data,
  );
  qc.setQueryData<Outstanding>(paymentKeys.outstanding(), (o) => {
    if (!o) return o;
    if (paid) return { ...o, rows: withoutOutstanding(o.rows, ids) };
    return change.kind === 'undo' && change.alertRow
      ? { ...o, rows: withOutstanding(o.rows, change.alertRow) }
      : o;
  });
}

/**
 * A payment change shown at once: the alert and the report change before the server answers and go back as
 * they were when it refuses (a held client's payments, say), and then the clients and money views are asked
 * for again, since a refusal may mean the client changed meanwhile. Success makes the areas the endpoint
 * names stale (its `invalidates`).
 */
function useShownAtOnce<C extends PaymentChange>() {
  const qc = useQueryClient();
  return {
    onMutate: async (change: C) => {
      await qc.cancelQueries({ queryKey: paymentKeys.all });
      const snapshot = qc.getQueriesData({ queryKey: paymentKeys.all });
      showChange(qc, change);
      return { snapshot };
    },
    onError: (_e: unknown, _change: C, context?: { snapshot: [readonly unknown[], unknown][] }) => {
      context?.snapshot.forEach(([key, data]) => qc.setQueryData(key, data));
      void invalidateAreas(qc, ['clients', 'payments', 'referrals']);
    },
  };
}

/** POST /api/referrals/{id}/payment ('Paid Now', 'Due Payment'): the reward marked paid. */
export function usePayReward() {
  const { mutationFn, mutationKey, meta } = endpointMutation(referrals.pay);
  return useMutation({
    mutationKey: [...PAYMENT_MUTATION, ...mutationKey],
    meta,
    mutationFn: (change: RewardPayment) => mutationFn({ params: { id: change.referralId } }),
    ...useShownAtOnce<RewardPayment>(),
  });
}

/** DELETE /api/referrals/{id}/payment (Undo, 'Paid ↶'): the reward owed again. */
export function useUndoPayment() {
  const { mutationFn, mutationKey, meta } = endpointMutation(referrals.undoPayment);
  return useMutation({
    mutationKey: [...PAYMENT_MUTATION, ...mutationKey],
    meta,
    mutationFn: (change: RewardPayment) => mutationFn({ params: { id: change.referralId } }),
    ...useShownAtOnce<RewardPayment>(),
  });
}

/** POST /api/payments/pay-all ('Pay All Outstanding'): the client's unpaid rewards of the month, at once. */
export function usePayAll() {
  const { mutationFn, mutationKey, meta } = endpointMutation(payments.payAll);
  return useMutation({
    mutationKey: [...PAYMENT_MUTATION, ...mutationKey],
    meta,
    mutationFn: ({ clientId, period }: PayAllChange) =>
      mutationFn({ body: { clientId, year: period.year, month: period.month } }),
    ...useShownAtOnce<PayAllChange>(),
  });
}

/** Which payments are on their way: their buttons wait (a second click must not pay twice). */
export function usePaymentsInFlight() {
  const running = useMutationState({
    filters: { mutationKey: PAYMENT_MUTATION, status: 'pending' },
    select: (m) => m.state.variables as PaymentChange,
  });
  const isPayingAll = (clientId: string) =>
    running.some((c) => c.kind === 'payAll' && c.clientId === clientId);
  const isBusy = (referralId: string, clientId: string) =>
    isPayingAll(clientId) || running.some((c) => c.kind !== 'payAll' && c.referralId === referralId);
  return { isBusy, isPayingAll };
}
