import type { OutstandingPaymentDto } from '@/lib/dto/payments';
import { alertRows, withOutstanding, withoutOutstanding } from './outstanding-list';

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
