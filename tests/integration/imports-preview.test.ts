/**
 * Issue 33, points 1–3: uploading a file of clients and its preview. Files are made in the test (UTF-8 with a
 * BOM, semicolons, tabs, Windows-1252, quoted line breaks, an .xlsx written with exceljs, a full-name column),
 * sent through the real route as multipart/form-data; the preview counts rows to add, existing clients (any
 * case), repeats and errors with Add Client's messages; the mapping can be changed and is remembered; the
 * errors download holds the original cells, Row and Reason, neutralised. Every bad input is a clear 400, 413
 * or 415 with nothing written.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { POST as uploadRoute } from '@/app/api/imports/clients/route';
import { GET as errorsCsvRoute } from '@/app/api/imports/[id]/errors.csv/route';
import { PUT as remapRoute } from '@/app/api/imports/[id]/mapping/route';
import { GET as oneImportRoute } from '@/app/api/imports/[id]/route';
import { GET as listImportsRoute } from '@/app/api/imports/route';
import { db } from '@/lib/db';
import { LEGACY_XLS_TEXT, NOT_SPREADSHEET_TEXT, PASSWORD_PROTECTED_TEXT } from '@/lib/imports/detect';
import { NO_EMAIL_COLUMN_TEXT } from '@/lib/imports/mapping';
import { DAMAGED_XLSX_TEXT, NO_HEADER_TEXT, TOO_MANY_ROWS_TEXT } from '@/lib/imports/read';
import { CONSENT_TEXT } from '@/lib/imports/rows';
import { IMPORT_UPLOAD_TEXTS } from '@/lib/imports/upload';
import { NOT_PREVIEW_TEXT } from '@/lib/services/imports/preview';
import { FILL_ALL_FIELDS_TEXT } from '@/lib/validation/clients';
import { VALID_EMAIL_TEXT } from '@/lib/validation/messages';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();
jest.setTimeout(120_000);

const SERVER_ERROR_TEXT = 'Something went wrong on our side. Please try again.';

let staff: TestStaff;

beforeAll(async () => {
  staff = await makeStaff();
});

beforeEach(async () => {
  // Each test starts with no remembered mapping.
  await db.settings.updateMany({ data: { importMapping: undefined } });
  await db.$executeRaw`UPDATE "settings" SET "importMapping" = NULL`;
});

function formWith(bytes: Uint8Array | string, name: string, field = 'file'): FormData {
  const form = new FormData();
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  form.set(field, new Blob([new Uint8Array(data)]), name);
  return form;
}

const upload = (bytes: Uint8Array | string, name = 'patients.csv', headers?: Record<string, string>) =>
  call(uploadRoute, {
    form: formWith(bytes, name),
    cookie: staff.cookie,
    headers,
    path: '/api/imports/clients',
  });

async function counts() {
  const [imports, rows, clients] = await Promise.all([
    db.clientImport.count(),
    db.clientImportRow.count(),
    db.client.count(),
  ]);
  return { imports, rows, clients };
}

describe('uploading a CSV', () => {
  it('UTF-8 with a BOM and a quoted line break: previewed, mapped by its headers, nothing written to the clients', async () => {
    const before = await counts();
    const csv =
      '\uFEFFForename,Surname,E-mail,Mobile,Opt in,Patient ID,Notes\r\n' +
      'siân,jones,Sian@Example.test,07700 900123,Y,P1,"Line one\r\nLine two"\r\n' +
      "Zoë,O'Brien,zoe@example.test,,no,P2,\r\n";
    const res = await upload(csv);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'preview',
      fileName: 'patients.csv',
      format: 'csv',
      encoding: 'utf-8',
      headers: ['Forename', 'Surname', 'E-mail', 'Mobile', 'Opt in', 'Patient ID', 'Notes'],
      mapping: {
        firstName: 'Forename',
        lastName: 'Surname',
        fullName: null,
        email: 'E-mail',
        phone: 'Mobile',
        affiliateCompany: null,
        marketingConsent: 'Opt in',
        externalId: 'Patient ID',
      },
      counts: { rows: 2, toAdd: 2, existing: 0, duplicates: 0, errors: 0, added: 0, updated: 0 },
      problems: [],
      progress: null,
      createdBy: staff.email,
    });
    const rows = await db.clientImportRow.findMany({
      where: { importId: res.body.id },
      orderBy: { rowNumber: 'asc' },
    });
    expect(rows.map((r) => [r.rowNumber, r.outcome, r.cells[6]])).toEqual([
      [2, 'add', 'Line one\r\nLine two'],
      [3, 'add', ''],
    ]);
    const after = await counts();
    expect(after.clients).toBe(before.clients);
    expect(after.imports).toBe(before.imports + 1);

    const one = await call(oneImportRoute, { cookie: staff.cookie, params: { id: res.body.id } });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(res.body.id);
    const list = await call(listImportsRoute, { cookie: staff.cookie, path: '/api/imports?limit=1' });
    expect(list.status).toBe(200);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([res.body.id]);
  });

  it('semicolons, tabs and Windows-1252: Siân, Zoë and O’Brien arrive intact', async () => {
    const semi = await upload(
      iconv.encode(
        'First name;Last name;Email\r\nSiân;O’Brien;s1@example.test\r\nZoë;Smith;z1@example.test\r\n',
        'win1252',
      ),
    );
    expect(semi.status).toBe(201);
    expect(semi.body).toMatchObject({ encoding: 'windows-1252', counts: { rows: 2, toAdd: 2 } });
    const rows = await db.clientImportRow.findMany({
      where: { importId: semi.body.id },
      orderBy: { rowNumber: 'asc' },
    });
    expect(rows.map((r) => r.cells)).toEqual([
      ['Siân', 'O’Brien', 's1@example.test'],
      ['Zoë', 'Smith', 'z1@example.test'],
    ]);
    expect((await db.clientImport.findUniqueOrThrow({ where: { id: semi.body.id } })).delimiter).toBe(';');

    const tab = await upload(
      'Given name\tFamily name\tEmail address\nAmy\tPond\tamy@example.test\n',
      'export.txt',
    );
    expect(tab.status).toBe(201);
    expect(tab.body).toMatchObject({
      counts: { toAdd: 1 },
      mapping: { firstName: 'Given name', email: 'Email address' },
    });
  });

  it('a full-name column is split (surname first with a comma)', async () => {
    const res = await upload(
      'Patient name,Email\nMary Jane Smith,mjs@example.test\n"Jones, Siân",sj@example.test\nCher,cher@example.test\n',
    );
    expect(res.status).toBe(201);
    expect(res.body.mapping).toMatchObject({ fullName: 'Patient name', firstName: null, lastName: null });
    expect(res.body.counts).toMatchObject({ rows: 3, toAdd: 2, errors: 1 });
    expect(res.body.problems).toEqual([
      { row: 4, kind: 'error', column: 'Patient name', message: FILL_ALL_FIELDS_TEXT },
    ]);
  });
});

describe('a practice system’s report', () => {
  it('title lines above the header are left out; the rows keep their numbers in the file', async () => {
    const res = await upload(
      'Active patients report\r\nPrinted 27/11/2026\r\n\r\nPatient ID,Forename,Surname,Email\r\n' +
        'P1,Amy,Pond,amy.r@example.test\r\nP2,Rory,Williams,bad\r\n',
    );
    expect(res.status).toBe(201);
    expect(res.body.headers).toEqual(['Patient ID', 'Forename', 'Surname', 'Email']);
    expect(res.body.counts).toMatchObject({ rows: 2, toAdd: 1, errors: 1 });
    expect(res.body.problems).toEqual([
      { row: 6, kind: 'error', column: 'Email', message: VALID_EMAIL_TEXT },
    ]);
  });
});

describe('uploading an .xlsx', () => {
  it('the first sheet, written with exceljs', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Patients');
    sheet.addRow(['First name', 'Surname', 'Email', 'Telephone', 'Marketing consent', 'Company']);
    sheet.addRow(['Siân', 'Jones', 'sian.x@example.test', 7700900123, true, 'Acme']);
    sheet.addRow(['Zoë', 'O’Brien', 'zoe.x@example.test', '', 'maybe', null]);
    workbook.addWorksheet('Notes').addRow(['not read']);
    const res = await upload(new Uint8Array(await workbook.xlsx.writeBuffer()), 'patients.xlsx');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      format: 'xlsx',
      encoding: null,
      mapping: { phone: 'Telephone', marketingConsent: 'Marketing consent', affiliateCompany: 'Company' },
      counts: { rows: 2, toAdd: 1, errors: 1 },
      problems: [{ row: 3, kind: 'error', column: 'Marketing consent', message: CONSENT_TEXT }],
    });
    const rows = await db.clientImportRow.findMany({
      where: { importId: res.body.id },
      orderBy: { rowNumber: 'asc' },
    });
    expect(rows[0]!.cells).toEqual(['Siân', 'Jones', 'sian.x@example.test', '7700900123', 'TRUE', 'Acme']);
  });
});

describe('duplicates and errors', () => {
  it('repeats within the file and existing clients (any case); a deleted client is not one', async () => {
    await fixtureClient({ email: 'existing.one@example.test' });
    const gone = await fixtureClient({ email: 'gone@example.test' });
    await db.client.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const res = await upload(
      'First name,Last name,Email\n' +
        'Amy,Pond,amy.d@example.test\n' +
        'Amy,Again,AMY.D@example.test\n' +
        'Rory,Williams,Existing.One@Example.test\n' +
        'Gone,Before,gone@example.test\n' +
        'Bad,Email,not-an-email\n' +
        ',NoFirst,nofirst@example.test\n',
    );
    expect(res.status).toBe(201);
    expect(res.body.counts).toMatchObject({ rows: 6, toAdd: 2, existing: 1, duplicates: 1, errors: 2 });
    expect(res.body.problems).toEqual([
      {
        row: 3,
        kind: 'duplicate',
        column: 'Email',
        message: 'Repeats the email of row 2; only the first is imported.',
      },
      { row: 6, kind: 'error', column: 'Email', message: VALID_EMAIL_TEXT },
      { row: 7, kind: 'error', column: 'First name', message: FILL_ALL_FIELDS_TEXT },
    ]);
    const outcomes = await db.clientImportRow.findMany({
      where: { importId: res.body.id },
      orderBy: { rowNumber: 'asc' },
      select: { outcome: true },
    });
    expect(outcomes.map((r) => r.outcome)).toEqual(['add', 'duplicate', 'existing', 'add', 'error', 'error']);
  });

  it('errors.csv: the original cells, Row and Reason; formula cells kept as text in the database, neutralised out', async () => {
    const res = await upload(
      'Name,Email,Notes\n=cmd|calc,bad-email,@SUM(A1)\nAmy Pond,amy.e@example.test,+1\nAmy Pond,amy.e@example.test,-2\n',
    );
    expect(res.status).toBe(201);
    const stored = await db.clientImportRow.findFirstOrThrow({
      where: { importId: res.body.id, rowNumber: 2 },
    });
    expect(stored.cells).toEqual(['=cmd|calc', 'bad-email', '@SUM(A1)']);
    const csv = await call(errorsCsvRoute, { cookie: staff.cookie, params: { id: res.body.id } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="import-errors-patients.csv"');
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      '"Name","Email","Notes","Row","Reason"',
      `"'=cmd|calc","bad-email","'@SUM(A1)","2","Name: ${FILL_ALL_FIELDS_TEXT}; Email: ${VALID_EMAIL_TEXT}"`,
      '"Amy Pond","amy.e@example.test","\'-2","4","Repeats the email of row 3; only the first is imported."',
    ]);
    const missing = await call(errorsCsvRoute, {
      cookie: staff.cookie,
      params: { id: '0192f5e0-0000-7000-8000-00000000beef' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('changing the mapping', () => {
  it('checks every row again, saves the mapping for the next file, and refuses what cannot be used', async () => {
    const res = await upload(
      'First name,Last name,Email,Contact\nAmy,Pond,,amy.m@example.test\nRory,Williams,,rory.m@example.test\n',
    );
    expect(res.status).toBe(201);
    expect(res.body.counts).toMatchObject({ toAdd: 0, errors: 2 });
    const id = res.body.id as string;
    const remap = (mapping: unknown) =>
      call(remapRoute, { method: 'PUT', cookie: staff.cookie, params: { id }, body: { mapping } });

    const bad = await remap({ email: 'Nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The file has no column “Nope” (chosen for Email).');
    const none = await remap({ email: null });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(NO_EMAIL_COLUMN_TEXT);

    const good = await remap({ email: 'Contact' });
    expect(good.status).toBe(200);
    expect(good.body.mapping).toMatchObject({ firstName: 'First name', email: 'Contact' });
    expect(good.body.counts).toMatchObject({ rows: 2, toAdd: 2, errors: 0 });
    expect(good.body.problems).toEqual([]);
    const settings = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.importMapping).toMatchObject({ email: 'Contact' });

    // The next file with a Contact column gets it for the email.
    const nextFile = await upload('First name,Last name,Email,Contact\nAmy,Pond,,amy.n@example.test\n');
    expect(nextFile.body.mapping.email).toBe('Contact');
    expect(nextFile.body.counts.toAdd).toBe(1);

    await db.clientImport.update({ where: { id }, data: { status: 'running', startedAt: new Date() } });
    const late = await remap({ email: 'Email' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(NOT_PREVIEW_TEXT);
  });
});

describe('bad input: a clear 400, 413 or 415, and nothing written', () => {
  const workbookBytes = async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Patients').addRows([
      ['Name', 'Email'],
      ['Amy Pond', 'amy@example.test'],
    ]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
  const ole2 = (streams: string[]) =>
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1024),
      ...streams.map((s) => Buffer.from(s, 'utf16le')),
      Buffer.alloc(1024),
    ]);
  const manyRows = () => {
    const lines = ['Name,Email'];
    for (let i = 0; i <= 100_000; i++) lines.push(`Amy Pond,a${i}@example.test`);
    return lines.join('\n');
  };

  const cases: [string, () => Promise<Parameters<typeof upload>>, number, string | RegExp][] = [
    [
      'a declared length over 20 MB',
      async () => ['Name,Email\nA B,a@b.test\n', 'big.csv', { 'content-length': String(21 * 1024 * 1024) }],
      413,
      IMPORT_UPLOAD_TEXTS.tooLarge,
    ],
    [
      'a file over 20 MB as it streams',
      async () => [new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41), 'big.csv'],
      413,
      IMPORT_UPLOAD_TEXTS.tooLarge,
    ],
    [
      'binary noise',
      async () => [Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256)), 'noise.csv'],
      415,
      NOT_SPREADSHEET_TEXT,
    ],
    [
      'a PDF named .csv',
      async () => ['%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\u0000<<>>', 'patients.csv'],
      415,
      NOT_SPREADSHEET_TEXT,
    ],
    [
      'a legacy .xls',
      async () => [ole2(['Workbook', 'SummaryInformation']), 'patients.xls'],
      415,
      LEGACY_XLS_TEXT,
    ],
    [
      'a password-protected workbook',
      async () => [ole2(['EncryptionInfo', 'EncryptedPackage']), 'patients.xlsx'],
      400,
      PASSWORD_PROTECTED_TEXT,
    ],
    [
      'a damaged workbook',
      async () => {
        const whole = await workbookBytes();
        return [whole.subarray(0, Math.floor(whole.length * 0.6)), 'patients.xlsx'];
      },
      400,
      DAMAGED_XLSX_TEXT,
    ],
    ['an empty file', async () => ['', 'patients.csv'], 400, /^The file is empty/],
    [
      'no header row',
      async () => ['Amy Pond,amy@example.test\nRory Williams,rory@example.test\n'],
      400,
      NO_HEADER_TEXT,
    ],
    [
      'no email column',
      async () => ['First name,Last name,Phone\nAmy,Pond,07700900123\n'],
      400,
      /^No column for the email: name one Email/,
    ],
    [
      'no name column',
      async () => ['Email,Phone\namy@example.test,07700900123\n'],
      400,
      /^No column for the names/,
    ],
    [
      'unbalanced quotes',
      async () => ['Name,Email\nAmy Pond,amy@example.test\n"Rory Williams,rory@example.test\n'],
      400,
      /^Row 3 opens a quote/,
    ],
    [
      'a 1 MB cell',
      async () => [`Name,Email\nAmy Pond,${'x'.repeat(1024 * 1024 + 1)}\n`],
      400,
      /^Row 2 has a cell over 1 MB/,
    ],
    ['more than 100,000 rows', async () => [manyRows()], 400, TOO_MANY_ROWS_TEXT],
  ];

  it.each(cases)('%s', async (_label, make, status, message) => {
    const before = await counts();
    const res = await upload(...(await make()));
    expect(res.status).toBe(status);
    expect(res.body.message).not.toBe(SERVER_ERROR_TEXT);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('no file, or not multipart', async () => {
    const before = await counts();
    const noFile = await call(uploadRoute, { form: formWith('x', 'a.csv', 'other'), cookie: staff.cookie });
    expect(noFile).toMatchObject({ status: 400, body: { message: IMPORT_UPLOAD_TEXTS.noFile } });
    const json = await call(uploadRoute, { body: { file: 'Name,Email' }, cookie: staff.cookie });
    expect(json).toMatchObject({ status: 400, body: { message: IMPORT_UPLOAD_TEXTS.notMultipart } });
    expect(await counts()).toEqual(before);
  });
});
