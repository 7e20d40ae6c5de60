import {
  formatAmount,
  formatMonth,
  formatMonthLong,
  formatPoundsTick,
  formatShare,
  formatTick,
  formatWait,
} from './format';

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
