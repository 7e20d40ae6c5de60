import type { PaymentGroupDto, PaymentReportDto } from '@/lib/dto/payments';
import { groupKey, groupTotal, withPayments } from './report-data';

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

describe('groupTotal', () => {
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
