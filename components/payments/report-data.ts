/**
 * A month's payment report on screen: a client group's key and total, and the report as it is once payments are
 * marked paid or unpaid (shown at once, while the report is fetched again). No React, no fetch.
 */
import type { PaymentGroupDto, PaymentReportDto } from '@/lib/dto/payments';
import { sumPounds, toPence, toPounds } from '@/lib/money';

/**
 * The key of a client's group (its collapse toggle and panel ids): the spec keys it by the client name with
 * spaces removed; the client id follows so that two clients of the same name never share one.
 */
export function groupKey(group: Pick<PaymentGroupDto, 'clientName' | 'clientId'>): string {
  return `payment-group-${group.clientName.replace(/\s+/g, '')}-${group.clientId}`;
}

/** Owed plus paid, in pence arithmetic so that £12.10 + £0.20 is £12.30. */
export function groupTotal(group: Pick<PaymentGroupDto, 'totalOwed' | 'totalPaid'>): number {
  return addPounds(group.totalOwed, group.totalPaid);
}

function addPounds(...amounts: number[]): number {
  return sumPounds(amounts);
}

/**
 * The report with these referrals marked paid (or unpaid), totals recomputed: what the server will answer,
 * shown at once after a payment while the report is fetched again.
 */
export function withPayments(
  report: PaymentReportDto,
  referralIds: readonly string[],
  paid: boolean,
  paidAt: string | null,
  moved: number = movedPence(report.groups, referralIds, paid),
): PaymentReportDto {
  const ids = new Set(referralIds);
  if (moved === 0 && !report.groups.some((g) => g.payments.some((p) => ids.has(p.id) && p.paid !== paid))) {
    return report;
  }
  const groups = report.groups.map((group) => {
    if (!group.payments.some((p) => ids.has(p.id) && p.paid !== paid)) return group;
    const payments = group.payments.map((p) =>
      ids.has(p.id) && p.paid !== paid ? { ...p, paid, paidAt: paid ? paidAt : null } : p,
    );
    return {
      ...group,
      payments,
      totalOwed: addPounds(...payments.filter((p) => !p.paid).map((p) => p.rewardAmount)),
      totalPaid: addPounds(...payments.filter((p) => p.paid).map((p) => p.rewardAmount)),
    };
  });
  // The month's totals are the whole month's (the server's), whatever page of clients is loaded: they move by
  // the amount that changed hands.
  return {
    ...report,
    groups,
    totalOwed: toPounds(toPence(report.totalOwed) - moved),
    totalPaid: toPounds(toPence(report.totalPaid) + moved),
  };
}

/** Pence that move from owed to paid (negative: back to owed) when these payments become paid or unpaid. */
export function movedPence(
  groups: readonly PaymentGroupDto[],
  referralIds: readonly string[],
  paid: boolean,
): number {
  const ids = new Set(referralIds);
  let pence = 0;
  for (const group of groups) {
    for (const p of group.payments) {
      if (ids.has(p.id) && p.paid !== paid) pence += toPence(p.rewardAmount);
    }
  }
  return paid ? pence : -pence;
}
