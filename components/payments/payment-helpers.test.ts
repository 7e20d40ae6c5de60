import type {
  OutstandingPaymentDto,
  PaymentAuditEntryDto,
  PaymentGroupDto,
  PaymentReportDto,
} from '@/lib/dto/payments';
import {
  alertRows,
  auditActionLabel,
  bacsText,
  conversionsLabel,
  daysDescription,
  daysLabel,
  daysUrgency,
  groupKey,
  groupTotal,
  mergeAuditEntries,
  periodLabel,
  reportCsvUrl,
  paidText,
  rewardChangeNote,
  summaryHeading,
  withOutstanding,
  withoutOutstanding,
  withPayments,
} from './payment-helpers';
import { formatDate } from '@/lib/format';

function outstanding(id: string, convertedAt: string): OutstandingPaymentDto {
  return {
    referralId: id,
    clientId: 'c1',
    clientName: 'Jane Doe',
    referralName: `Lead ${id}`,
    rewardAmount: 200,
    convertedAt,
    daysSinceConversion: 3,
    bankDetailsHeldAt: null,
    bankDetailsChangedBy: null,
    hasBankDetails: true,
    accountName: 'Jane Doe',
    accountEnding: '5678',
  };
}

function entry(id: string, timestamp: string): PaymentAuditEntryDto {
  return {
    id,
    timestamp,
    action: 'payment_marked',
    clientName: 'Jane Doe',
    referralName: 'Bob Smith',
    amount: 200,
    performedBy: 'admin@clinic.test',
    details: null,
  };
}

function group(clientId: string, payments: { id: string; amount: number; paid: boolean }[]): PaymentGroupDto {
  return {
    clientId,
    clientName: `Client ${clientId}`,
    cardNumber: 'SC-ABCD-EFGH-2345',
    sortCode: null,
    accountNumber: null,
    accountName: null,
    bankDetailsHeldAt: null,
    bankDetailsChangedBy: null,
    sharedBankDetailsWith: [],
    payments: payments.map((p) => ({
      id: p.id,
      clientId,
      name: `Lead ${p.id}`,
      rewardAmount: p.amount,
      paid: p.paid,
      convertedAt: '2026-01-05T10:00:00.000Z',
      paidAt: p.paid ? '2026-01-06T10:00:00.000Z' : null,
      rewardChange: null,
    })),
    totalOwed: payments.filter((p) => !p.paid).reduce((s, p) => s + p.amount, 0),
    totalPaid: payments.filter((p) => p.paid).reduce((s, p) => s + p.amount, 0),
  };
}

describe('rewardChangeNote', () => {
  it('says from and to which amount, by whom and on which day (issue 28)', () => {
    expect(
      rewardChangeNote({ from: 200, to: 350.5, by: 'admin@clinic.test', at: '2026-01-05T10:00:00.000Z' }),
    ).toBe(
      `Amount changed from £200 to £350.50 by admin@clinic.test on ${formatDate('2026-01-05T10:00:00.000Z')}`,
    );
  });
});

describe('texts', () => {
  it('names the period and the summary heading', () => {
    expect(periodLabel({ year: 2026, month: 1 })).toBe('January 2026');
    expect(summaryHeading({ year: 2025, month: 12 })).toBe('December 2025 Payment Summary');
  });

  it('points the CSV link at the month', () => {
    expect(reportCsvUrl({ year: 2026, month: 3 })).toBe('/api/payments/report.csv?year=2026&month=3');
  });

  it("says 'today', '1 day' and 'N days' with en-GB grouping", () => {
    expect(daysLabel(0)).toBe('today');
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(12)).toBe('12 days');
    expect(daysLabel(1024)).toBe('1,024 days');
    expect(daysDescription(0)).toBe('The story started today');
    expect(daysDescription(5)).toBe('5 days since the story started');
  });

  it('grows more urgent after a week and after a month', () => {
    expect(daysUrgency(0)).toBe('calm');
    expect(daysUrgency(7)).toBe('calm');
    expect(daysUrgency(8)).toBe('waiting');
    expect(daysUrgency(31)).toBe('late');
  });

  it('counts conversions', () => {
    expect(conversionsLabel(1)).toBe('1 conversion');
    expect(conversionsLabel(2)).toBe('2 conversions');
    expect(conversionsLabel(1500)).toBe('1,500 conversions');
  });

  it('labels audit actions Paid, Undone and Cancelled', () => {
    expect(auditActionLabel('payment_marked')).toBe('Paid');
    expect(auditActionLabel('bank_details_changed')).toBe('Bank details changed');
    expect(auditActionLabel('bank_details_approved')).toBe('Bank details approved');
    expect(auditActionLabel('payment_undone')).toBe('Undone');
    expect(auditActionLabel('reward_cancelled')).toBe('Cancelled');
  });
});

describe('groupKey', () => {
  it('is the client name with spaces removed, made unique by the client id', () => {
    expect(groupKey({ clientName: 'Mary Jane  Watson', clientId: 'id-1' })).toBe(
      'payment-group-MaryJaneWatson-id-1',
    );
    expect(groupKey({ clientName: 'Jane Doe', clientId: 'a' })).not.toBe(
      groupKey({ clientName: 'Jane Doe', clientId: 'b' }),
    );
  });
});

describe('bacsText and groupTotal', () => {
  it("shows 'BACS: sort code / account number' only when both are present", () => {
    expect(bacsText({ sortCode: '12-34-56', accountNumber: '12345678' })).toBe('BACS: 12-34-56 / 12345678');
    expect(bacsText({ sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Jane Smith' })).toBe(
      'BACS: 12-34-56 / 12345678 (Jane Smith)',
    );
    expect(bacsText({ sortCode: '12-34-56', accountNumber: null })).toBeNull();
    expect(bacsText({ sortCode: null, accountNumber: '12345678' })).toBeNull();
  });

  it('adds owed and paid without floating-point drift', () => {
    expect(groupTotal({ totalOwed: 200, totalPaid: 400 })).toBe(600);
    expect(groupTotal({ totalOwed: 0.1, totalPaid: 0.2 })).toBe(0.3);
  });
});

describe('withPayments', () => {
  const report: PaymentReportDto = {
    year: 2026,
    month: 1,
    groups: [
      group('c1', [
        { id: 'r1', amount: 200, paid: false },
        { id: 'r2', amount: 150.5, paid: false },
      ]),
      group('c2', [{ id: 'r3', amount: 200, paid: true }]),
    ],
    totalOwed: 350.5,
    totalPaid: 200,
    clients: 2,
    conversions: 3,
    nextCursor: null,
  };

  it('moves a payment between the whole month’s totals when only a page of clients is loaded', () => {
    // The month has more clients than this page: its totals are the server's, and move by the amount paid.
    const page = { ...report, totalOwed: 10_350.5, totalPaid: 5_200, clients: 90, nextCursor: 'next' };
    expect(withPayments(page, ['r2'], true, '2026-01-07T09:00:00.000Z')).toMatchObject({
      totalOwed: 10_200,
      totalPaid: 5_350.5,
    });
    expect(withPayments(page, ['r3'], false, null)).toMatchObject({ totalOwed: 10_550.5, totalPaid: 5_000 });
    // Paid again (already paid): nothing moves.
    expect(withPayments(page, ['r3'], true, null)).toBe(page);
  });

  it('marks payments paid and recomputes the group and month totals', () => {
    const next = withPayments(report, ['r1'], true, '2026-01-07T09:00:00.000Z');
    const [c1, c2] = next.groups;
    expect(c1!.payments[0]).toMatchObject({ paid: true, paidAt: '2026-01-07T09:00:00.000Z' });
    expect(c1).toMatchObject({ totalOwed: 150.5, totalPaid: 200 });
    expect(c2).toBe(report.groups[1]);
    expect(next).toMatchObject({ totalOwed: 150.5, totalPaid: 400 });
    expect(report.groups[0]!.payments[0]!.paid).toBe(false);
  });

  it('undoes payments', () => {
    const next = withPayments(report, ['r3'], false, null);
    expect(next.groups[1]).toMatchObject({ totalOwed: 200, totalPaid: 0 });
    expect(next.groups[1]!.payments[0]).toMatchObject({ paid: false, paidAt: null });
    expect(next).toMatchObject({ totalOwed: 550.5, totalPaid: 0 });
  });

  it('pays several at once (Pay All) and leaves an unrelated report as it is', () => {
    const next = withPayments(report, ['r1', 'r2'], true, '2026-01-07T09:00:00.000Z');
    expect(next.groups[0]).toMatchObject({ totalOwed: 0, totalPaid: 350.5 });
    expect(withPayments(report, ['elsewhere'], true, null)).toBe(report);
  });
});

describe('the outstanding list', () => {
  const a = outstanding('a', '2026-01-01T10:00:00.000Z');
  const b = outstanding('b', '2026-01-02T10:00:00.000Z');
  const c = outstanding('c', '2026-01-03T10:00:00.000Z');

  it('takes paid rows out and puts undone ones back in conversion order, once', () => {
    expect(withoutOutstanding([a, b, c], ['b'])).toEqual([a, c]);
    expect(withOutstanding([a, c], b)).toEqual([a, b, c]);
    expect(withOutstanding([a, b, c], b)).toEqual([a, b, c]);
  });

  it('shows rows paid moments ago among the unpaid ones, oldest conversion first', () => {
    expect(alertRows([a, c], [b])).toEqual([
      { row: a, paid: false },
      { row: b, paid: true },
      { row: c, paid: false },
    ]);
  });

  it('believes the server when a row paid here is unpaid again (undone elsewhere)', () => {
    expect(alertRows([a, b], [b])).toEqual([
      { row: a, paid: false },
      { row: b, paid: false },
    ]);
  });
});

describe('the audit log', () => {
  const e1 = entry('00000000-0000-0000-0000-000000000001', '2026-01-01T10:00:00.000Z');
  const e2 = entry('00000000-0000-0000-0000-000000000002', '2026-01-02T10:00:00.000Z');
  const e3 = entry('00000000-0000-0000-0000-000000000003', '2026-01-03T10:00:00.000Z');
  const e3b = entry('00000000-0000-0000-0000-000000000004', '2026-01-03T10:00:00.000Z');

  it('merges new entries once each, newest first (ties by id, as the server pages them)', () => {
    expect(mergeAuditEntries([e2, e1], [e3, e2])).toEqual([e3, e2, e1]);
    expect(mergeAuditEntries([e3], [e3b])).toEqual([e3b, e3]);
  });
});

describe('paidText (issue 29: what an undo did to the reward-paid email)', () => {
  it('says the email was cancelled, or that a correction is on its way', () => {
    expect(paidText('undo', 200, 'Amy Pond', undefined, 'cancelled')).toBe(
      'Payment undone: £200 owed for Amy Pond: the “reward paid” email was cancelled before it went',
    );
    expect(paidText('undo', 200, 'Amy Pond', undefined, 'correction')).toBe(
      'Payment undone: £200 owed for Amy Pond: the client had been emailed, so a short correction is on its way',
    );
    expect(paidText('undo', 200, 'Amy Pond')).toBe('Payment undone: £200 owed for Amy Pond');
  });
});
