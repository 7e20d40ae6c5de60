import { percentileOf } from './percentile';

describe('percentileOf (as PostgreSQL’s percentile_cont)', () => {
  it('has no answer for no values', () => {
    expect(percentileOf([], 0.5)).toBeNull();
  });

  it('interpolates between the two values around the fraction', () => {
    // 120, 300, 600, 1800: percentile_cont(0.5) = 450, percentile_cont(0.9) = 600 + 0.7 × 1200 = 1440.
    const waits: [number, number][] = [
      [120, 1],
      [300, 1],
      [600, 1],
      [1800, 1],
    ];
    expect(percentileOf(waits, 0.5)).toBe(450);
    expect(percentileOf(waits, 0.9)).toBeCloseTo(1440, 9);
  });

  it('counts each value as many times as it came', () => {
    // 10, 10, 10, 20: the median is 10; the 0.9 point is 0.7 of the way from 10 to 20.
    expect(
      percentileOf(
        [
          [10, 3],
          [20, 1],
        ],
        0.5,
      ),
    ).toBe(10);
    expect(
      percentileOf(
        [
          [10, 3],
          [20, 1],
        ],
        0.9,
      ),
    ).toBeCloseTo(17, 9);
    expect(percentileOf([[42, 5]], 0.9)).toBe(42);
  });
});
