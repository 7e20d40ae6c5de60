import { memberOptionLabels, periodLabel, shareOf, statusTone } from './team-text';
import { member } from './team-fixtures';

describe('texts', () => {
  it('names a month', () => {
    expect(periodLabel({ year: 2025, month: 1 })).toBe('January 2025');
    expect(periodLabel({ year: 2026, month: 12 })).toBe('December 2026');
  });

  it('maps the spec’s statuses to badge tones', () => {
    expect(statusTone({ verifiedDate: null, isPaid: false })).toBe('pending');
    expect(statusTone({ verifiedDate: 'x', isPaid: false })).toBe('due');
    expect(statusTone({ verifiedDate: 'x', isPaid: true })).toBe('paid');
  });

  it('tells members who share a name apart by their code', () => {
    const labels = memberOptionLabels([
      member({ id: '1', qrCode: 'TM-1' }),
      member({ id: '2', firstName: 'jane', qrCode: 'TM-2' }),
      member({ id: '3', firstName: 'Tom', qrCode: 'TM-3' }),
    ]);
    expect([...labels.values()]).toEqual(['Jane Smith (TM-1)', 'jane Smith (TM-2)', 'Tom Smith']);
  });

  it('gives the share of visits a step kept, or nothing without visits', () => {
    expect(shareOf(5, 12)).toBe('42%');
    expect(shareOf(0, 3)).toBe('0%');
    expect(shareOf(0, 0)).toBe('');
  });
});
