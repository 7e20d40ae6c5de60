/**
 * CSV for spreadsheets and bank uploads (RFC 4180): every cell quoted, quotes doubled, CRLF line ends, and a
 * UTF-8 byte-order mark so that Excel reads accented names correctly.
 *
 * Formula injection: a text cell that starts with = + - @ (or a tab or carriage return) would run as a formula
 * when the file is opened in a spreadsheet; such a cell gets a leading apostrophe, which spreadsheets show as
 * text. Numbers we produce ourselves are written as they are.
 */
import { penceToDecimal, toPence } from './money';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The same file as toCsv, streamed: the header at once, then each row as the rows arrive, so that a large
 * export is never held whole in memory. A failure part-way ends the download with an error (the browser does
 * not save a short file as complete).
 */
export function csvStream(header: string[], rows: AsyncIterable<CsvCell[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (row: CsvCell[]) => `${row.map(csvCell).join(',')}\r\n`;
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${line(header)}`));
        return;
      }
      // Up to 200 rows a chunk: fewer, larger writes.
      let chunk = '';
      for (let i = 0; i < 200; i++) {
        const next = await iterator.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += line(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * A pound amount as banks' upload formats want it: plain, two decimals, no symbol or grouping. Through whole
 * pence, as every conversion goes (lib/money.ts): 0.1 + 0.2 pounds is "0.30".
 */
export function csvAmount(pounds: number): string {
  return penceToDecimal(toPence(pounds));
}
