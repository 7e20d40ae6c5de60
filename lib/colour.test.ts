import {
  brandColourProblem,
  contrastWithWhite,
  darkerShadeForWhiteText,
  DEFAULT_BRAND_COLOUR,
  normaliseHex,
} from './colour';

describe('brand colours', () => {
  it('normalises hex codes and refuses anything else', () => {
    expect(normaliseHex('#ABC')).toBe('#aabbcc');
    expect(normaliseHex(' 00716B ')).toBe('#00716b');
    expect(normaliseHex('teal')).toBeNull();
    expect(normaliseHex('#12345')).toBeNull();
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
    expect(contrastWithWhite(DEFAULT_BRAND_COLOUR)).toBeGreaterThan(4.5);
  });

  it('accepts a dark enough colour and refuses a light one with a darker suggestion', () => {
    expect(brandColourProblem('#00716b')).toBeNull();
    const problem = brandColourProblem('#7fd1c9');
    expect(problem).toMatch(/below the 4\.5:1 that WCAG AA asks for/);
    const suggestion = /such as (#[0-9a-f]{6})/.exec(problem!)![1]!;
    expect(suggestion).toBe(darkerShadeForWhiteText('#7fd1c9'));
    expect(contrastWithWhite(suggestion)).toBeGreaterThanOrEqual(4.5);
    expect(brandColourProblem('yellowish')).toMatch(/hex code/);
  });
});
