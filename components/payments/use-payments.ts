'use client';

import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/client/api';
import { useUndoWindow } from '@/lib/client/use-undo-window';
import type { OutstandingPaymentDto, PaymentRowDto } from '@/lib/dto/payments';
import { currentPeriod, samePeriod, type Period } from '@/lib/period';
import { paymentKeys } from '@/lib/query/keys';
import { toLoad } from '@/lib/query/load';
import { ALERT_HEADING_ID, ALERT_ROW_ATTRIBUTE, UNDO_WINDOW_MS } from './outstanding-list';
import { auditLog, auditQuery, outstandingQuery, reportOf, reportQuery } from './queries';
import { usePay } from './use-pay';

export type { Load } from '@/lib/query/load';
export { ALERT_HEADING_ID, ALERT_ROW_ATTRIBUTE } from './outstanding-list';

/**
 * The Payments & Reporting tab: its queries (loaded when the tab is first shown, asked for again each time it
 * is shown again) and its payments (usePay: shown at once, rolled back if refused).
 */
export function usePayments({ active }: { active: boolean }) {
  const qc = useQueryClient();
  const [period, setPeriodState] = useState<Period>(() => currentPeriod());
  const outstanding = useQuery({ ...outstandingQuery(), enabled: active });
  const report = useInfiniteQuery({ ...reportQuery(period), enabled: active });
  const audit = useInfiniteQuery({ ...auditQuery(), enabled: active });
  const { pay, payAll, isBusy, isPayingAll } = usePay(period);
  // Paid from the alert within the Undo window: those rows stay in the alert, offering Undo.
  const [recentRows, setRecentRows] = useState<OutstandingPaymentDto[]>([]);
  const undo = useUndoWindow(UNDO_WINDOW_MS, (id) => {
    // Focus in the row that is leaving goes to the alert's heading, not to the top of the page.
    const row =
      document.activeElement instanceof HTMLElement
        ? document.activeElement.closest(`[${ALERT_ROW_ATTRIBUTE}]`)
        : null;
    if (row?.getAttribute(ALERT_ROW_ATTRIBUTE) === id) document.getElementById(ALERT_HEADING_ID)?.focus();
  });

  // Shown again: what others did meanwhile shows too (the first showing loads through `enabled`).
  const shownRef = useRef(false);
  useEffect(() => {
    if (!active) return;
    if (shownRef.current) void qc.invalidateQueries({ queryKey: paymentKeys.all });
    shownRef.current = true;
  }, [active, qc]);

  return {
    period,
    setPeriod: (next: Period) => !samePeriod(next, period) && setPeriodState(next),
    outstanding: toLoad({ ...outstanding, data: outstanding.data?.rows }),
    outstandingSummary: outstanding.data?.summary ?? null,
    recentlyPaid: recentRows.filter((r) => undo.isOpen(r.referralId)),
    report: toLoad({ ...report, data: reportOf(report.data) }),
    moreReport: {
      loading: report.isFetchingNextPage,
      error: report.isFetchNextPageError ? errorMessage(report.error) : null,
    },
    loadMoreReport: () => void (report.hasNextPage && !report.isFetchingNextPage && report.fetchNextPage()),
    audit: toLoad({ ...audit, data: auditLog(audit.data) }),
    moreAudit: {
      loading: audit.isFetchingNextPage,
      error: audit.isFetchNextPageError ? errorMessage(audit.error) : null,
    },
    retryOutstanding: () => void outstanding.refetch(),
    retryReport: () => void report.refetch(),
    retryAudit: () => void audit.refetch(),
    loadMoreAudit: () => void (audit.hasNextPage && !audit.isFetchingNextPage && audit.fetchNextPage()),
    isBusy,
    isPayingAll,
    /** 'Paid Now' in the Outstanding Payments Alert: the row stays, offering Undo, for 30 seconds. */
    payFromAlert: async (row: OutstandingPaymentDto) => {
      if (!(await pay('pay', row.referralId, row.clientId, row.referralName))) return;
      setRecentRows((rows) => [...rows.filter((r) => r.referralId !== row.referralId), row]);
      undo.open(row.referralId);
    },
    /** Undo in the alert: the row is unpaid again, where it was. */
    undoFromAlert: async (row: OutstandingPaymentDto) => {
      if (await pay('undo', row.referralId, row.clientId, row.referralName, row)) undo.close(row.referralId);
    },
    /** The summary's status button: 'Due Payment' pays, 'Paid ↶' undoes. */
    togglePayment: async (payment: PaymentRowDto) => {
      const alertRow = recentRows.find((r) => r.referralId === payment.id && undo.isOpen(r.referralId));
      if (await pay(payment.paid ? 'undo' : 'pay', payment.id, payment.clientId, payment.name, alertRow)) {
        undo.close(payment.id);
      }
    },
    /** 'Pay All Outstanding' for a client in the report's month; throws for the confirmation dialog to show. */
    payAll,
  };
}

export type Payments = ReturnType<typeof usePayments>;
