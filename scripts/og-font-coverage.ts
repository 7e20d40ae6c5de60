/**
 * Writes lib/og/geist-coverage.ts: the characters of the font next/og draws the preview images with, read from
 * the font file installed with Next. Run after a Next upgrade when lib/og/geist-coverage.test.ts says the table
 * no longer matches: `npx tsx scripts/og-font-coverage.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cmapRanges } from '../lib/og/font-coverage';

const ROOT = path.resolve(__dirname, '..');
export const GEIST_FONT = path.join(ROOT, 'node_modules/next/dist/compiled/@vercel/og/Geist-Regular.ttf');
const OUT = path.join(ROOT, 'lib/og/geist-coverage.ts');

const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;
const pairs = cmapRanges(fs.readFileSync(GEIST_FONT)).map(([a, b]) => `[${hex(a)}, ${hex(b)}]`);
const lines: string[] = [];
for (let i = 0; i < pairs.length; i += 6) lines.push(`  ${pairs.slice(i, i + 6).join(', ')},`);

fs.writeFileSync(
  OUT,
  `/**
 * The characters of Geist Regular, the font next/og ships and draws with (next/dist/compiled/@vercel/og), as
 * inclusive code-point ranges read from its cmap table (lib/og/font-coverage.ts). The preview images keep to
 * these: for any other character next/og would download a font or an emoji from the internet while drawing.
 * geist-coverage.test.ts checks the table against the installed font; regenerate it with
 * \`npx tsx scripts/og-font-coverage.ts\` (written by that script: do not edit).
 */
import type { CodePointRanges } from './font-coverage';

// prettier-ignore
export const GEIST_RANGES: CodePointRanges = [
${lines.join('\n')}
];
`,
);
console.log(`Wrote ${path.relative(ROOT, OUT)}: ${pairs.length} ranges.`);
