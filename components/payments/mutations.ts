'use client';

import {
  useMutation,
  useMutationState,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { markReferralPaid, undoReferralPayment } from '@/components/referrals/referral-api';
import { invalidateClients, invalidateMoney } from '@/components/clients/mutations';
import type { OutstandingPaymentDto, PaymentReportDto } from '@/lib/dto/payments';
import type { Period } from '@/lib/period';
import { paymentKeys } from '@/lib/query/keys';
import { movedPence, withOutstanding, withoutOutstanding, withPayments } from './payment-helpers';
import { reportOf } from './queries';
import { payAllOutstanding, type OutstandingSummary } from './payments-api';

export const PAYMENT_MUTATION = ['payment'] as const;

export type PaymentChange =
  | {
      kind: 'pay' | 'undo';
      referralId: string;
      clientId: string;
      period: Period;
      alertRow?: OutstandingPaymentDto;
    }
  | { kind: 'payAll'; clientId: string; period: Period };

type Outstanding = { rows: OutstandingPaymentDto[]; summary: OutstandingSummary };

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

async function send(change: PaymentChange) {
  if (change.kind === 'payAll') return payAllOutstanding(change.clientId, change.period);
  const { auditEntry, paidEmail } = await (change.kind === 'pay' ? markReferralPaid : undoReferralPayment)(
    change.referralId,
  );
  return { total: auditEntry.amount, paidEmail: paidEmail ?? null };
}

/**
 * Paid Now, Undo Payment and Pay All Outstanding, optimistically: the alert and the report change at once and
 * go back as they were when the server refuses (a held client's payments, say); then everything that shows
 * money (the tab, the clients table, searches) is asked for again.
 */
export function usePaymentChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: PAYMENT_MUTATION,
    mutationFn: send,
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: paymentKeys.all });
      const snapshot = qc.getQueriesData({ queryKey: paymentKeys.all });
      showChange(qc, change);
      return { snapshot };
    },
    onError: (_e, _change, context) => context?.snapshot.forEach(([key, data]) => qc.setQueryData(key, data)),
    onSettled: () => void Promise.all([invalidateClients(qc), invalidateMoney(qc)]),
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
