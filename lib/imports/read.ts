/**
 * Reads an uploaded file of clients as a stream (issue 33, point 1): one pass to tell what it is (lib/imports/
 * detect.ts), then its header and rows one at a time, a CSV through csv-parse (after iconv-lite for a file
 * that is not UTF-8) and an .xlsx through exceljs's streaming reader (its first sheet). Nothing holds the whole
 * file: the caller takes the rows as they come. Every problem with the file is an HttpError (400, 413, 415)
 * in words; none is a 500.
 */
import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { HttpError } from '@/lib/api/errors';
import { IMPORT_MAX_ROWS } from '@/lib/validation/imports';
import { EMPTY_FILE_TEXT, FileSurvey, firstLine, sniffDelimiter, type TextEncodingName } from './detect';
import { isBlankRow } from './rows';

/** The largest record (row) a CSV may have, and the longest cell of a workbook. */
export const MAX_RECORD_BYTES = 1024 * 1024;
/** The most columns a file may have. */
export const MAX_COLUMNS = 200;

export const TOO_MANY_ROWS_TEXT =
  `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows of clients, the most one import ` +
  `takes. Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows (each with the ` +
  'header row) and import them one after the other.';
export const TOO_MANY_COLUMNS_TEXT = `The file has more than ${MAX_COLUMNS} columns. Remove the columns that are not needed and upload it again.`;
export const NO_HEADER_TEXT =
  'The first row must name the columns (First name, Last name, Email, and so on), but it holds an email ' +
  'address, so it looks like a client. Add a header row above the clients and upload the file again.';
export const NO_ROWS_TEXT =
  'The file has a header row but no clients below it. Put one client on each row under the header.';
export const DAMAGED_XLSX_TEXT =
  'This workbook could not be read: it may be damaged or only partly saved. Open it in Excel, save it again ' +
  'as .xlsx (or as CSV) and upload that.';
export const EMPTY_SHEET_TEXT =
  'The workbook’s first sheet is empty. Put the clients on the first sheet, with a header row naming the ' +
  'columns, and upload it again.';

export const cellTooLargeText = (row: number) =>
  `Row ${row} has a cell over 1 MB, which no client’s details need: check that row (a quote that is never ` +
  'closed can swallow the rest of the file), fix it and upload the file again.';
export const unclosedQuoteText = (row: number) =>
  `Row ${row} opens a quote (") that is never closed, so the rest of the file cannot be read. Fix that row ` +
  '(or save the file again from your spreadsheet or practice system as CSV) and upload it again.';
export const badQuoteText = (row: number) =>
  `Row ${row} has a quote (") in the wrong place, so the file cannot be read as CSV. Fix that row (or save the ` +
  'file again from your spreadsheet or practice system as CSV) and upload it again.';

export interface ImportFileRow {
  /** The row's number as a spreadsheet shows it: the header is row 1 of a CSV. */
  rowNumber: number;
  /** One cell per header. */
  cells: string[];
}

export interface ImportFile {
  format: 'csv' | 'xlsx';
  encoding: TextEncodingName | null;
  delimiter: string | null;
  headers: string[];
  /** The data rows, blank ones left out; iterate once. */
  rows: AsyncGenerator<ImportFileRow>;
}

/** Where the file's bytes come from: a new stream from the start each time (the file is read twice). */
export type OpenFile = () => Readable;

/** How many rows from the top may be a report's title lines above the header row. */
export const HEADER_SEARCH_ROWS = 10;

export interface OpenOptions {
  /**
   * Whether a row can be the header (its columns can be mapped). Practice systems' reports often put a title
   * and a date above it: the first of the first HEADER_SEARCH_ROWS rows that can be is the header, the rows
   * above it are left out. Without it, or when none can be, the first row is the header.
   */
  isHeader?: (headers: string[]) => boolean;
  /** The refusals that speak of what the rows are (clients by default), for a file of other rows. */
  texts?: Partial<ReaderTexts>;
}

/** The reader's refusals that name what a row is. */
export interface ReaderTexts {
  empty: string;
  emptySheet: string;
  noHeader: string;
  noRows: string;
}

const CLIENT_READER_TEXTS: ReaderTexts = {
  empty: EMPTY_FILE_TEXT,
  emptySheet: EMPTY_SHEET_TEXT,
  noHeader: NO_HEADER_TEXT,
  noRows: NO_ROWS_TEXT,
};

/** A refusal of the file itself (empty, an empty sheet) in the words of the caller's rows. */
function inOwnWords(e: unknown, texts: ReaderTexts): unknown {
  if (!(e instanceof HttpError)) return e;
  const kind = (Object.keys(CLIENT_READER_TEXTS) as (keyof ReaderTexts)[]).find(
    (k) => CLIENT_READER_TEXTS[k] === e.message,
  );
  return kind && texts[kind] !== e.message ? new HttpError(e.status, texts[kind]) : e;
}

/** Reads the file's header and gives its rows as they are read. */
export async function openImportFile(
  open: OpenFile,
  fileName: string,
  options: OpenOptions = {},
): Promise<ImportFile> {
  const texts = { ...CLIENT_READER_TEXTS, ...options.texts };
  const survey = new FileSurvey();
  for await (const piece of open()) survey.add(piece as Buffer);
  let verdict: ReturnType<FileSurvey['verdict']>;
  try {
    verdict = survey.verdict(fileName);
  } catch (e) {
    throw inOwnWords(e, texts);
  }
  const source = verdict.kind === 'xlsx' ? xlsxRecords(open) : csvRecords(open, verdict);
  const delimiter = verdict.kind === 'csv' ? sniffDelimiter(firstLines(decodeHead(verdict))) : null;
  const records = verdict.kind === 'csv' ? source(delimiter!) : source('');
  const top: ImportFileRow[] = [];
  while (top.length < HEADER_SEARCH_ROWS) {
    const record = await firstNonBlank(records).catch((e: unknown) => {
      throw inOwnWords(e, texts);
    });
    if (!record) break;
    top.push(record);
  }
  if (top.length === 0) {
    throw new HttpError(400, verdict.kind === 'xlsx' ? texts.emptySheet : texts.empty);
  }
  const at = options.isHeader ? top.findIndex((r) => options.isHeader!(normaliseHeaders(r.cells))) : 0;
  const headerRecord = top[Math.max(0, at)]!;
  const headers = normaliseHeaders(headerRecord.cells);
  if (headers.length > MAX_COLUMNS) throw new HttpError(400, TOO_MANY_COLUMNS_TEXT);
  if (headerRecord.cells.some((c) => /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/.test(c.trim()))) {
    throw new HttpError(400, texts.noHeader);
  }
  return {
    format: verdict.kind,
    encoding: verdict.kind === 'csv' ? verdict.encoding : null,
    delimiter,
    headers,
    rows: dataRows(chain(top.slice(Math.max(0, at) + 1), records), headers.length, texts.noRows),
  };
}

/** The rows read ahead while looking for the header, then the rest. */
async function* chain(
  first: ImportFileRow[],
  rest: AsyncGenerator<ImportFileRow>,
): AsyncGenerator<ImportFileRow> {
  try {
    yield* first;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}

/** The first lines of the decoded text, for the delimiter (a report's title line has none). */
function firstLines(text: string): string[] {
  const lines: string[] = [];
  let rest = text;
  while (lines.length < HEADER_SEARCH_ROWS && rest.length > 0) {
    const line = firstLine(rest);
    lines.push(line);
    rest = rest.slice(line.length).replace(/^(\r\n|\r|\n)/, '');
  }
  return lines;
}

type RecordSource = (delimiter: string) => AsyncGenerator<ImportFileRow>;

async function firstNonBlank(records: AsyncGenerator<ImportFileRow>): Promise<ImportFileRow | null> {
  for (;;) {
    const next = await records.next();
    if (next.done) return null;
    if (!isBlankRow(next.value.cells)) return next.value;
  }
}

async function* dataRows(
  records: AsyncGenerator<ImportFileRow>,
  width: number,
  noRowsText: string,
): AsyncGenerator<ImportFileRow> {
  let count = 0;
  for await (const record of records) {
    if (isBlankRow(record.cells)) continue;
    count += 1;
    if (count > IMPORT_MAX_ROWS) {
      await records.return(undefined);
      throw new HttpError(400, TOO_MANY_ROWS_TEXT);
    }
    const cells = record.cells.slice(0, width);
    while (cells.length < width) cells.push('');
    yield { rowNumber: record.rowNumber, cells };
  }
  if (count === 0) throw new HttpError(400, noRowsText);
}

/**
 * The header row as the import names its columns: trimmed, a blank one called "Column N" (N counting from 1),
 * a repeated one "Phone (2)"; blank columns at the end (a spreadsheet's stray formatting) left out.
 */
export function normaliseHeaders(raw: string[]): string[] {
  const cells = raw.map((c) => c.trim().replace(/\s+/g, ' '));
  while (cells.length > 0 && cells.at(-1) === '') cells.pop();
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = (cell || `Column ${i + 1}`).slice(0, 200);
    const times = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), times);
    return times === 1 ? base : `${base} (${times})`;
  });
}

/**
 * PostgreSQL cannot store NUL in text, and the preview joins a row's cells with the unit separator (U+001F) to
 * store them: neither is ever part of a name, an email or a number, so both are left out.
 */
const clean = (text: string) => (/[\u0000\u001f]/.test(text) ? text.replace(/[\u0000\u001f]/g, '') : text);

// ----- CSV

function decodeHead(verdict: { encoding: TextEncodingName; bomLength: number; head: Buffer }): string {
  return iconv.decode(verdict.head.subarray(verdict.bomLength), iconvName(verdict.encoding));
}

function iconvName(encoding: TextEncodingName): string {
  return encoding === 'windows-1252' ? 'win1252' : encoding === 'utf-8' ? 'utf8' : encoding;
}

function csvRecords(
  open: OpenFile,
  verdict: { encoding: TextEncodingName; bomLength: number },
): RecordSource {
  return async function* records(delimiter) {
    const input = open();
    const text =
      verdict.encoding === 'utf-8'
        ? input
        : input.pipe(iconv.decodeStream(iconvName(verdict.encoding), { stripBOM: true }));
    const parser = text.pipe(
      parse({
        delimiter,
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        max_record_size: MAX_RECORD_BYTES,
        skip_empty_lines: false,
      }),
    );
    // Each record is a row as a spreadsheet numbers it (a blank line too), the header being row 1.
    let rowNumber = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        rowNumber += 1;
        yield { rowNumber, cells: record.map(clean) };
      }
    } catch (error) {
      throw csvProblem(error, rowNumber + 1);
    } finally {
      input.destroy();
    }
  };
}

function csvProblem(error: unknown, row: number): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof CsvError) {
    // The records read before the one at fault (the parser reads ahead of the rows taken so far).
    if (typeof error.records === 'number') row = error.records + 1;
    switch (error.code) {
      case 'CSV_MAX_RECORD_SIZE':
        return new HttpError(400, cellTooLargeText(row));
      case 'CSV_QUOTE_NOT_CLOSED':
        return new HttpError(400, unclosedQuoteText(row));
      case 'CSV_INVALID_CLOSING_QUOTE':
      case 'INVALID_OPENING_QUOTE':
        return new HttpError(400, badQuoteText(row));
      default:
        return new HttpError(
          400,
          `Row ${row} cannot be read as CSV. Save the file again as CSV and upload it.`,
        );
    }
  }
  return error;
}

// ----- .xlsx

/** A number as a spreadsheet shows it in General format: no float noise (0.1 + 0.2 is 0.3). */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  return String(Number(value.toPrecision(15)));
}

/** dd/mm/yyyy, the date as the cell holds it (exceljs gives it as UTC midnight). */
export function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const dd = String(value.getUTCDate()).padStart(2, '0');
  const mm = String(value.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${value.getUTCFullYear()}`;
}

/** A workbook cell's value as text: rich text flattened, a formula's result, a hyperlink's text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      return clean(
        (v.richText as { text?: unknown }[]).map((r) => (typeof r.text === 'string' ? r.text : '')).join(''),
      );
    }
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('hyperlink' in v) return cellText(v.text);
    if ('text' in v) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
}

function xlsxRecords(open: OpenFile): RecordSource {
  return async function* records() {
    const input = open();
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell a date from a number.
      styles: 'cache',
      entries: 'ignore',
    });
    const sheets = reader[Symbol.asyncIterator]();
    try {
      let sheet: AsyncIterable<ExcelJS.Row> | null = null;
      try {
        const first = await sheets.next();
        if (!first.done) sheet = first.value as unknown as AsyncIterable<ExcelJS.Row>;
      } catch {
        throw new HttpError(400, DAMAGED_XLSX_TEXT);
      }
      if (!sheet) throw new HttpError(400, EMPTY_SHEET_TEXT);
      const rows = sheet[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<ExcelJS.Row>;
        try {
          next = await rows.next();
        } catch {
          throw new HttpError(400, DAMAGED_XLSX_TEXT);
        }
        if (next.done) break;
        const row = next.value;
        const values = Array.isArray(row.values) ? row.values : [];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) {
          const text = cellText(values[i]);
          if (text.length > MAX_RECORD_BYTES) throw new HttpError(400, cellTooLargeText(row.number));
          cells.push(text);
        }
        yield { rowNumber: row.number, cells };
      }
    } finally {
      input.destroy();
    }
  };
}
