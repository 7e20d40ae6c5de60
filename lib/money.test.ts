import {
  formatPence,
  formatPounds,
  isWholePence,
  penceToDecimal,
  sumPounds,
  toPence,
  toPounds,
  toPoundsOrNull,
} from './money';

describe('money', () => {
  it('formats pounds with £ and en-GB grouping', () => {
    expect(formatPounds(200)).toBe('£200');
    expect(formatPounds(1250)).toBe('£1,250');
    expect(formatPounds(12.5)).toBe('£12.50');
  });

  it('formats stored pence as pounds and pence', () => {
    expect(formatPence(1000)).toBe('£10.00');
    expect(formatPence(123456)).toBe('£1,234.56');
  });

  it('converts pounds to whole pence and back', () => {
    expect(toPence(12.5)).toBe(1250);
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(toPounds(1250)).toBe(12.5);
    expect(toPounds(null)).toBe(0);
    expect(toPoundsOrNull(null)).toBeNull();
    expect(toPoundsOrNull(0)).toBe(0);
  });

  it('adds pounds in pence', () => {
    expect(sumPounds([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sumPounds([])).toBe(0);
  });

  it('knows whole pence and writes decimals for files', () => {
    expect(isWholePence(12.5)).toBe(true);
    expect(isWholePence(12.505)).toBe(false);
    expect(penceToDecimal(1250)).toBe('12.50');
  });
});
