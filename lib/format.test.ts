import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatMonth,
  formatMonthLong,
  formatPhone,
  formatPoundsTick,
  formatShare,
  formatTick,
  formatWait,
  telHref,
  waitedFor,
} from './format';

describe('en-GB dates', () => {
  it('formats dates day-first, and times in UK time', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 Nov 2026');
    expect(formatDateTime('2026-07-01T13:05:00Z')).toBe('01/07/2026, 14:05');
  });

  it("gives the UK's date whatever the machine's time zone: 23:30 UTC on 30 June is 1 July in London", () => {
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026');
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
  });
});

describe('waitedFor', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('says how long a lead has waited, in the largest sensible unit', () => {
    expect(waitedFor(ago(20_000), now)).toBe('under a minute');
    expect(waitedFor(ago(12 * 60_000), now)).toBe('12 min');
    expect(waitedFor(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 h');
    expect(waitedFor(ago(47 * 3_600_000), now)).toBe('47 h');
    expect(waitedFor(ago(5 * 86_400_000), now)).toBe('5 days');
    // A clock a little behind the server's: never a negative wait.
    expect(waitedFor(new Date(now.getTime() + 5_000), now)).toBe('under a minute');
  });
});

describe('phone numbers (issue 29, point 11)', () => {
  it.each([
    ['+447700900123', '07700 900123'],
    ['+44 7700900123', '07700 900123'],
    ['07700900123', '07700 900123'],
    ['+442079460018', '020 7946 0018'],
    ['+441134960000', '0113 496 0000'],
    ['+441614960000', '0161 496 0000'],
    ['+443001234567', '0300 123 4567'],
    ['+441632960123', '01632 960123'],
  ])('writes %s as %s', (stored, shown) => expect(formatPhone(stored)).toBe(shown));

  it('leaves a number from another country as it was stored', () => {
    expect(formatPhone('+353851234567')).toBe('+353851234567');
  });

  it('dials the whole number from a tel: link', () => {
    expect(telHref('+447700900123')).toBe('tel:+447700900123');
    expect(telHref('0113 496 0000')).toBe('tel:+441134960000');
    expect(telHref('+353 85 123 4567')).toBe('tel:+353851234567');
  });
});

describe('the Insights page’s formats', () => {
  it('writes months the British way', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2025-01')).toBe('Jan 2025');
    expect(formatMonthLong('2026-03')).toBe('March 2026');
  });

  it('writes shares as whole percentages, and nothing as a dash', () => {
    expect(formatShare(5 / 9)).toBe('56%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(null)).toBe('–');
  });

  it('writes amounts in pounds, and a month without one as a dash', () => {
    expect(formatAmount(150)).toBe('£150');
    expect(formatAmount(133.33)).toBe('£133.33');
    expect(formatAmount(1250)).toBe('£1,250');
    expect(formatAmount(null)).toBe('–');
  });

  it('writes axis ticks short', () => {
    expect(formatTick(12500)).toBe('12.5k');
    expect(formatTick(40)).toBe('40');
    expect(formatPoundsTick(1850000)).toBe('£1.9m');
    expect(formatPoundsTick(150)).toBe('£150');
  });

  it('writes waits in minutes, hours or days', () => {
    expect(formatWait(null)).toBe('–');
    expect(formatWait(0.004)).toBe('1 minute');
    expect(formatWait(0.75)).toBe('45 minutes');
    expect(formatWait(1)).toBe('1 hour');
    expect(formatWait(7.5)).toBe('7.5 hours');
    expect(formatWait(47.9)).toBe('47.9 hours');
    expect(formatWait(72)).toBe('3 days');
    expect(formatWait(100)).toBe('4.2 days');
  });
});
