/**
 * What an uploaded file is, by its bytes rather than its name (issue 33): an .xlsx workbook (a ZIP holding the
 * workbook's parts), an OLE2 compound file (a password-protected workbook, or a legacy .xls), or text, and then
 * which encoding and delimiter. Pure: fed the file's bytes piece by piece (FileSurvey), it holds only counters
 * and the first 64 KB.
 */
import { HttpError } from '@/lib/api/errors';

export const NOT_SPREADSHEET_TEXT =
  'This file is neither a CSV nor an Excel .xlsx workbook. Export the patients from your practice system as ' +
  'CSV, or save the spreadsheet as .xlsx, and upload that.';
export const LEGACY_XLS_TEXT =
  'This is an older Excel .xls file, which cannot be read here. Open it in Excel, choose File › Save As, ' +
  'save it as Excel Workbook (.xlsx) or CSV, and upload that.';
export const PASSWORD_PROTECTED_TEXT =
  'This workbook is password-protected, so it cannot be read. Open it in Excel, remove the password ' +
  '(File › Info › Protect Workbook › Encrypt with Password, then clear it), save it and upload it again.';
export const UNPACKED_TOO_LARGE_TEXT =
  'This workbook is too large once unpacked to be read safely. Save it as CSV (File › Save As › CSV UTF-8) ' +
  'and upload that, or split it into smaller workbooks.';
export const EMPTY_FILE_TEXT =
  'The file is empty. Upload a CSV or .xlsx file whose first row names the columns (First name, Last name, ' +
  'Email…) with one client on each row below it.';

/** The most of the file kept to look at: its magic number, a ZIP's first names, the CSV's header line. */
export const HEAD_BYTES = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** A ZIP's end (its central directory, listing every entry's unpacked size) is read from the file's last bytes. */
const ZIP_TAIL_BYTES = 256 * 1024;
/**
 * The most a workbook may unpack to, and its shared strings (which exceljs holds in memory): far above any
 * real file of 100,000 patients, far below what would exhaust the server (a "ZIP bomb").
 */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
export const MAX_SHARED_STRINGS_BYTES = 256 * 1024 * 1024;
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** A name in an OLE2 directory entry is UTF-16LE. */
const utf16 = (text: string) => Buffer.from(text, 'utf16le');
/** Office's encryption (ECMA-376 agile or standard) stores the encrypted workbook in these two streams. */
const ENCRYPTION_MARKERS = [utf16('EncryptedPackage'), utf16('EncryptionInfo')];
/** A legacy workbook's stream: BIFF8 ('Workbook') or BIFF5 ('Book'). */
const LEGACY_MARKERS = [utf16('Workbook'), utf16('Book')];
const MARKER_OVERLAP = Math.max(...[...ENCRYPTION_MARKERS, ...LEGACY_MARKERS].map((m) => m.length));

export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export type FileVerdict =
  { kind: 'xlsx' } | { kind: 'csv'; encoding: TextEncodingName; bomLength: number; head: Buffer };

/**
 * Looks at the whole file once, as it streams (`add` each piece, then `verdict()`): its first bytes, whether
 * it is valid UTF-8 throughout, how many bytes no text file holds, and for an OLE2 file which streams it names.
 */
export class FileSurvey {
  private head: Buffer[] = [];
  private headSize = 0;
  private size = 0;
  private utf8: TextDecoder | null = new TextDecoder('utf-8', { fatal: true });
  private nul = 0;
  private controls = 0;
  private tail = Buffer.alloc(0);
  private encrypted = false;
  private legacy = false;
  private ole2: boolean | null = null;
  private zip: boolean | null = null;
  private zipTail = Buffer.alloc(0);

  add(piece: Uint8Array): void {
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    if (this.headSize < HEAD_BYTES) {
      const part = bytes.subarray(0, HEAD_BYTES - this.headSize);
      this.head.push(Buffer.from(part));
      this.headSize += part.length;
    }
    if (this.ole2 === null && this.headSize >= OLE2.length) this.ole2 = startsWith(this.first(), OLE2);
    if (this.zip === null && this.headSize >= ZIP.length) this.zip = startsWith(this.first(), ZIP);
    this.size += bytes.length;
    if (this.zip) {
      const window = Buffer.concat([this.zipTail, bytes]);
      this.zipTail = Buffer.from(window.subarray(Math.max(0, window.length - ZIP_TAIL_BYTES)));
      return;
    }
    if (this.ole2) {
      // The directory may sit anywhere in the file: look for the stream names across piece boundaries.
      const window = Buffer.concat([this.tail, bytes]);
      if (ENCRYPTION_MARKERS.some((m) => window.includes(m))) this.encrypted = true;
      if (LEGACY_MARKERS.some((m) => window.includes(m))) this.legacy = true;
      this.tail = Buffer.from(window.subarray(Math.max(0, window.length - MARKER_OVERLAP)));
      return;
    }
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === 0) this.nul++;
      else if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f)
        this.controls++;
    }
    if (this.utf8) {
      try {
        this.utf8.decode(bytes, { stream: true });
      } catch {
        this.utf8 = null;
      }
    }
  }

  private first(): Buffer {
    if (this.head.length > 1) this.head = [Buffer.concat(this.head)];
    return this.head[0] ?? Buffer.alloc(0);
  }

  /** What the file is; throws the answer (400 or 415) when it cannot be imported. */
  verdict(fileName: string): FileVerdict {
    const head = this.first();
    if (this.size === 0) throw new HttpError(400, EMPTY_FILE_TEXT);
    if (startsWith(head, ZIP)) {
      if (isXlsxZip(head)) {
        if (!unpacksSafely(this.zipTail, this.size)) throw new HttpError(400, UNPACKED_TOO_LARGE_TEXT);
        return { kind: 'xlsx' };
      }
      throw new HttpError(415, NOT_SPREADSHEET_TEXT);
    }
    if (this.ole2) {
      if (this.encrypted) throw new HttpError(400, PASSWORD_PROTECTED_TEXT);
      if (this.legacy || /\.xls$/i.test(fileName)) throw new HttpError(415, LEGACY_XLS_TEXT);
      // An OLE2 file named .xlsx (or nothing telling) is most likely Excel's encrypted workbook.
      if (/\.xlsx$/i.test(fileName)) throw new HttpError(400, PASSWORD_PROTECTED_TEXT);
      throw new HttpError(415, NOT_SPREADSHEET_TEXT);
    }
    // Excel's "Unicode text" is UTF-16 with a byte-order mark (and, in it, a NUL byte in every other place).
    if (head[0] === 0xff && head[1] === 0xfe)
      return { kind: 'csv', encoding: 'utf-16le', bomLength: 2, head };
    if (head[0] === 0xfe && head[1] === 0xff)
      return { kind: 'csv', encoding: 'utf-16be', bomLength: 2, head };
    // Binary: any NUL (no text file has one, and PostgreSQL cannot store it), or more than 1 in 100 bytes
    // that are control characters no spreadsheet or practice system writes.
    if (this.nul > 0 || this.controls > Math.max(8, this.size / 100)) {
      throw new HttpError(415, NOT_SPREADSHEET_TEXT);
    }
    if (this.utf8) {
      try {
        this.utf8.decode(); // the end: an unfinished character is not UTF-8
      } catch {
        this.utf8 = null;
      }
    }
    const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
    return { kind: 'csv', encoding: this.utf8 ? 'utf-8' : 'windows-1252', bomLength: bom, head };
  }
}

/**
 * Whether a ZIP's central directory (in `tail`, the file's last bytes) lists entries that unpack to at most
 * MAX_UNPACKED_BYTES, the shared strings to at most MAX_SHARED_STRINGS_BYTES. A directory that cannot be found
 * there is left to the reader (which calls the file damaged); a ZIP64 size is taken as too large.
 */
export function unpacksSafely(tail: Buffer, fileSize: number): boolean {
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) return true;
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  const start = directoryOffset - (fileSize - tail.length);
  if (start < 0 || start + directorySize > tail.length) return true;
  let total = 0;
  let at = start;
  while (at + 46 <= start + directorySize && tail.readUInt32LE(at) === 0x02014b50) {
    const unpacked = tail.readUInt32LE(at + 24);
    const nameLength = tail.readUInt16LE(at + 28);
    const name = tail.toString('utf8', at + 46, at + 46 + nameLength);
    if (unpacked === 0xffffffff) return false;
    if (name === 'xl/sharedStrings.xml' && unpacked > MAX_SHARED_STRINGS_BYTES) return false;
    total += unpacked;
    if (total > MAX_UNPACKED_BYTES) return false;
    at += 46 + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
  }
  return true;
}

/** A ZIP whose first entries are an Office Open XML spreadsheet's (not a Word file, an ODS or any ZIP). */
export function isXlsxZip(head: Buffer): boolean {
  const text = head.toString('latin1');
  if (text.includes('xl/')) return true;
  // Excel writes [Content_Types].xml first; a .docx or .pptx names word/ or ppt/ soon after it.
  return text.includes('[Content_Types].xml') && !/(?:^|[^a-z])(?:word|ppt)\//.test(text);
}

type Delimiter = ',' | ';' | '\t';

/** The delimiter occurring most often in one line outside quotes (null when none does; a comma on a tie). */
function lineDelimiter(line: string): Delimiter | null {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  let best: Delimiter = ',';
  for (const d of [';', '\t'] as const) if (counts[d] > counts[best]) best = d;
  return counts[best] > 0 ? best : null;
}

/**
 * The delimiter of a CSV, from its first lines: each line's own (the one of comma, semicolon and tab occurring
 * most often outside quotes), then the one most lines agree on, so that a report's title line above the header
 * or decimal commas in a semicolon file do not decide it. A comma when no line has any (a file of one column).
 */
export function sniffDelimiter(lines: string | string[]): Delimiter {
  const votes = { ',': 0, ';': 0, '\t': 0 };
  let first: Delimiter | null = null;
  for (const line of typeof lines === 'string' ? [lines] : lines) {
    const d = lineDelimiter(line);
    if (!d) continue;
    first ??= d;
    votes[d]++;
  }
  if (!first) return ',';
  let best: Delimiter = first;
  for (const d of [',', ';', '\t'] as const) if (votes[d] > votes[best]) best = d;
  return best;
}

/** The first line of the decoded text (a quoted line break does not end it), without its line end. */
export function firstLine(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) return text.slice(0, i);
  }
  return text;
}
