import fs from 'node:fs';
import path from 'node:path';
import { cmapRanges } from './font-coverage';
import { GEIST_RANGES } from './geist-coverage';
import { drawableText } from './preview-text';

const FONT = path.join(process.cwd(), 'node_modules/next/dist/compiled/@vercel/og/Geist-Regular.ttf');

describe('the preview font table', () => {
  it('matches the font next/og draws with (regenerate with npx tsx scripts/og-font-coverage.ts)', () => {
    expect(cmapRanges(fs.readFileSync(FONT))).toEqual(GEIST_RANGES);
  });
});

describe('drawableText', () => {
  it('keeps what the font has: Latin with accents, £, curly quotes, dashes', () => {
    expect(drawableText('Café Dentaire – O’Brien’s Smile £')).toBe('Café Dentaire – O’Brien’s Smile £');
    // A decomposed accent is composed first, so it is kept.
    expect(drawableText('Cafe\u0301')).toBe('Café');
  });

  it('leaves out emoji, CJK, Arabic and control characters, then tidies the spaces', () => {
    expect(drawableText('Smile 😀 Clinic')).toBe('Smile Clinic');
    expect(drawableText('👩🏽‍⚕️Bright Teeth')).toBe('Bright Teeth');
    expect(drawableText('笑顔歯科 Smile')).toBe('Smile');
    expect(drawableText('عيادة الابتسامة')).toBe('');
    expect(drawableText('Evil\u202Etxt.exe\u200B')).toBe('Evil txt.exe');
  });
});
