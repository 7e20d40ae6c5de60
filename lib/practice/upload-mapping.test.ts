import { NO_NAME_COLUMN_TEXT } from '@/lib/imports/mapping';
import {
  guessUploadMapping,
  mergeUploadMapping,
  NO_DATE_COLUMN_TEXT,
  parseUkDate,
  uploadColumnIndex,
  uploadMappingProblem,
  uploadRow,
  UPLOAD_NO_DATE_TEXT,
  UPLOAD_NOT_DATE_TEXT,
} from './upload-mapping';

const NOW = new Date('2026-11-27T12:00:00Z');

describe('guessUploadMapping', () => {
  it('reads a Dentally-style appointments export', () => {
    const headers = [
      'Appointment ID',
      'Patient ID',
      'First Name',
      'Surname',
      'E-mail',
      'Mobile',
      'DOB',
      'Start time',
      'State',
    ];
    expect(guessUploadMapping(headers)).toEqual({
      firstName: 'First Name',
      lastName: 'Surname',
      fullName: null,
      email: 'E-mail',
      phone: 'Mobile',
      dateOfBirth: 'DOB',
      eventDate: 'Start time',
      externalId: 'Patient ID',
      eventId: 'Appointment ID',
    });
  });

  it('normalises headers as the import does, prefers the earlier synonym and uses each header once', () => {
    const m = guessUploadMapping([
      'patient_name',
      'payment date',
      'DATE',
      'invoice-no',
      'Telephone',
      'Mobile no',
    ]);
    expect(m.fullName).toBe('patient_name');
    expect(m.eventDate).toBe('DATE');
    expect(m.eventId).toBe('invoice-no');
    expect(m.phone).toBe('Mobile no');
    expect(m.firstName).toBeNull();
  });

  it('a full name only when there is no first and last name pair', () => {
    const m = guessUploadMapping(['Forename', 'Surname', 'Name', 'Completed']);
    expect(m).toMatchObject({
      firstName: 'Forename',
      lastName: 'Surname',
      fullName: null,
      eventDate: 'Completed',
    });
  });
});

describe('mergeUploadMapping and uploadMappingProblem', () => {
  const headers = ['Name', 'Visit', 'Email'];
  it('names what is missing: the date, the names', () => {
    expect(uploadMappingProblem(headers, guessUploadMapping(headers))).toBe(NO_DATE_COLUMN_TEXT);
    expect(uploadMappingProblem(['Visit date', 'Email'], guessUploadMapping(['Visit date', 'Email']))).toBe(
      NO_NAME_COLUMN_TEXT,
    );
  });
  it('a chosen column wins; null leaves a field out; unknown or doubled headers are named', () => {
    const m = mergeUploadMapping(guessUploadMapping(headers), { eventDate: 'Visit', email: null });
    expect(m).toMatchObject({ fullName: 'Name', eventDate: 'Visit', email: null });
    expect(uploadMappingProblem(headers, m)).toBeNull();
    expect(uploadMappingProblem(headers, { ...m, phone: 'Tel' })).toBe(
      'The file has no column “Tel” (chosen for Phone).',
    );
    expect(uploadMappingProblem(headers, { ...m, email: 'Visit' })).toMatch(/chosen for both Email and Date/);
  });
});

describe('parseUkDate', () => {
  it.each([
    ['31/12/2025', '2025-12-31'],
    ['31-12-2025', '2025-12-31'],
    ['31.12.2025', '2025-12-31'],
    ['1/2/2025', '2025-02-01'],
    ['31/12/25', '2025-12-31'],
    ['02/03/85', '1985-03-02'],
    ['2025-12-31', '2025-12-31'],
    ['2025-12-31 14:30', '2025-12-31'],
    ['2025-12-31T14:30:00', '2025-12-31'],
    ['31/12/2025 14:30', '2025-12-31'],
    ['31/12/2025 2:30 pm', '2025-12-31'],
    ['31/12/2025, 09:05:59', '2025-12-31'],
    ['31 Dec 2025', '2025-12-31'],
    ['Wed 31 December 2025 10:00', '2025-12-31'],
    ['2025-06-30T23:30:00Z', '2025-06-30T23:30:00Z'],
    ['2025-06-30T23:30:00+01:00', '2025-06-30T23:30:00+01:00'],
    ['46022', '2025-12-31'],
    ['46022.75', '2025-12-31'],
  ])('%s → %s', (text, expected) => {
    expect(parseUkDate(text, NOW)).toBe(expected);
  });

  it('reads an ambiguous date day first (the UK way), never month first', () => {
    expect(parseUkDate('03/04/2025', NOW)).toBe('2025-04-03');
    // A US date that cannot be day first is not a date (the file shows as problems, not misread).
    expect(parseUkDate('12/31/2025', NOW)).toBeNull();
  });

  it.each(['', 'tomorrow', '31/02/2025', '2025-13-01', '31/12/2025 25:00', '123', '31/12', 'n/a', '99999'])(
    '%j is not a date',
    (text) => {
      expect(parseUkDate(text, NOW)).toBeNull();
    },
  );
});

describe('uploadRow', () => {
  const headers = ['Patient', 'Email', 'Mobile', 'Date', 'Patient ID', 'DOB'];
  const mapping = guessUploadMapping(headers);
  const index = uploadColumnIndex(headers, mapping);
  const options = { kind: 'treatment_started' as const, source: 'upload', now: NOW };

  it('splits a full name, reads the dates and keys the event by patient, day and kind', () => {
    const row = uploadRow(
      ['Mrs Siân  Jones', 'sian@example.test', '07700 900123', '03/11/2026 10:00', 'P7', '02/03/1985'],
      mapping,
      index,
      options,
    );
    expect(row.event).toEqual({
      source: 'upload',
      externalEventId: null,
      externalPatientId: 'P7',
      firstName: 'Siân',
      lastName: 'Jones',
      email: 'sian@example.test',
      phone: '07700 900123',
      dateOfBirth: '1985-03-02',
      eventDate: '2026-11-03',
      kind: 'treatment_started',
    });
    expect(row.identity).toBe('treatment_started|2026-11-03|patient:P7');
    expect(row.dateReason).toBeNull();
    // Another time the same day is the same event.
    expect(
      uploadRow(['Siân Jones', '', '', '2026-11-03 16:00', 'P7', ''], mapping, index, options).identity,
    ).toBe(row.identity);
  });

  it('without a patient ID: the lower-cased name, email and phone', () => {
    const row = uploadRow(
      ['Amy Pond', 'Amy@Example.test', '07700 900 123', '2026-11-03', '', ''],
      mapping,
      index,
      options,
    );
    expect(row.identity).toBe('treatment_started|2026-11-03|person:amy|pond|amy@example.test|07700900123');
  });

  it('says when the date is missing or not a date; a date of birth that is not one is passed as written', () => {
    expect(uploadRow(['Amy Pond', '', '', '', '', 'soon'], mapping, index, options)).toMatchObject({
      dateReason: UPLOAD_NO_DATE_TEXT,
      identity: null,
      event: { dateOfBirth: 'soon', eventDate: null },
    });
    expect(uploadRow(['Amy Pond', '', '', '13/13/2026', '', ''], mapping, index, options).dateReason).toBe(
      UPLOAD_NOT_DATE_TEXT,
    );
  });
});
