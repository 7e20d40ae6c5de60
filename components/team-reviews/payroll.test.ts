import { owedByMonth } from './payroll';
import { review } from './team-fixtures';

describe('payroll helpers', () => {
  it('groups unpaid reviews by month, oldest first, with totals exact to the penny', () => {
    const rows = owedByMonth([
      review({ id: 'a', date: '2003-02-10', bonusAmount: 10 }),
      review({ id: 'b', date: '2003-02-28', bonusAmount: 13.37 }),
      review({ id: 'c', date: '2025-11-01', bonusAmount: 0.1 }),
      review({ id: 'd', date: '2025-11-30', bonusAmount: 0.2 }),
    ]);
    expect(rows).toEqual([
      { period: { year: 2003, month: 2 }, count: 2, total: 23.37 },
      { period: { year: 2025, month: 11 }, count: 2, total: 0.3 },
    ]);
  });
});
