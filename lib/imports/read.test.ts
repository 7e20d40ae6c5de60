import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { HttpError } from '@/lib/api/errors';
import { LEGACY_XLS_TEXT, NOT_SPREADSHEET_TEXT, PASSWORD_PROTECTED_TEXT } from './detect';
import {
  cellText,
  DAMAGED_XLSX_TEXT,
  NO_HEADER_TEXT,
  NO_ROWS_TEXT,
  normaliseHeaders,
  numberText,
  openImportFile,
  TOO_MANY_ROWS_TEXT,
} from './read';

/** The bytes in pieces of 7, so that characters and lines are split across pieces. */
const source = (bytes: Buffer) => () =>
  Readable.from(
    (function* pieces() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    })(),
  );

async function read(bytes: Buffer, name = 'patients.csv') {
  const file = await openImportFile(source(bytes), name);
  const rows = [];
  for await (const row of file.rows) rows.push(row);
  return { ...file, rows };
}

async function refusal(bytes: Buffer, name = 'patients.csv'): Promise<{ status: number; message: string }> {
  try {
    await read(bytes, name);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('reading a CSV', () => {
  it('UTF-8 with a BOM, commas, CRLF and a quoted line break; rows numbered as a spreadsheet shows them', async () => {
    const csv =
      '\uFEFFFirst name,Last name,Email,Address\r\nSiân,Jones,sian@x.test,"1 High St\r\nCardiff"\r\n\r\nZoë,O\'Brien,zoe@x.test,\r\n';
    const file = await read(Buffer.from(csv, 'utf8'));
    expect(file).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ',' });
    expect(file.headers).toEqual(['First name', 'Last name', 'Email', 'Address']);
    expect(file.rows).toEqual([
      { rowNumber: 2, cells: ['Siân', 'Jones', 'sian@x.test', '1 High St\r\nCardiff'] },
      { rowNumber: 4, cells: ['Zoë', "O'Brien", 'zoe@x.test', ''] },
    ]);
  });

  it('semicolons and tabs, found from the header line', async () => {
    const semi = await read(Buffer.from('Forename;Surname;E-mail\nAmy;Pond;"a;b@x.test"\n'));
    expect(semi.delimiter).toBe(';');
    expect(semi.rows[0]!.cells).toEqual(['Amy', 'Pond', 'a;b@x.test']);
    const tab = await read(Buffer.from('Forename\tSurname\tEmail\nAmy\tPond\tamy@x.test\n'));
    expect(tab.delimiter).toBe('\t');
    expect(tab.rows[0]!.cells).toEqual(['Amy', 'Pond', 'amy@x.test']);
  });

  it('Windows-1252: Siân, Zoë and O’Brien arrive intact', async () => {
    const bytes = iconv.encode(
      'Forename,Surname,Email\nSiân,O’Brien,s@x.test\nZoë,Smith,z@x.test\n',
      'win1252',
    );
    const file = await read(bytes);
    expect(file.encoding).toBe('windows-1252');
    expect(file.rows.map((r) => r.cells.slice(0, 2))).toEqual([
      ['Siân', 'O’Brien'],
      ['Zoë', 'Smith'],
    ]);
  });

  it("Excel's Unicode text (UTF-16 with a BOM, tabs)", async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tEmail\r\nSiân Jones\ts@x.test\r\n', 'utf16le'),
    ]);
    const file = await read(bytes);
    expect(file.encoding).toBe('utf-16le');
    expect(file.rows[0]!.cells).toEqual(['Siân Jones', 's@x.test']);
  });

  it('leaves out the unit separator (U+001F), which the preview joins cells with', async () => {
    const file = await read(Buffer.from('Name,Email\nAmy\u001fPond,a@x.test\n'));
    expect(file.rows[0]!.cells).toEqual(['AmyPond', 'a@x.test']);
  });

  it('keeps cells that begin with = + - @ as they are', async () => {
    const file = await read(Buffer.from('Name,Email\n=HYPERLINK("x"),a@x.test\n'));
    expect(file.rows[0]!.cells[0]).toBe('=HYPERLINK("x")');
  });

  it('refuses what cannot be imported, in words', async () => {
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ status: 400 });
    expect(await refusal(Buffer.from('Name,Email\n'))).toEqual({ status: 400, message: NO_ROWS_TEXT });
    expect(await refusal(Buffer.from('Amy Pond,amy@x.test\nRory Williams,rory@x.test\n'))).toEqual({
      status: 400,
      message: NO_HEADER_TEXT,
    });
    const quote = await refusal(Buffer.from('Name,Email\nAmy,a@x.test\n"Rory,r@x.test\nX,x@x.test\n'));
    expect(quote.status).toBe(400);
    expect(quote.message).toMatch(/^Row 3 opens a quote/);
    const big = await refusal(
      Buffer.from(`Name,Email\nAmy,a@x.test\nRory,${'x'.repeat(1024 * 1024 + 10)}\n`),
    );
    expect(big.status).toBe(400);
    expect(big.message).toMatch(/^Row 3 has a cell over 1 MB/);
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(await refusal(noise)).toEqual({ status: 415, message: NOT_SPREADSHEET_TEXT });
  });

  it('more than 100,000 rows: refused, saying the limit', async () => {
    const lines = ['Name,Email'];
    for (let i = 0; i < 100_001; i++) lines.push(`A B,a${i}@x.test`);
    expect(await refusal(Buffer.from(lines.join('\n')))).toEqual({
      status: 400,
      message: TOO_MANY_ROWS_TEXT,
    });
  });
});

describe('reading a workbook', () => {
  it('the first sheet: dates as dd/mm/yyyy, numbers without float noise, rich text flattened, formulas’ results', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Patients');
    workbook.addWorksheet('Other').addRow(['ignored']);
    sheet.addRow(['Forename', 'Surname', 'Email', 'Born', 'Balance', 'Mobile', 'Note']);
    sheet.addRow([
      'Siân',
      { richText: [{ text: 'O’' }, { text: 'Brien', font: { bold: true } }] },
      'sian@x.test',
      new Date(Date.UTC(1984, 2, 7)),
      0.1 + 0.2,
      7700900123,
      { formula: '1+1', result: 2 },
    ]);
    sheet.getCell('D2').numFmt = 'dd/mm/yyyy';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = await read(bytes, 'patients.xlsx');
    expect(file).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null });
    expect(file.headers).toEqual(['Forename', 'Surname', 'Email', 'Born', 'Balance', 'Mobile', 'Note']);
    expect(file.rows).toEqual([
      { rowNumber: 2, cells: ['Siân', 'O’Brien', 'sian@x.test', '07/03/1984', '0.3', '7700900123', '2'] },
    ]);
  });

  it('a damaged workbook, a password-protected one and a legacy .xls are refused in words', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Patients').addRow(['Name', 'Email']);
    const whole = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)), 'p.xlsx')).toEqual({
      status: 400,
      message: DAMAGED_XLSX_TEXT,
    });
    const ole2 = (streams: string[]) =>
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(504),
        ...streams.map((s) => Buffer.from(s, 'utf16le')),
        Buffer.alloc(512),
      ]);
    expect(await refusal(ole2(['EncryptionInfo', 'EncryptedPackage']), 'p.xlsx')).toEqual({
      status: 400,
      message: PASSWORD_PROTECTED_TEXT,
    });
    expect(await refusal(ole2(['Workbook']), 'p.xls')).toEqual({ status: 415, message: LEGACY_XLS_TEXT });
    expect(await refusal(Buffer.from('PK\u0003\u0004mimetypeapplication/vnd.oasis'), 'p.ods')).toEqual({
      status: 415,
      message: NOT_SPREADSHEET_TEXT,
    });
  });
});

describe('cells and headers', () => {
  it('numbers as a spreadsheet shows them', () => {
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(447700900123)).toBe('447700900123');
    expect(numberText(1.5)).toBe('1.5');
    expect(cellText({ hyperlink: 'mailto:a@x.test', text: 'a@x.test' })).toBe('a@x.test');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
    expect(cellText(true)).toBe('TRUE');
  });

  it('headers: trimmed, blank ones named, repeats told apart, trailing blanks dropped', () => {
    expect(normaliseHeaders([' Email ', '', 'Phone', 'phone', '', ''])).toEqual([
      'Email',
      'Column 2',
      'Phone',
      'phone (2)',
    ]);
  });
});

describe('a practice system’s report with title lines above the header', () => {
  it('finds the header among the first rows and leaves the title out; the delimiter by most lines', async () => {
    const csv =
      'Patient list;;\r\nExported 27/11/2026, 09:00;;\r\n\r\nForename;Surname;Email;Balance\r\n' +
      'Siân;Jones;s@x.test;12,50\r\nZoë;Smith;z@x.test;3,10\r\n';
    const file = await openImportFile(source(Buffer.from(csv)), 'report.csv', {
      isHeader: (headers) => headers.includes('Email'),
    });
    const rows = [];
    for await (const row of file.rows) rows.push(row);
    expect(file.delimiter).toBe(';');
    expect(file.headers).toEqual(['Forename', 'Surname', 'Email', 'Balance']);
    expect(rows).toEqual([
      { rowNumber: 5, cells: ['Siân', 'Jones', 's@x.test', '12,50'] },
      { rowNumber: 6, cells: ['Zoë', 'Smith', 'z@x.test', '3,10'] },
    ]);
  });
});
