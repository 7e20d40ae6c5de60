'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { markReferralPaid, undoReferralPayment } from '@/components/referrals/referral-api';
import { errorMessage } from '@/lib/client/api';
import type {
  OutstandingPaymentDto,
  PaymentAuditEntryDto,
  PaymentGroupDto,
  PaymentReportDto,
  PaymentRowDto,
} from '@/lib/dto/payments';
import type { ReferralDto } from '@/lib/dto/referrals';
import { formatPounds } from '@/lib/money';
import { currentUkMonth } from '@/lib/uk-time';
import {
  mergeAuditEntries,
  periodLabel,
  refreshedAuditLog,
  UNDO_WINDOW_MS,
  withOutstanding,
  withoutOutstanding,
  withPayments,
  type AuditLog,
  type ReportPeriod,
} from './payment-helpers';
import {
  fetchAuditPage,
  fetchOutstanding,
  fetchReport,
  payAllOutstanding,
  type OutstandingSummary,
} from './payments-api';

export type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** The Outstanding Payments Alert's heading, where focus goes when the row it was in leaves the alert. */
export const ALERT_HEADING_ID = 'payments-outstanding-heading';
/** The attribute marking an alert row (its value is the referral id). */
export const ALERT_ROW_ATTRIBUTE = 'data-outstanding-row';

const payAllKey = (clientId: string) => `all:${clientId}`;

function ready<T>(load: Load<T>, update: (data: T) => T): Load<T> {
  return load.status === 'ready' ? { status: 'ready', data: update(load.data) } : load;
}

/** Keeps a ready state when a background reload fails; otherwise the failure is the state. */
function failed<T>(load: Load<T>, message: string, background: boolean): Load<T> {
  return background && load.status === 'ready' ? load : { status: 'error', message };
}

interface UsePaymentsOptions {
  active: boolean;
  onReferralsChanged?: (referrals: ReferralDto[]) => void;
}

/**
 * The data of the Payments & Reporting tab and its actions. Loads when the tab first becomes active and
 * reloads (in the background, keeping what is shown) each time it becomes active again. After every payment
 * or undo the change shows at once, and the outstanding list, the report and the audit log are then fetched
 * again, so that what other people did meanwhile shows too.
 */
export function usePayments({ active, onReferralsChanged }: UsePaymentsOptions) {
  const [period, setPeriodState] = useState<ReportPeriod>(() => currentUkMonth());
  const [outstanding, setOutstanding] = useState<Load<OutstandingPaymentDto[]>>({ status: 'loading' });
  const [report, setReport] = useState<Load<PaymentReportDto>>({ status: 'loading' });
  const [audit, setAudit] = useState<Load<AuditLog>>({ status: 'loading' });
  const [moreAudit, setMoreAudit] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  /** Every outstanding reward as the server last counted them (the alert shows the oldest only). */
  const [outstandingSummary, setOutstandingSummary] = useState<OutstandingSummary | null>(null);
  /** Paid from the alert within the Undo window: they stay in the alert, offering Undo. */
  const [recentlyPaid, setRecentlyPaid] = useState<OutstandingPaymentDto[]>([]);
  /** Referral ids (and 'all:' client ids) with a call running. */
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  // A second click before React re-renders must not send a second call.
  const pendingRef = useRef(new Set<string>());
  // Each load counts; an answer that is no longer the latest is dropped (a slower, older one must not win).
  const seqRef = useRef({ outstanding: 0, report: 0, audit: 0 });
  const periodRef = useRef(period);
  const timersRef = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const changedRef = useRef(onReferralsChanged);
  useEffect(() => {
    changedRef.current = onReferralsChanged;
  }, [onReferralsChanged]);

  // ---------------------------------------------------------------------------------------------- loading

  /** Each load answers the error message when it failed, null when it worked (or was overtaken). */
  const loadOutstanding = useCallback(async (background: boolean): Promise<string | null> => {
    const mine = ++seqRef.current.outstanding;
    try {
      const { rows, summary } = await fetchOutstanding();
      if (mine === seqRef.current.outstanding) {
        setOutstanding({ status: 'ready', data: rows });
        setOutstandingSummary(summary);
      }
      return null;
    } catch (e) {
      console.error('Loading the outstanding payments failed', e);
      const message = errorMessage(e);
      if (mine === seqRef.current.outstanding) setOutstanding((s) => failed(s, message, background));
      return message;
    }
  }, []);

  const loadReport = useCallback(
    async (target: ReportPeriod, background: boolean): Promise<string | null> => {
      const mine = ++seqRef.current.report;
      try {
        const data = await fetchReport(target);
        if (mine === seqRef.current.report) setReport({ status: 'ready', data });
        return null;
      } catch (e) {
        console.error('Loading the payment report failed', e);
        const message = errorMessage(e);
        if (mine === seqRef.current.report) setReport((s) => failed(s, message, background));
        return message;
      }
    },
    [],
  );

  const loadAudit = useCallback(async (background: boolean): Promise<string | null> => {
    const mine = ++seqRef.current.audit;
    try {
      const page = await fetchAuditPage();
      if (mine === seqRef.current.audit) {
        setAudit((s) =>
          s.status === 'ready'
            ? { status: 'ready', data: refreshedAuditLog(s.data, page) }
            : { status: 'ready', data: page },
        );
      }
      return null;
    } catch (e) {
      console.error('Loading the payments audit log failed', e);
      const message = errorMessage(e);
      if (mine === seqRef.current.audit) setAudit((s) => failed(s, message, background));
      return message;
    }
  }, []);

  /** Everything again. In the background, what is shown stays and a failure is a toast, not an error state. */
  const refreshAll = useCallback(
    async (background: boolean) => {
      const errors = await Promise.all([
        loadOutstanding(background),
        loadReport(periodRef.current, background),
        loadAudit(background),
      ]);
      const error = errors.find((e) => e !== null);
      if (background && error) toast.error(`The payments could not be refreshed. ${error}`);
    },
    [loadAudit, loadOutstanding, loadReport],
  );

  const loadedRef = useRef(false);
  useEffect(() => {
    if (!active) return;
    const background = loadedRef.current;
    loadedRef.current = true;
    void refreshAll(background);
  }, [active, refreshAll]);

  // The Undo windows close on their own; none may outlive the tab.
  useEffect(() => {
    const timers = timersRef.current;
    return () => {
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, []);

  function retryOutstanding() {
    setOutstanding({ status: 'loading' });
    void loadOutstanding(false);
  }

  function retryReport() {
    setReport({ status: 'loading' });
    void loadReport(periodRef.current, false);
  }

  function retryAudit() {
    setAudit({ status: 'loading' });
    void loadAudit(false);
  }

  function setPeriod(next: ReportPeriod) {
    if (next.year === periodRef.current.year && next.month === periodRef.current.month) return;
    periodRef.current = next;
    setPeriodState(next);
    setReport({ status: 'loading' });
    void loadReport(next, false);
  }

  async function loadMoreAudit() {
    if (audit.status !== 'ready' || !audit.data.nextCursor || moreAudit.loading) return;
    const cursor = audit.data.nextCursor;
    setMoreAudit({ loading: true, error: null });
    try {
      const page = await fetchAuditPage(cursor);
      setAudit((s) =>
        // Only onto the list it continues (a refresh may have replaced it meanwhile).
        s.status === 'ready' && s.data.nextCursor === cursor
          ? {
              status: 'ready',
              data: { entries: mergeAuditEntries(s.data.entries, page.entries), nextCursor: page.nextCursor },
            }
          : s,
      );
      setMoreAudit({ loading: false, error: null });
    } catch (e) {
      console.error('Loading more of the payments audit log failed', e);
      setMoreAudit({ loading: false, error: errorMessage(e) });
    }
  }

  // ---------------------------------------------------------------------------------------------- actions

  function isBusy(referralId: string, clientId: string): boolean {
    return pending.has(referralId) || pending.has(payAllKey(clientId));
  }

  function begin(key: string, clientId: string): boolean {
    const running = pendingRef.current;
    if (running.has(key) || running.has(payAllKey(clientId))) return false;
    running.add(key);
    setPending(new Set(running));
    // Loads already on their way were asked before this change: their answers are dropped.
    seqRef.current.outstanding += 1;
    seqRef.current.report += 1;
    seqRef.current.audit += 1;
    return true;
  }

  function end(key: string) {
    pendingRef.current.delete(key);
    setPending(new Set(pendingRef.current));
    void refreshAll(true);
  }

  function changed(referrals: ReferralDto[]) {
    if (referrals.length > 0) changedRef.current?.(referrals);
  }

  function addAudit(entries: PaymentAuditEntryDto[]) {
    setAudit((s) => ready(s, (log) => ({ ...log, entries: mergeAuditEntries(log.entries, entries) })));
  }

  function stopUndoTimer(referralId: string) {
    const timer = timersRef.current.get(referralId);
    if (timer !== undefined) clearTimeout(timer);
    timersRef.current.delete(referralId);
  }

  function startUndoTimer(referralId: string) {
    stopUndoTimer(referralId);
    const timer = setTimeout(() => {
      timersRef.current.delete(referralId);
      // Focus in the row that is leaving goes to the alert's heading, not to the top of the page.
      const focused = document.activeElement;
      const row = focused instanceof HTMLElement ? focused.closest(`[${ALERT_ROW_ATTRIBUTE}]`) : null;
      if (row?.getAttribute(ALERT_ROW_ATTRIBUTE) === referralId) {
        document.getElementById(ALERT_HEADING_ID)?.focus();
      }
      setRecentlyPaid((list) => list.filter((r) => r.referralId !== referralId));
    }, UNDO_WINDOW_MS);
    timersRef.current.set(referralId, timer);
  }

  function forgetRecentPayment(referralId: string): OutstandingPaymentDto | undefined {
    stopUndoTimer(referralId);
    const row = recentlyPaid.find((r) => r.referralId === referralId);
    setRecentlyPaid((list) => list.filter((r) => r.referralId !== referralId));
    return row;
  }

  function failure(action: string, e: unknown) {
    console.error(`${action} failed`, e);
    toast.error(errorMessage(e));
  }

  /** 'Paid Now' in the Outstanding Payments Alert: the row stays, offering Undo, for 30 seconds. */
  async function payFromAlert(row: OutstandingPaymentDto) {
    const id = row.referralId;
    if (!begin(id, row.clientId)) return;
    try {
      const { referral, auditEntry } = await markReferralPaid(id);
      changed([referral]);
      setOutstanding((s) => ready(s, (list) => withoutOutstanding(list, [id])));
      setRecentlyPaid((list) => [...list.filter((r) => r.referralId !== id), row]);
      startUndoTimer(id);
      setReport((s) => ready(s, (r) => withPayments(r, [id], true, referral.paidAt)));
      addAudit([auditEntry]);
      toast.success(`${formatPounds(auditEntry.amount)} reward for ${row.referralName} marked paid`);
    } catch (e) {
      failure('Marking the payment paid', e);
    } finally {
      end(id);
    }
  }

  /** Undo in the alert: the row is unpaid again, where it was. */
  async function undoFromAlert(row: OutstandingPaymentDto) {
    const id = row.referralId;
    if (!begin(id, row.clientId)) return;
    try {
      const { referral, auditEntry } = await undoReferralPayment(id);
      changed([referral]);
      forgetRecentPayment(id);
      setOutstanding((s) => ready(s, (list) => withOutstanding(list, row)));
      setReport((s) => ready(s, (r) => withPayments(r, [id], false, null)));
      addAudit([auditEntry]);
      toast.success(`Payment undone: ${formatPounds(auditEntry.amount)} owed for ${row.referralName}`);
    } catch (e) {
      failure('Undoing the payment', e);
    } finally {
      end(id);
    }
  }

  /** The summary's status button: 'Due Payment' pays, 'Paid ↶' undoes. */
  async function togglePayment(payment: PaymentRowDto) {
    const id = payment.id;
    if (!begin(id, payment.clientId)) return;
    const pay = !payment.paid;
    try {
      const { referral, auditEntry } = pay ? await markReferralPaid(id) : await undoReferralPayment(id);
      changed([referral]);
      setReport((s) => ready(s, (r) => withPayments(r, [id], pay, referral.paidAt)));
      if (pay) {
        setOutstanding((s) => ready(s, (list) => withoutOutstanding(list, [id])));
      } else {
        // Back in the alert at once when it was paid there moments ago; otherwise the reload brings it.
        const row = forgetRecentPayment(id);
        if (row) setOutstanding((s) => ready(s, (list) => withOutstanding(list, row)));
      }
      addAudit([auditEntry]);
      const amount = formatPounds(auditEntry.amount);
      toast.success(
        pay
          ? `${amount} reward for ${payment.name} marked paid`
          : `Payment undone: ${amount} owed for ${payment.name}`,
      );
    } catch (e) {
      failure(pay ? 'Marking the payment paid' : 'Undoing the payment', e);
    } finally {
      end(id);
    }
  }

  /**
   * 'Pay All Outstanding' for a client in the report's month. Throws on failure (the confirmation dialog shows
   * the message); answers false when a call for that client was already running.
   */
  async function payAll(group: PaymentGroupDto, reportPeriod: ReportPeriod): Promise<boolean> {
    const key = payAllKey(group.clientId);
    if (!begin(key, group.clientId)) return false;
    try {
      const result = await payAllOutstanding(group.clientId, reportPeriod);
      const ids = result.paid.map((r) => r.id);
      changed(result.paid);
      const paidAt = result.paid[0]?.paidAt ?? new Date().toISOString();
      setReport((s) => ready(s, (r) => withPayments(r, ids, true, paidAt)));
      setOutstanding((s) => ready(s, (list) => withoutOutstanding(list, ids)));
      addAudit(result.auditEntries);
      toast.success(
        result.total > 0
          ? `${formatPounds(result.total)} paid to ${group.clientName} for ${periodLabel(reportPeriod)}`
          : `Nothing was left to pay to ${group.clientName} for ${periodLabel(reportPeriod)}`,
      );
      return true;
    } catch (e) {
      console.error('Pay All Outstanding failed', e);
      throw e;
    } finally {
      end(key);
    }
  }

  return {
    period,
    setPeriod,
    outstanding,
    outstandingSummary,
    recentlyPaid,
    report,
    audit,
    moreAudit,
    retryOutstanding,
    retryReport,
    retryAudit,
    loadMoreAudit,
    isBusy,
    isPayingAll: (clientId: string) => pending.has(payAllKey(clientId)),
    payFromAlert,
    undoFromAlert,
    togglePayment,
    payAll,
  };
}

export type Payments = ReturnType<typeof usePayments>;
