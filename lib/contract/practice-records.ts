/**
 * Issue 34, the first way in: a practice system's export uploaded by staff (see lib/contract/endpoint.ts). The
 * file is read as the client import reads files, its columns mapped to a practice record's fields, each row
 * checked; previewed with nothing written, or taken (`commit=true`) into the same ingest as Dentally and the
 * integration API.
 */
import { practiceUploadResultSchema } from '@/lib/dto/practice-upload';
import { IMPORT_MAX_BYTES, SPREADSHEET_UPLOAD_TYPES } from '@/lib/validation/imports';
import { PRACTICE_UPLOAD_MAX_ROWS } from '@/lib/validation/practice-upload';
import { endpoint } from './endpoint';

export const uploadRecords = endpoint({
  method: 'POST',
  path: '/api/practice-records/upload',
  access: 'staff',
  tag: 'Practice records',
  area: 'referrals',
  summary:
    "Upload a practice system's export of appointments, new patients or payments: preview it, then take it.",
  description:
    'Send multipart/form-data with the file in the field `file`: a CSV (comma, semicolon or tab separated; ' +
    'UTF-8, Windows-1252 or UTF-16) or an .xlsx workbook (its first sheet), at most 20 MB and ' +
    `${PRACTICE_UPLOAD_MAX_ROWS.toLocaleString('en-GB')} rows; a report's title lines above the header row ` +
    'are left out. Other fields, all optional: `kind` (first_visit, treatment_started (the default) or ' +
    'payment); `source`, a short name of the practice system (1 to 40 lower-case letters, digits, hyphens or ' +
    'underscores; default upload); `mapping`, JSON `{ "eventDate": "Visit", "email": null, … }` choosing the ' +
    'column of any of firstName, lastName, fullName, email, phone, dateOfBirth, eventDate, externalId (the ' +
    'patient ID) and eventId (the appointment, invoice or reference), over the guess from the headers; and ' +
    '`commit`: `true` takes the records (answered 201 with `counts`), anything else previews them (200) with ' +
    'nothing written. Dates are read day first, the UK way (03/04/2025 is 3 April): 31/12/2025, 31-12-2025, ' +
    '2025-12-31, with a time or not. Each row is checked as the integration API checks an event; a row with ' +
    'problems is listed with every reason and the rest are still taken. Without an eventId column, a row is ' +
    'known by its patient (ID, or name, email and phone), its day and its kind, so the same export uploaded ' +
    'twice is taken once.',
  upload: {
    field: 'file',
    types: SPREADSHEET_UPLOAD_TYPES,
    maxBytes: IMPORT_MAX_BYTES,
  },
  response: practiceUploadResultSchema,
  errors: {
    400:
      'No file; a bad `kind`, `source`, `commit` or `mapping`; more rows than one upload takes; no header row, ' +
      'or no column for the names or the date (the message names what is missing); a password-protected or ' +
      'damaged workbook; a CSV that cannot be read.',
    413: 'The file is larger than 20 MB.',
    415: 'The file is neither a CSV nor an .xlsx workbook.',
  },
  invalidates: ['referrals', 'clients', 'payments', 'insights'],
});
