'use client';

import { useState } from 'react';
import type { OutstandingPaymentDto, PaymentGroupDto, PaymentRowDto } from '@/lib/dto/payments';
import type { Period } from '@/lib/period';
import { AuditLog } from './audit-log';
import { BankFile } from './bank-file';
import { MonthlyReport } from './monthly-report';
import { OutstandingAlert } from './outstanding-alert';
import { PayAllDialog } from './pay-all-dialog';
import { PayConfirmDialog, type PayeeBank } from './pay-confirm';
import { payAllButtonId, statusButtonId, toggleId } from './payment-group';
import { bacsText } from './texts';
import { PrintSummary } from './print-summary';
import { usePayments } from './use-payments';

export interface PaymentsTabProps {
  /** Whether the tab is showing: it loads when first shown and reloads each time it is shown again. */
  active: boolean;
}

interface PayAllState {
  group: PaymentGroupDto;
  period: Period;
  open: boolean;
}

/** A 'Paid Now' waiting for its confirmation (issue 29, point 1). */
interface PayNowState {
  key: string;
  clientName: string;
  referralName: string;
  amount: number;
  bank: PayeeBank;
  pay: () => Promise<unknown>;
  open: boolean;
  /** The button that opened it, focused again when it closes (it may have re-rendered as Undo meanwhile). */
  returnFocusId?: string;
}

/** The alert's row names the account by its holder and last four digits only. */
function alertBank(row: OutstandingPaymentDto): PayeeBank {
  const holder = row.accountName ? `${row.accountName}, ` : '';
  return {
    hasBankDetails: row.hasBankDetails,
    detail: row.accountEnding ? `${holder}account ending ${row.accountEnding}` : null,
    heldAt: row.bankDetailsHeldAt,
    changedBy: row.bankDetailsChangedBy,
  };
}

/** The report shows the client's details in full already (it is what staff pay from). */
function groupBank(group: PaymentGroupDto | undefined): PayeeBank {
  return {
    hasBankDetails: !!group?.accountNumber,
    detail: group ? (bacsText(group)?.replace(/^BACS: /, '') ?? null) : null,
    heldAt: group?.bankDetailsHeldAt ?? null,
    changedBy: group?.bankDetailsChangedBy ?? null,
  };
}

/**
 * The 'Payments & Reporting' tab of the dashboard (spec section 2, full admins): the Outstanding Payments
 * Alert, the bank payment file, the Monthly Payment Report with its summary by client, CSV downloads and a
 * print view, and the Payments Audit Log.
 */
export function PaymentsTab({ active }: PaymentsTabProps) {
  const payments = usePayments({ active });
  const [payAll, setPayAll] = useState<PayAllState | null>(null);
  const [payNow, setPayNow] = useState<PayNowState | null>(null);

  function confirmFromAlert(row: OutstandingPaymentDto) {
    setPayNow({
      key: `alert-${row.referralId}`,
      clientName: row.clientName,
      referralName: row.referralName,
      amount: row.rewardAmount,
      bank: alertBank(row),
      pay: () => payments.payFromAlert(row),
      open: true,
    });
  }

  /** The report's status button: paying asks first; an undo (the safe direction) does not. */
  function toggleFromReport(payment: PaymentRowDto) {
    if (payment.paid) return void payments.togglePayment(payment);
    const group =
      payments.report.status === 'ready'
        ? payments.report.data.groups.find((g) => g.clientId === payment.clientId)
        : undefined;
    setPayNow({
      key: `report-${payment.id}`,
      clientName: group?.clientName ?? 'the client',
      referralName: payment.name,
      amount: payment.rewardAmount,
      bank: groupBank(group),
      pay: () => payments.togglePayment(payment),
      open: true,
      returnFocusId: statusButtonId(payment),
    });
  }

  function returnFocus(event: Event) {
    if (!payAll) return;
    event.preventDefault();
    // Paid in full, the group's Pay All button gives way to 'Fully Paid': its toggle takes focus instead.
    const target =
      document.getElementById(payAllButtonId(payAll.group)) ??
      document.getElementById(toggleId(payAll.group));
    target?.focus();
  }

  return (
    <div className="grid gap-6">
      <OutstandingAlert
        load={payments.outstanding}
        summary={payments.outstandingSummary}
        recentlyPaid={payments.recentlyPaid}
        isBusy={payments.isBusy}
        onPay={confirmFromAlert}
        onUndo={(row) => void payments.undoFromAlert(row)}
        onRetry={payments.retryOutstanding}
      />

      <BankFile />

      <MonthlyReport
        period={payments.period}
        onPeriodChange={payments.setPeriod}
        load={payments.report}
        onRetry={payments.retryReport}
        isBusy={payments.isBusy}
        isPayingAll={payments.isPayingAll}
        onToggle={toggleFromReport}
        onPayAll={(group, period) => setPayAll({ group, period, open: true })}
        more={payments.moreReport}
        onLoadMore={payments.loadMoreReport}
      />

      <AuditLog
        load={payments.audit}
        more={payments.moreAudit}
        onRetry={payments.retryAudit}
        onLoadMore={() => void payments.loadMoreAudit()}
      />

      {payAll && (
        <PayAllDialog
          key={`${payAll.group.clientId}-${payAll.period.year}-${payAll.period.month}`}
          group={payAll.group}
          period={payAll.period}
          open={payAll.open}
          onOpenChange={(open) => setPayAll((s) => (s ? { ...s, open } : s))}
          onConfirm={payments.payAll}
          onCloseAutoFocus={returnFocus}
        />
      )}

      {payNow && (
        <PayConfirmDialog
          key={payNow.key}
          id="pay-now"
          open={payNow.open}
          onOpenChange={(open) => setPayNow((s) => (s ? { ...s, open } : s))}
          title="Mark this reward paid?"
          clientName={payNow.clientName}
          what={`The reward for ${payNow.referralName}'s referral`}
          amount={payNow.amount}
          bank={payNow.bank}
          onConfirm={payNow.pay}
          onCloseAutoFocus={(event) => {
            const target = payNow.returnFocusId && document.getElementById(payNow.returnFocusId);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        />
      )}

      {active && payments.report.status === 'ready' && <PrintSummary report={payments.report.data} />}
    </div>
  );
}
