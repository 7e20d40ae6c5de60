import { formatDate, formatDateTime } from './format';

describe('en-GB dates', () => {
  it('formats dates day-first, and times in UK time', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 Nov 2026');
    expect(formatDateTime('2026-07-01T13:05:00Z')).toBe('01/07/2026, 14:05');
  });
});
