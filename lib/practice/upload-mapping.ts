/**
 * Issue 34, the upload: which column of a practice system's export fills which field of a practice record,
 * guessed from the headers as the client import guesses (lib/imports/mapping.ts: the same `headerKey`, so
 * "Appointment Date" and "appointment_date" are one header), the UK's dates read, and each row turned into a
 * record for checkPracticeRecords (lib/validation/practice-records.ts). Pure and safe in the browser: the screen
 * shows the same field labels.
 */
import {
  headerKey,
  NO_FIRST_NAME_COLUMN_TEXT,
  NO_LAST_NAME_COLUMN_TEXT,
  NO_NAME_COLUMN_TEXT,
  PERSON_SYNONYMS,
} from '@/lib/imports/mapping';
import { splitFullName } from '@/lib/imports/rows';
import type { PracticeRecordKind } from '@/lib/validation/practice-records';

export const UPLOAD_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'dateOfBirth',
  'eventDate',
  'externalId',
  'eventId',
] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number];

/** { field: header or null } for every field. */
export type UploadMapping = Record<UploadField, string | null>;

/** The fields in the order the screen shows them, with what each takes. */
export const UPLOAD_FIELD_ROWS: readonly { field: UploadField; label: string; hint: string }[] = [
  { field: 'firstName', label: 'First name', hint: 'Forename or given name.' },
  { field: 'lastName', label: 'Last name', hint: 'Surname or family name.' },
  {
    field: 'fullName',
    label: 'Full name',
    hint: 'Instead of the two above: one column with the whole name ("Siân Jones" or "Jones, Siân"), split for you.',
  },
  { field: 'email', label: 'Email', hint: 'Optional, but the surest match.' },
  { field: 'phone', label: 'Phone', hint: 'Mobile or telephone: with the surname, a sure match.' },
  { field: 'dateOfBirth', label: 'Date of birth', hint: 'Optional: checked, never kept.' },
  {
    field: 'eventDate',
    label: 'Date',
    hint: 'Needed: the day of the appointment, first visit or payment (31/12/2025 or 2025-12-31).',
  },
  { field: 'externalId', label: 'Patient ID', hint: 'The patient’s ID in your practice system.' },
  {
    field: 'eventId',
    label: 'Appointment or event ID',
    hint: 'Optional: without it, a row is known by the patient, the day and the kind.',
  },
];

export const UPLOAD_FIELD_LABELS = Object.fromEntries(
  UPLOAD_FIELD_ROWS.map((r) => [r.field, r.label]),
) as Record<UploadField, string>;

/** Synonyms, in order of preference: the first header that matches one wins. */
const SYNONYMS: Record<UploadField, string[]> = {
  ...PERSON_SYNONYMS,
  dateOfBirth: ['Date of birth', 'DOB', 'Birth date', 'Birthdate', 'Birthday', 'Patient DOB'],
  eventDate: [
    'Date',
    'Appointment date',
    'Completed',
    'Completed date',
    'Completed at',
    'Date completed',
    'Completion date',
    'Start time',
    'Start',
    'Start date',
    'Visit date',
    'Date of visit',
    'First visit',
    'First visit date',
    'First appointment',
    'Treatment date',
    'Treatment start',
    'Treatment start date',
    'Payment date',
    'Date paid',
    'Paid on',
    'Appointment',
    'Event date',
  ],
  externalId: ['Patient ID', 'External ID', 'Patient number', 'Patient no', 'PMS ID', 'Patient ref', 'ID'],
  eventId: [
    'Appointment ID',
    'Event ID',
    'Invoice',
    'Invoice ID',
    'Invoice number',
    'Invoice no',
    'Reference',
    'Ref',
    'Payment ID',
    'Transaction ID',
    'Visit ID',
    'Treatment ID',
    'Booking ID',
  ],
};

const KEYED: [UploadField, string[]][] = UPLOAD_FIELDS.map((f) => [f, SYNONYMS[f].map(headerKey)]);

export const emptyUploadMapping = (): UploadMapping =>
  Object.fromEntries(UPLOAD_FIELDS.map((f) => [f, null])) as UploadMapping;

/**
 * The guess for a file's headers, as the client import guesses: each field takes the header matching its
 * earliest synonym, each header used once; a full name is only guessed when there is no first and last name.
 */
export function guessUploadMapping(headers: readonly string[]): UploadMapping {
  const mapping = emptyUploadMapping();
  const used = new Set<string>();
  const keys = headers.map(headerKey);
  for (const [field, synonyms] of KEYED) {
    let best: { header: string; rank: number } | null = null;
    headers.forEach((header, i) => {
      const rank = synonyms.indexOf(keys[i]!);
      if (used.has(header) || rank < 0) return;
      if (!best || rank < best.rank) best = { header, rank };
    });
    if (best) {
      const header = (best as { header: string }).header;
      mapping[field] = header;
      used.add(header);
    }
  }
  if (mapping.firstName && mapping.lastName) mapping.fullName = null;
  return mapping;
}

/** The guess with the fields the staff member chose: a field given wins (null: not in the file). */
export function mergeUploadMapping(
  guess: UploadMapping,
  chosen?: Partial<UploadMapping> | null,
): UploadMapping {
  const next = { ...guess };
  if (!chosen) return next;
  for (const field of UPLOAD_FIELDS) {
    const value = chosen[field];
    if (value !== undefined) next[field] = value === null || value.trim() === '' ? null : value.trim();
  }
  return next;
}

export const NO_DATE_COLUMN_TEXT =
  'No column for the date: name one Date (or Appointment date, Completed, Visit date, Payment date), or ' +
  'choose which column holds it.';

/**
 * What is missing or wrong in a mapping for these headers, in words (null when it can be used): a header the
 * file does not have, one column for two fields, no names, no date.
 */
export function uploadMappingProblem(headers: readonly string[], mapping: UploadMapping): string | null {
  const present = new Set(headers);
  const seen = new Map<string, UploadField>();
  for (const field of UPLOAD_FIELDS) {
    const header = mapping[field];
    if (header === null) continue;
    if (!present.has(header))
      return `The file has no column “${header}” (chosen for ${UPLOAD_FIELD_LABELS[field]}).`;
    const other = seen.get(header);
    if (other) {
      return (
        `The column “${header}” is chosen for both ${UPLOAD_FIELD_LABELS[other]} and ` +
        `${UPLOAD_FIELD_LABELS[field]}: choose one.`
      );
    }
    seen.set(header, field);
  }
  const missing: string[] = [];
  if (!mapping.fullName) {
    if (!mapping.firstName && !mapping.lastName) missing.push(NO_NAME_COLUMN_TEXT);
    else if (!mapping.lastName) missing.push(NO_LAST_NAME_COLUMN_TEXT);
    else if (!mapping.firstName) missing.push(NO_FIRST_NAME_COLUMN_TEXT);
  }
  if (!mapping.eventDate) missing.push(NO_DATE_COLUMN_TEXT);
  return missing.length ? missing.join(' ') : null;
}

// ----- dates

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A two-digit year: this century unless that is after `thisYear`, then the last (a date of birth: 85 → 1985). */
function fullYear(text: string, thisYear: number): number {
  if (text.length === 4) return Number(text);
  const yy = Number(text);
  const century = Math.floor(thisYear / 100) * 100;
  return century + yy > thisYear ? century - 100 + yy : century + yy;
}

/** A time of day after the date: 14:30, 14:30:15, 2:30 pm, 09:00:00.000. Its hours and minutes must exist. */
const TIME = /^(?:[ ,T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?\s*(am|pm)?)?$/i;

function validTime(rest: string): boolean {
  const m = TIME.exec(rest);
  if (!m) return false;
  if (m[1] === undefined) return true;
  const hours = Number(m[1]);
  const limit = m[4] ? 12 : 23;
  return hours <= limit && Number(m[2]) <= 59 && Number(m[3] ?? 0) <= 59;
}

/** Excel's serial day 1 is 1900-01-01, counted with its phantom 29 February 1900: day 25569 is 1970-01-01. */
const EXCEL_EPOCH_DAY = 25569;
/** Serial days read as dates: 1950 to 2099 (a patient ID or an amount is rarely in that range and a date is). */
const EXCEL_SERIAL_MIN = 18264;
const EXCEL_SERIAL_MAX = 73050;

/**
 * A date as UK practice systems and spreadsheets write it, as YYYY-MM-DD; null when it is not one. Takes
 * 31/12/2025, 31-12-2025, 31.12.2025, 31/12/25, 2025-12-31, 31 Dec 2025, each with a time or not, and an Excel
 * date as lib/imports/read.ts gives it (a date cell is dd/mm/yyyy; a date cell that lost its format is its
 * serial number, 46022 or 46022.5). A date and time with an offset or Z (2025-06-30T23:30:00Z) is given as it
 * is, so that the record's day is the UK's (lib/validation/practice-records.ts `eventDay`).
 *
 * Day first, always: 03/04/2025 is 3 April, the UK way, never 4 March as in the US. A US date that cannot be
 * day first (12/31/2025) is not a date, so a file exported the American way shows as problems, not as dates
 * silently read wrong.
 */
export function parseUkDate(value: string, now: Date = new Date()): string | null {
  const text = value.trim();
  if (!text) return null;
  const thisYear = now.getUTCFullYear();

  // ISO: 2025-12-31, 2025-12-31 14:30, 2025-12-31T14:30:00, 2025-12-31T14:30:00Z, …+01:00
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(.*)$/.exec(text);
  if (m) {
    const day = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (!day) return null;
    const rest = m[4]!;
    const zoned = /^[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(rest);
    if (zoned) {
      if (Number(zoned[1]) > 23 || Number(zoned[2]) > 59 || Number(zoned[3] ?? 0) > 59) return null;
      const offset = zoned[5]!.toUpperCase() === 'Z' ? 'Z' : zoned[5]!;
      return `${day}T${zoned[1]}:${zoned[2]}:${zoned[3] ?? '00'}${zoned[4] ?? ''}${offset}`;
    }
    return validTime(rest) ? day : null;
  }

  // Day first: 31/12/2025, 31-12-2025, 31.12.2025, 31/12/25, with a time or not.
  m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(.*)$/.exec(text);
  if (m) {
    if (!validTime(m[5]!)) return null;
    return calendarDate(fullYear(m[4]!, thisYear), Number(m[3]), Number(m[1]));
  }

  // 31 Dec 2025, 31 December 2025, 31-Dec-2025, Wed 31 Dec 2025
  m = /^(?:[a-z]{3,9},?\s+)?(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?[\s-]+(\d{4}|\d{2})(.*)$/i.exec(
    text,
  );
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month === 0 || !validTime(m[4]!)) return null;
    return calendarDate(fullYear(m[3]!, thisYear), month, Number(m[1]));
  }

  // An Excel serial day (a date cell without its date format), with the time as a fraction or not.
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    if (serial < EXCEL_SERIAL_MIN || serial > EXCEL_SERIAL_MAX) return null;
    const date = new Date((serial - EXCEL_EPOCH_DAY) * 86_400_000);
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  }
  return null;
}

// ----- rows

export const UPLOAD_NO_DATE_TEXT = 'No date: the date column is empty on this row';
export const UPLOAD_NOT_DATE_TEXT =
  'The date is not a date: write it day first (31/12/2025) or as 2025-12-31';

/** The index of each mapped field's column in a row's cells. */
export type UploadColumnIndex = Partial<Record<UploadField, number>>;

export function uploadColumnIndex(headers: readonly string[], mapping: UploadMapping): UploadColumnIndex {
  const index: UploadColumnIndex = {};
  for (const field of UPLOAD_FIELDS) {
    const header = mapping[field];
    if (header === null) continue;
    const at = headers.indexOf(header);
    if (at >= 0) index[field] = at;
  }
  return index;
}

/** One row as a record for checkPracticeRecords, before its event id is settled. */
export interface UploadRowEvent {
  source: string;
  /** The event id column's value, or null (the caller then makes one from `identity`). */
  externalEventId: string | null;
  externalPatientId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  /** YYYY-MM-DD (or a date and time with its offset), or null when the date is missing or not a date. */
  eventDate: string | null;
  kind: PracticeRecordKind;
}

export interface UploadRow {
  event: UploadRowEvent;
  /**
   * What makes the row one event when the file has no event id: the patient (their ID, or their lower-cased
   * name, email and phone), the day and the kind. The same export uploaded twice gives the same identities.
   * Null when the row has no date.
   */
  identity: string | null;
  /** The date column's problem (no date, not a date), if any. */
  dateReason: string | null;
}

const squash = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A row's cells as a practice record (the names split as the client import splits a full name). */
export function uploadRow(
  cells: readonly string[],
  mapping: UploadMapping,
  index: UploadColumnIndex,
  options: { kind: PracticeRecordKind; source: string; now?: Date },
): UploadRow {
  const cell = (field: UploadField) => {
    const at = index[field];
    return at === undefined ? '' : squash(cells[at] ?? '');
  };
  const optional = (field: UploadField) => cell(field) || null;
  const splitNames = !(mapping.firstName && mapping.lastName) && mapping.fullName !== null;
  const names = splitNames
    ? splitFullName(cell('fullName'))
    : { firstName: cell('firstName'), lastName: cell('lastName') };

  const rawDate = cell('eventDate');
  const day = rawDate ? parseUkDate(rawDate, options.now) : null;
  const dateReason = !rawDate ? UPLOAD_NO_DATE_TEXT : day ? null : UPLOAD_NOT_DATE_TEXT;
  const rawBirth = cell('dateOfBirth');
  // A date of birth that cannot be read is passed as written: the record's check then says what is wrong.
  const birth = rawBirth ? (parseUkDate(rawBirth, options.now) ?? rawBirth) : null;

  const event: UploadRowEvent = {
    source: options.source,
    externalEventId: optional('eventId'),
    externalPatientId: optional('externalId'),
    firstName: names.firstName,
    lastName: names.lastName,
    email: optional('email'),
    phone: optional('phone'),
    dateOfBirth: birth,
    eventDate: day,
    kind: options.kind,
  };
  let identity: string | null = null;
  if (day) {
    const patient = event.externalPatientId
      ? `patient:${event.externalPatientId}`
      : `person:${[names.firstName, names.lastName, event.email ?? '', (event.phone ?? '').replace(/\s/g, '')]
          .join('|')
          .toLowerCase()}`;
    // The day, not the time: a record is one event a day (the referral's conversion takes only the day).
    identity = `${options.kind}|${day.slice(0, 10)}|${patient}`;
  }
  return { event, identity, dateReason };
}
