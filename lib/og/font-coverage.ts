/**
 * Which characters a TrueType/OpenType font can draw, read from its `cmap` table (formats 4 and 12, the ones
 * every Unicode font carries). Used to build lib/og/geist-coverage.ts, the table the preview images check text
 * against, and by its test, which proves the table still matches the font Next ships.
 */

/** Inclusive ranges of code points, sorted and merged: [[0x20, 0x7e], ...]. */
export type CodePointRanges = [number, number][];

export function cmapRanges(font: Uint8Array): CodePointRanges {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tableCount = view.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < tableCount; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    if (tag === 'cmap') cmap = view.getUint32(record + 8);
  }
  if (cmap < 0) throw new Error('The font has no cmap table.');

  const points: CodePointRanges = [];
  const subtableCount = view.getUint16(cmap + 2);
  for (let i = 0; i < subtableCount; i++) {
    const platform = view.getUint16(cmap + 4 + i * 8);
    const encoding = view.getUint16(cmap + 6 + i * 8);
    const offset = cmap + view.getUint32(cmap + 8 + i * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = view.getUint16(offset);
    if (format === 12) {
      const groups = view.getUint32(offset + 12);
      for (let g = 0; g < groups; g++) {
        const at = offset + 16 + g * 12;
        // Glyph 0 is .notdef: a range mapped to it draws nothing.
        if (view.getUint32(at + 8) !== 0) points.push([view.getUint32(at), view.getUint32(at + 4)]);
      }
    } else if (format === 4) {
      const segments = view.getUint16(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const start = view.getUint16(starts + s * 2);
        const end = view.getUint16(ends + s * 2);
        const delta = view.getInt16(deltas + s * 2);
        const rangeOffset = view.getUint16(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (rangeOffset === 0) {
            glyph = (c + delta) & 0xffff;
          } else {
            const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
            glyph = view.getUint16(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0) points.push([c, c]);
        }
      }
    }
  }
  return mergeRanges(points);
}

export function mergeRanges(ranges: CodePointRanges): CodePointRanges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: CodePointRanges = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
