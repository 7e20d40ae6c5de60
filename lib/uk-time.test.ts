import { currentUkMonth, ukDateString, ukDaysBetween } from './uk-time';

describe('ukDateString', () => {
  it('gives the UK date, in summer time and in winter', () => {
    expect(ukDateString(new Date('2025-07-31T22:59:59Z'))).toBe('2025-07-31');
    expect(ukDateString(new Date('2025-07-31T23:00:00Z'))).toBe('2025-08-01');
    expect(ukDateString(new Date('2025-12-31T23:59:59Z'))).toBe('2025-12-31');
  });
});

describe('currentUkMonth', () => {
  it('turns the month over at UK midnight', () => {
    expect(currentUkMonth(new Date('2025-07-31T22:30:00Z'))).toEqual({ year: 2025, month: 7 });
    expect(currentUkMonth(new Date('2025-07-31T23:30:00Z'))).toEqual({ year: 2025, month: 8 });
    expect(currentUkMonth(new Date('2025-12-31T23:30:00Z'))).toEqual({ year: 2025, month: 12 });
  });
});

describe('ukDaysBetween', () => {
  it('counts UK calendar days, not 24-hour periods', () => {
    expect(ukDaysBetween(new Date('2025-11-21T23:00:00Z'), new Date('2025-11-22T08:00:00Z'))).toBe(1);
    expect(ukDaysBetween(new Date('2025-11-22T00:30:00Z'), new Date('2025-11-22T23:30:00Z'))).toBe(0);
    expect(ukDaysBetween(new Date('2025-10-01T12:00:00Z'), new Date('2025-11-10T12:00:00Z'))).toBe(40);
  });

  it('is right across the clocks going back and never negative', () => {
    expect(ukDaysBetween(new Date('2025-10-25T12:00:00Z'), new Date('2025-10-27T12:00:00Z'))).toBe(2);
    expect(ukDaysBetween(new Date('2025-11-22T12:00:00Z'), new Date('2025-11-20T12:00:00Z'))).toBe(0);
  });
});
