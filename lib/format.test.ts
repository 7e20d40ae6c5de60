import { formatDate, formatDateTime, formatPence, formatPounds } from './format';

describe('en-GB formats', () => {
  it('formats pounds with £ and en-GB grouping', () => {
    expect(formatPounds(200)).toBe('£200');
    expect(formatPounds(1250)).toBe('£1,250');
    expect(formatPounds(12.5)).toBe('£12.50');
  });

  it('formats stored pence as pounds and pence', () => {
    expect(formatPence(1000)).toBe('£10.00');
    expect(formatPence(123456)).toBe('£1,234.56');
  });

  it('formats dates day-first, and times in UK time', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 Nov 2026');
    expect(formatDateTime('2026-07-01T13:05:00Z')).toBe('01/07/2026, 14:05');
  });
});
