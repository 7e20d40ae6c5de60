/**
 * Issue 34, the upload: a practice system's export sent through the real route as multipart/form-data, read as
 * the client import reads files (Windows-1252, semicolons, a report's title line, an .xlsx with a formula and
 * a date cell), its columns guessed or chosen, each row checked with the integration API's checks. A preview
 * writes nothing; a commit takes the good rows into the ingest and proposes the fixture referral's match; the
 * same file twice is taken once; bad input is a clear 400, 413 or 415 with nothing written.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { POST as uploadRoute } from '@/app/api/practice-records/upload/route';
import { db } from '@/lib/db';
import { NOT_SPREADSHEET_TEXT } from '@/lib/imports/detect';
import { NO_NAME_COLUMN_TEXT } from '@/lib/imports/mapping';
import { IMPORT_UPLOAD_TEXTS } from '@/lib/imports/upload';
import {
  NO_DATE_COLUMN_TEXT,
  UPLOAD_NO_DATE_TEXT,
  UPLOAD_NOT_DATE_TEXT,
} from '@/lib/practice/upload-mapping';
import {
  RECORD_BIRTH_DATE_TEXT,
  RECORD_FUTURE_TEXT,
  RECORD_KIND_TEXT,
  RECORD_NAME_TEXT,
} from '@/lib/validation/practice-records';
import {
  PRACTICE_UPLOAD_MAX_ROWS,
  UPLOAD_COMMIT_TEXT,
  UPLOAD_MAPPING_TEXT,
  UPLOAD_READER_TEXTS,
  UPLOAD_TOO_MANY_ROWS_TEXT,
} from '@/lib/validation/practice-upload';
import { setUpTestDatabase } from '../support/db';
import { fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();
jest.setTimeout(120_000);

let staff: TestStaff;

beforeAll(async () => {
  staff = await makeStaff();
});

type Fields = Record<string, string>;

function formWith(bytes: Uint8Array | string, name: string, fields: Fields = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  form.set('file', new Blob([new Uint8Array(data)]), name);
  return form;
}

const upload = (bytes: Uint8Array | string, fields: Fields = {}, name = 'appointments.csv') =>
  call(uploadRoute, {
    form: formWith(bytes, name, fields),
    cookie: staff.cookie,
    path: '/api/practice-records/upload',
  });

async function written() {
  const [records, matches] = await Promise.all([db.practiceRecord.count(), db.practiceMatch.count()]);
  return { records, matches };
}

/** A pending referral whose friend the export can name: their names and email. */
async function friend() {
  const referral = await fixtureReferral('pending');
  const lead = await db.lead.findUniqueOrThrow({ where: { id: referral.leadId } });
  return { referral, lead: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email! } };
}

let unique = 0;
/** A patient no referral has (no proposal from it). */
const stranger = () => {
  unique += 1;
  return {
    firstName: 'Nobody',
    lastName: `Known${unique}-${Date.now()}`,
    email: `nobody${unique}.${Date.now()}@example.org`,
  };
};

describe('preview and commit', () => {
  it('a preview reads, maps and checks the file and writes nothing; the commit takes it and proposes the match', async () => {
    const { referral, lead } = await friend();
    const other = stranger();
    const csv =
      'Patient ID,First Name,Surname,E-mail,DOB,Completed\r\n' +
      `P1,${lead.firstName},${lead.lastName},${lead.email.toUpperCase()},02/03/1985,03/04/2025 14:30\r\n` +
      `P2,${other.firstName},${other.lastName},${other.email},,2025-11-02\r\n`;
    const before = await written();
    const preview = await upload(csv);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      fileName: 'appointments.csv',
      headers: ['Patient ID', 'First Name', 'Surname', 'E-mail', 'DOB', 'Completed'],
      mapping: {
        firstName: 'First Name',
        lastName: 'Surname',
        fullName: null,
        email: 'E-mail',
        phone: null,
        dateOfBirth: 'DOB',
        eventDate: 'Completed',
        externalId: 'Patient ID',
        eventId: null,
      },
      kind: 'treatment_started',
      source: 'upload',
      rows: 2,
      valid: 2,
      problems: [],
    });
    expect(preview.body.counts).toBeUndefined();
    expect(preview.body.sample[0]).toEqual({
      row: 2,
      source: 'upload',
      externalEventId: expect.stringMatching(/^row-[0-9a-f]{40}$/),
      externalPatientId: 'P1',
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email.toLowerCase(),
      phone: null,
      // Day first, the UK way: 3 April.
      eventDate: '2025-04-03',
      kind: 'treatment_started',
    });
    expect(await written()).toEqual(before);

    const taken = await upload(csv, { commit: 'true' });
    expect(taken.status).toBe(201);
    expect(taken.body.counts).toEqual({
      received: 2,
      new: 2,
      duplicates: 0,
      matched: 1,
      proposed: 1,
      confirmed: 0,
    });
    expect(taken.body.sample[0].externalEventId).toBe(preview.body.sample[0].externalEventId);
    const match = await db.practiceMatch.findFirstOrThrow({
      where: { referralId: referral.id },
      include: { record: true },
    });
    expect(match).toMatchObject({ confidence: 'high', status: 'proposed' });
    expect(match.record).toMatchObject({ source: 'upload', via: 'upload', kind: 'treatment_started' });
    expect(match.record.eventDate.toISOString().slice(0, 10)).toBe('2025-04-03');
    // The date of birth is checked, never kept.
    expect(Object.values(match.record)).not.toContain('1985-03-02');
    expect(await written()).toEqual({ records: before.records + 2, matches: before.matches + 1 });

    // The same export again: recognised row by row, nothing new, no new proposal.
    const again = await upload(csv, { commit: 'true' });
    expect(again.status).toBe(201);
    expect(again.body.counts).toMatchObject({ received: 2, new: 0, duplicates: 2, proposed: 0 });
    expect(await written()).toEqual({ records: before.records + 2, matches: before.matches + 1 });
  });

  it('an event id column is the event’s id; the kind and source given are kept', async () => {
    const { referral, lead } = await friend();
    const csv =
      `Invoice,Patient name,Email,Payment date\n` +
      `INV-1,"${lead.lastName}, ${lead.firstName}",${lead.email},2025-10-01\n` +
      `INV-1,"${lead.lastName}, ${lead.firstName}",${lead.email},2025-10-01\n`;
    const res = await upload(csv, { commit: 'true', kind: 'payment', source: 'Exact-CSV' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'payment', source: 'exact-csv', rows: 2, valid: 2 });
    expect(res.body.mapping).toMatchObject({
      fullName: 'Patient name',
      eventId: 'Invoice',
      eventDate: 'Payment date',
    });
    // The same event twice in one file is one event.
    expect(res.body.counts).toMatchObject({ received: 2, new: 1, duplicates: 1, proposed: 1 });
    const record = await db.practiceRecord.findUniqueOrThrow({
      where: { source_externalEventId: { source: 'exact-csv', externalEventId: 'INV-1' } },
    });
    expect(record).toMatchObject({ kind: 'payment', firstName: lead.firstName, lastName: lead.lastName });
    expect(await db.practiceMatch.count({ where: { referralId: referral.id } })).toBe(1);
  });

  it('rows with problems are listed with every reason, the rest still taken', async () => {
    const { referral, lead } = await friend();
    const future = `${new Date().getUTCFullYear() + 1}-01-15`;
    const csv =
      'First name,Last name,Email,Date of birth,Visit date\n' +
      `${lead.firstName},${lead.lastName},${lead.email},,01/09/2025\n` +
      `,Smith,smith@example.org,,01/09/2025\n` +
      `Amy,Pond,amy@example.org,,${future}\n` +
      `Rory,Williams,rory@example.org,,12/31/2025\n` +
      `Clara,Oswald,clara@example.org,,\n` +
      `Martha,Jones,martha@example.org,next year,2025-09-01\n` +
      `,,,,soon\n`;
    const before = await written();
    const res = await upload(csv, { commit: 'true' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rows: 7, valid: 1 });
    expect(res.body.problems).toEqual([
      { row: 3, reasons: [RECORD_NAME_TEXT] },
      { row: 4, reasons: [RECORD_FUTURE_TEXT] },
      { row: 5, reasons: [UPLOAD_NOT_DATE_TEXT] },
      { row: 6, reasons: [UPLOAD_NO_DATE_TEXT] },
      { row: 7, reasons: [RECORD_BIRTH_DATE_TEXT] },
      { row: 8, reasons: [UPLOAD_NOT_DATE_TEXT, RECORD_NAME_TEXT] },
    ]);
    expect(res.body.counts).toMatchObject({ received: 1, new: 1, proposed: 1 });
    expect(await written()).toEqual({ records: before.records + 1, matches: before.matches + 1 });
    expect(await db.practiceMatch.count({ where: { referralId: referral.id } })).toBe(1);
  });

  it('UK dates: day first, with or without a time; a time with an offset on the UK’s day', async () => {
    const people = [stranger(), stranger(), stranger(), stranger()];
    const dates = ['03/04/2025', '31-12-2024 09:15', '2025-06-30T23:30:00Z', '1 Aug 2025'];
    const csv =
      'Forename,Surname,Email,Appointment date\n' +
      people.map((p, i) => `${p.firstName},${p.lastName},${p.email},${dates[i]}`).join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([]);
    expect(res.body.sample.map((s: { eventDate: string }) => s.eventDate)).toEqual([
      '2025-04-03',
      '2024-12-31',
      // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
      '2025-07-01',
      '2025-08-01',
    ]);
  });

  it('a Windows-1252 CSV with semicolons and a report title above the header: names arrive intact', async () => {
    const csv =
      'Completed appointments report;;;\r\n' +
      'Patient;Email;Mobile;Date\r\n' +
      'Siân Jones;sian.1252@example.org;07700 900123;02/10/2025\r\n' +
      "Zoë O'Brien;zoe.1252@example.org;;03/10/2025\r\n";
    const res = await upload(new Uint8Array(iconv.encode(csv, 'win1252')));
    expect(res.status).toBe(200);
    expect(res.body.headers).toEqual(['Patient', 'Email', 'Mobile', 'Date']);
    expect(res.body.sample).toMatchObject([
      { row: 3, firstName: 'Siân', lastName: 'Jones', phone: '+447700900123', eventDate: '2025-10-02' },
      { row: 4, firstName: 'Zoë', lastName: "O'Brien", phone: null, eventDate: '2025-10-03' },
    ]);
  });

  it('an .xlsx with a date cell and a formula cell', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Visits');
    sheet.addRow(['First visit', 'First name', 'Last name', 'Email']);
    sheet.addRow([
      new Date(Date.UTC(2025, 8, 14)),
      'Amy',
      { formula: '"Po"&"nd"', result: 'Pond' },
      'amy.xlsx@example.org',
    ]);
    const res = await upload(
      new Uint8Array(await workbook.xlsx.writeBuffer()),
      { kind: 'first_visit' },
      'visits.xlsx',
    );
    expect(res.status).toBe(200);
    expect(res.body.sample).toMatchObject([
      { firstName: 'Amy', lastName: 'Pond', eventDate: '2025-09-14', kind: 'first_visit' },
    ]);
  });

  it('a mapping chosen over the guess: a column the headers do not name, a guessed one left out', async () => {
    const csv = 'Patient,Seen,Email\nAmy Pond,05/05/2025,amy.map@example.org\n';
    const guessed = await upload(csv);
    expect(guessed.status).toBe(400);
    expect(guessed.body.message).toContain(NO_DATE_COLUMN_TEXT);
    expect(guessed.body.message).toContain('“Seen”');
    // With the file's columns and the guess, for the screen to offer them.
    expect(guessed.body.headers).toEqual(['Patient', 'Seen', 'Email']);
    expect(guessed.body.mapping).toMatchObject({ fullName: 'Patient', email: 'Email', eventDate: null });

    const chosen = await upload(csv, { mapping: JSON.stringify({ eventDate: 'Seen', email: null }) });
    expect(chosen.status).toBe(200);
    expect(chosen.body.mapping).toMatchObject({ fullName: 'Patient', eventDate: 'Seen', email: null });
    expect(chosen.body.sample).toMatchObject([
      { firstName: 'Amy', lastName: 'Pond', email: null, eventDate: '2025-05-05' },
    ]);
  });
});

describe('bad input: a clear 401, 400, 413 or 415, and nothing written', () => {
  const good = 'First name,Last name,Date\nAmy,Pond,01/01/2025\n';

  it('signed out: 401', async () => {
    const res = await call(uploadRoute, {
      form: formWith(good, 'a.csv', { commit: 'true' }),
      path: '/api/practice-records/upload',
    });
    expect(res.status).toBe(401);
  });

  it.each<[string, () => Promise<[Uint8Array | string, Fields, string]>, number, string]>([
    [
      'an unknown kind',
      async () => [good, { kind: 'surgery', commit: 'true' }, 'a.csv'],
      400,
      RECORD_KIND_TEXT,
    ],
    [
      'mapping that is not JSON',
      async () => [good, { mapping: '{eventDate:', commit: 'true' }, 'a.csv'],
      400,
      UPLOAD_MAPPING_TEXT,
    ],
    [
      'mapping with an unknown field',
      async () => [good, { mapping: '{"when":"Date"}', commit: 'true' }, 'a.csv'],
      400,
      UPLOAD_MAPPING_TEXT,
    ],
    [
      'commit that is neither true nor false',
      async () => [good, { commit: 'yes' }, 'a.csv'],
      400,
      UPLOAD_COMMIT_TEXT,
    ],
    [
      'no name column',
      async () => ['Email,Date\na@example.org,01/01/2025\n', { commit: 'true' }, 'a.csv'],
      400,
      NO_NAME_COLUMN_TEXT,
    ],
    [
      'a mapping naming a column the file has not',
      async () => [good, { mapping: '{"eventDate":"Visit"}', commit: 'true' }, 'a.csv'],
      400,
      'The file has no column “Visit” (chosen for Date).',
    ],
    [
      `more than ${PRACTICE_UPLOAD_MAX_ROWS} rows`,
      async () => [
        'First name,Last name,Date\n' + 'Amy,Pond,01/01/2025\n'.repeat(PRACTICE_UPLOAD_MAX_ROWS + 1),
        { commit: 'true' },
        'a.csv',
      ],
      400,
      UPLOAD_TOO_MANY_ROWS_TEXT,
    ],
    // The reader's refusals speak of appointments and patients here, not of the client import's clients.
    ['an empty file', async () => ['', { commit: 'true' }, 'a.csv'], 400, UPLOAD_READER_TEXTS.empty],
    [
      'a header row and nothing below it',
      async () => ['First name,Last name,Date\n\n', { commit: 'true' }, 'a.csv'],
      400,
      UPLOAD_READER_TEXTS.noRows,
    ],
    [
      'over 20 MB',
      async () => [new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41), { commit: 'true' }, 'big.csv'],
      413,
      IMPORT_UPLOAD_TEXTS.tooLarge,
    ],
    [
      'a PNG',
      async () => [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        { commit: 'true' },
        'a.csv',
      ],
      415,
      NOT_SPREADSHEET_TEXT,
    ],
  ])('%s', async (_label, make, status, message) => {
    const before = await written();
    const [bytes, fields, name] = await make();
    const res = await upload(bytes, fields, name);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
    expect(await written()).toEqual(before);
  });

  it('no file: 400', async () => {
    const form = new FormData();
    form.set('commit', 'true');
    const res = await call(uploadRoute, { form, cookie: staff.cookie, path: '/api/practice-records/upload' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_UPLOAD_TEXTS.noFile);
  });
});
