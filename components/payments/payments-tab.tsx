'use client';

import { useState } from 'react';
import type { PaymentGroupDto } from '@/lib/dto/payments';
import { AuditLog } from './audit-log';
import { BankFile } from './bank-file';
import { MonthlyReport } from './monthly-report';
import { OutstandingAlert } from './outstanding-alert';
import { PayAllDialog } from './pay-all-dialog';
import { payAllButtonId, toggleId } from './payment-group';
import type { ReportPeriod } from './payment-helpers';
import { PrintSummary } from './print-summary';
import { usePayments } from './use-payments';

export interface PaymentsTabProps {
  /** Whether the tab is showing: it loads when first shown and reloads each time it is shown again. */
  active: boolean;
}

interface PayAllState {
  group: PaymentGroupDto;
  period: ReportPeriod;
  open: boolean;
}

/**
 * The 'Payments & Reporting' tab of the dashboard (spec section 2, full admins): the Outstanding Payments
 * Alert, the bank payment file, the Monthly Payment Report with its summary by client, CSV downloads and a
 * print view, and the Payments Audit Log.
 */
export function PaymentsTab({ active }: PaymentsTabProps) {
  const payments = usePayments({ active });
  const [payAll, setPayAll] = useState<PayAllState | null>(null);

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
        onPay={(row) => void payments.payFromAlert(row)}
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
        onToggle={(payment) => void payments.togglePayment(payment)}
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

      {active && payments.report.status === 'ready' && <PrintSummary report={payments.report.data} />}
    </div>
  );
}
