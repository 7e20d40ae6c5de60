/**
 * A strict RFC 4180 reader for what the server promises of every CSV it writes (lib/csv.ts): every cell quoted,
 * quotes doubled, CRLF after every line. The byte-order mark is taken off the first chunk by the caller, or
 * here if it is still there. Anything else throws.
 */
export function parseCsv(withBom: string): string[][] {
  const text = withBom.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '"') throw new Error(`unquoted cell at ${i}: ${JSON.stringify(text.slice(i, i + 20))}`);
    i += 1;
    let cell = '';
    for (;;) {
      if (i >= text.length) throw new Error('unterminated quoted cell');
      if (text[i] === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        i += 1;
        break;
      }
      cell += text[i];
      i += 1;
    }
    row.push(cell);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${i}: ${JSON.stringify(text.slice(i, i + 20))}`);
    }
  }
  if (row.length) throw new Error('the last line does not end with CRLF');
  return rows;
}
