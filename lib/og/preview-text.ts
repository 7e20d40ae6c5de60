import type { CodePointRanges } from './font-coverage';
import { GEIST_RANGES } from './geist-coverage';

function covered(ranges: CodePointRanges, codePoint: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = ranges[mid]!;
    if (codePoint < start) hi = mid - 1;
    else if (codePoint > end) lo = mid + 1;
    else return true;
  }
  return false;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Text as the preview image can draw it with the font shipped in the app: every grapheme (a letter with its
 * accents, an emoji with its modifiers) that holds a character the font lacks is left out, then spaces are
 * tidied. next/og would otherwise fetch a font or an emoji image from the internet while drawing (issue 28,
 * point 9). 'Smile 😀 Clinic' → 'Smile Clinic'; a name of CJK or Arabic letters alone → ''.
 */
export function drawableText(text: string, ranges: CodePointRanges = GEIST_RANGES): string {
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if ([...segment].every((ch) => covered(ranges, ch.codePointAt(0)!))) out += segment;
    else out += ' ';
  }
  return out.replace(/\s+/g, ' ').trim();
}
