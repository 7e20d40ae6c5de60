/**
 * Brand colours (issue 16): a clinic's colour is a #rrggbb on which white text must reach WCAG AA for normal
 * text (4.5:1), since the public pages put white text on it (buttons, the card). Pure functions, shared by the
 * settings schema, the Settings form and the public pages.
 */

export const MIN_CONTRAST_WITH_WHITE = 4.5;

/** The built-in clinic teal of the app icon and the wallet pass: white on it 5.9:1. */
export const DEFAULT_BRAND_COLOUR = '#00716b';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#ABC', 'abc', '#aabbcc' → '#aabbcc'; null when it is not a hex colour. */
export function normaliseHex(value: string): string | null {
  const match = HEX.exec(value.trim());
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.x relative luminance of a normalised #rrggbb. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on `hex` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** `hex` mixed towards black by `amount` (0 keeps it, 1 is black): the same hue, darker. */
export function darken(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => c * (1 - amount)) as [number, number, number]);
}

/** The lightest shade of `hex` (mixing towards black) on which white text reaches 4.5:1. */
export function darkerShadeForWhiteText(hex: string): string {
  for (let step = 1; step <= 100; step++) {
    const shade = darken(hex, step / 100);
    if (contrastWithWhite(shade) >= MIN_CONTRAST_WITH_WHITE) return shade;
  }
  return '#000000';
}

/** Why `value` cannot be a brand colour, with a darker shade to try; null when it can. */
export function brandColourProblem(value: string): string | null {
  const hex = normaliseHex(value);
  if (!hex) return 'Enter the brand colour as a hex code, e.g. #00716b';
  const ratio = contrastWithWhite(hex);
  if (ratio >= MIN_CONTRAST_WITH_WHITE) return null;
  return `White text on ${hex} has a contrast of ${ratio.toFixed(1)}:1, below the 4.5:1 that WCAG AA asks for. Try a darker shade, such as ${darkerShadeForWhiteText(hex)}.`;
}

/** The deep end of the card's gradient, from the brand colour (#00716b gives about the built-in #00403d). */
export function deepShade(hex: string): string {
  return darken(hex, 0.45);
}
