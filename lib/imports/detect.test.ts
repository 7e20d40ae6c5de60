import { HttpError } from '@/lib/api/errors';
import ExcelJS from 'exceljs';
import { FileSurvey, firstLine, isXlsxZip, sniffDelimiter, unpacksSafely } from './detect';

const verdict = (bytes: Buffer | number[], name = 'a.csv') => {
  const survey = new FileSurvey();
  const buffer = Buffer.from(bytes);
  // In two pieces, splitting a character when there is one to split.
  survey.add(buffer.subarray(0, 5));
  survey.add(buffer.subarray(5));
  try {
    const v = survey.verdict(name);
    return v.kind === 'csv' ? `${v.kind} ${v.encoding} bom:${v.bomLength}` : v.kind;
  } catch (error) {
    return error instanceof HttpError ? error.status : error;
  }
};

describe('what a file is, by its bytes', () => {
  it('text: UTF-8 (a character split across pieces too), with a BOM, or else Windows-1252', () => {
    expect(verdict(Buffer.from('Nam\u00e9,Email\n', 'utf8'))).toBe('csv utf-8 bom:0');
    expect(verdict(Buffer.from('\uFEFFName,Email\n', 'utf8'))).toBe('csv utf-8 bom:3');
    expect(verdict(Buffer.from('Zo\u00eb,Email\n', 'latin1'))).toBe('csv windows-1252 bom:0');
    expect(verdict([0xff, 0xfe, 0x41, 0x00, 0x2c, 0x00])).toBe('csv utf-16le bom:2');
  });

  it('binary: any NUL, or many control bytes', () => {
    expect(verdict(Buffer.from('Name,Email\nAmy\u0000,a@x.test\n'))).toBe(415);
    expect(verdict(Buffer.from(`Name,Email\n${'\u0001\u0002'.repeat(20)}\n`))).toBe(415);
    expect(verdict(Buffer.alloc(0))).toBe(400);
  });

  it('ZIPs: an .xlsx, or no spreadsheet', () => {
    expect(
      isXlsxZip(Buffer.from('PK\u0003\u0004....[Content_Types].xml...._rels/.rels...xl/workbook.xml')),
    ).toBe(true);
    expect(
      isXlsxZip(Buffer.from('PK\u0003\u0004....[Content_Types].xml...._rels/.rels...word/document.xml')),
    ).toBe(false);
    expect(verdict(Buffer.from('PK\u0003\u0004mimetypeapplication/vnd.oasis.opendocument.spreadsheet'))).toBe(
      415,
    );
  });
});

describe('the delimiter', () => {
  it('the one most of the first lines agree on', () => {
    expect(sniffDelimiter('a,b,c')).toBe(',');
    expect(sniffDelimiter('a;b;"c;d,e,f,g"')).toBe(';');
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('Name')).toBe(',');
    expect(
      sniffDelimiter([
        'Report, 27/11/2026',
        'Name;Email;Balance',
        'Amy;a@x.test;12,50',
        'Rory;r@x.test;1,25',
      ]),
    ).toBe(';');
  });

  it('the first line ends at a line break outside quotes', () => {
    expect(firstLine('"a\nb",c\r\nd')).toBe('"a\nb",c');
  });
});

describe('a workbook that would unpack to far more than any list of patients (a ZIP bomb)', () => {
  it('is refused by the sizes its central directory lists, before it is unpacked', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Patients').addRow(['Name', 'Email']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(unpacksSafely(bytes, bytes.length)).toBe(true);
    expect(verdict(bytes, 'a.xlsx')).toBe('xlsx');
    // Claim that the first entry unpacks to 2 GB.
    const bomb = Buffer.from(bytes);
    const entry = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0x7fffffff, entry + 24);
    expect(unpacksSafely(bomb, bomb.length)).toBe(false);
    expect(verdict(bomb, 'a.xlsx')).toBe(400);
  });
});
