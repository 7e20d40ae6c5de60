'use client';

import { toast } from 'sonner';
import { errorMessage } from '@/lib/client/api';
import type { OutstandingPaymentDto, PaymentGroupDto } from '@/lib/dto/payments';
import type { Period } from '@/lib/period';
import { usePayAll, usePayReward, usePaymentsInFlight, useUndoPayment } from './mutations';
import { paidText } from './texts';

/**
 * The tab's payments (shown at once, rolled back if refused: mutations.ts) with their toasts, and which of
 * them are on their way.
 */
export function usePay(period: Period) {
  const payReward = usePayReward();
  const undoPayment = useUndoPayment();
  const payAllRewards = usePayAll();
  const { isBusy, isPayingAll } = usePaymentsInFlight();

  /** One payment or undo; a failure is a toast (the change has been rolled back). */
  async function pay(
    kind: 'pay' | 'undo',
    id: string,
    clientId: string,
    name: string,
    row?: OutstandingPaymentDto,
  ) {
    if (isBusy(id, clientId)) return false;
    try {
      const change = kind === 'pay' ? payReward : undoPayment;
      const { auditEntry, paidEmail } = await change.mutateAsync({
        kind,
        referralId: id,
        clientId,
        period,
        alertRow: row,
      });
      toast.success(paidText(kind, auditEntry.amount, name, undefined, paidEmail ?? null));
      return true;
    } catch (e) {
      console.error(`${kind === 'pay' ? 'Marking the payment paid' : 'Undoing the payment'} failed`, e);
      toast.error(errorMessage(e));
      return false;
    }
  }

  /** 'Pay All Outstanding' for a client in the report's month; throws for the confirmation dialog to show. */
  async function payAll(group: PaymentGroupDto, reportPeriod: Period): Promise<boolean> {
    if (isPayingAll(group.clientId)) return false;
    const { total } = await payAllRewards.mutateAsync({
      kind: 'payAll',
      clientId: group.clientId,
      period: reportPeriod,
    });
    toast.success(paidText('payAll', total, group.clientName, reportPeriod));
    return true;
  }

  return { pay, payAll, isBusy, isPayingAll };
}
