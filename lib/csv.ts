/**
 * CSV for spreadsheets and bank uploads (RFC 4180): every cell quoted, quotes doubled, CRLF line ends, and a
 * UTF-8 byte-order mark so that Excel reads accented names correctly.
 *
 * Formula injection: a text cell that starts with = + - @ (or a tab or carriage return) would run as a formula
 * when the file is opened in a spreadsheet; such a cell gets a leading apostrophe, which spreadsheets show as
 * text. Numbers we produce ourselves are written as they are.
 */
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

/** A pound amount as banks' upload formats want it: plain, two decimals, no symbol or grouping. */
export function csvAmount(pounds: number): string {
  return pounds.toFixed(2);
}
