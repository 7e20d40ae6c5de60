/**
 * Importing the clients a clinic already has (issue 33): see lib/contract/endpoint.ts. A file (CSV or .xlsx) is
 * uploaded and previewed with nothing written; started, it runs as a job in batches; a full admin may undo it
 * within 7 days and send the imported clients their cards. And the export of every client (full admins).
 */
import { z } from '@/lib/validation/zod';
import { clientImportSchema } from '@/lib/dto/imports';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  SPREADSHEET_UPLOAD_TYPES,
  importListQuerySchema,
  remapImportSchema,
  startImportSchema,
} from '@/lib/validation/imports';
import { idParamSchema } from '@/lib/validation/params';
import { endpoint } from './endpoint';

const NOT_FOUND = 'No import has that id.';
const FORMULA_NOTE =
  'Cells beginning =, +, - or @ are stored as text, and written out with a leading apostrophe so that no ' +
  'spreadsheet runs them.';

export const upload = endpoint({
  method: 'POST',
  path: '/api/imports/clients',
  access: 'staff',
  tag: 'Imports',
  area: 'clients',
  summary: 'Upload a file of clients and preview it: every row checked, nothing written yet.',
  description:
    'Send multipart/form-data with the file in the field `file`: a CSV (comma, semicolon or tab separated; ' +
    'UTF-8 with or without a BOM, Windows-1252, or UTF-16 as Excel’s Unicode text) or an .xlsx workbook (its ' +
    `first sheet), recognised by its content. At most 20 MB and ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} ` +
    'rows; the first row names the columns (a report’s title lines above it are left out). The columns are ' +
    'matched to client fields by their headers (First name, Forename, Surname, Email, Mobile, Marketing ' +
    'consent, Patient ID and the like), or by the mapping the last import used; a full name in one column is ' +
    'split. Each row is checked with Add Client’s rules: the answer counts the rows to add, those already ' +
    'clients (the same email in any case), those repeating an earlier row, and those with errors. ' +
    FORMULA_NOTE,
  upload: {
    field: 'file',
    types: SPREADSHEET_UPLOAD_TYPES,
    maxBytes: IMPORT_MAX_BYTES,
  },
  response: clientImportSchema,
  status: 201,
  errors: {
    400:
      'No file; more than 100,000 rows; no header row, or no column that can be a name and an email (the ' +
      'message names what is missing); a password-protected or damaged workbook; a CSV that cannot be read ' +
      '(unbalanced quotes, a cell over 1 MB).',
    413: 'The file is larger than 20 MB.',
    415: 'The file is neither a CSV nor an .xlsx workbook.',
  },
  invalidates: ['clients'],
});

export const list = endpoint({
  method: 'GET',
  path: '/api/imports',
  access: 'staff',
  tag: 'Imports',
  area: 'clients',
  summary: 'The imports, newest first: who, when, which file, and their counts.',
  description: '`limit` 1 to 100, default 20.',
  query: importListQuerySchema,
  response: z.array(clientImportSchema),
});

export const get = endpoint({
  method: 'GET',
  path: '/api/imports/{id}',
  access: 'staff',
  tag: 'Imports',
  area: 'clients',
  summary: 'One import: its preview, its progress while it runs, and its results.',
  params: idParamSchema,
  response: clientImportSchema,
  notFoundMessage: NOT_FOUND,
});

export const errorsCsv = endpoint({
  method: 'GET',
  path: '/api/imports/{id}/errors.csv',
  access: 'staff',
  tag: 'Imports',
  area: 'clients',
  summary: 'The rows with errors and the repeated rows, as a CSV: the original row and a reason column.',
  description:
    'A download named `import-errors-<file>.csv`: the file’s own columns, then `Row` (its number in the file) ' +
    `and \`Reason\`. ${FORMULA_NOTE}`,
  params: idParamSchema,
  produces: 'csv',
  notFoundMessage: NOT_FOUND,
});

export const remap = endpoint({
  method: 'PUT',
  path: '/api/imports/{id}/mapping',
  access: 'staff',
  tag: 'Imports',
  area: 'clients',
  summary: 'Change which column fills which field of a previewed import; the preview is made again.',
  params: idParamSchema,
  body: remapImportSchema,
  response: clientImportSchema,
  notFoundMessage: NOT_FOUND,
  errors: {
    400: 'A header that is not one of the file’s, or no column left for a name or the email.',
    409: 'The import is no longer a preview.',
  },
  invalidates: ['clients'],
});

export const start = endpoint({
  method: 'POST',
  path: '/api/imports/{id}/start',
  access: 'staff',
  tag: 'Imports',
  area: 'clients',
  summary: 'Run a previewed import (or resume a failed one) as a job, in batches.',
  description:
    'Each new client gets a card number and card link as Add Client gives them, keeps the practice patient ID ' +
    'and the marketing consent (recorded with the import as its source), and is not emailed. With ' +
    '`updateExisting`, existing clients’ names are updated; otherwise they are skipped. Answers at once (202); ' +
    'GET /api/imports/{id} shows the progress.',
  params: idParamSchema,
  body: startImportSchema,
  response: clientImportSchema,
  status: 202,
  notFoundMessage: NOT_FOUND,
  errors: {
    400: 'A mapping that is not valid for the file.',
    409: 'The import is already running, done, cancelled or undone; or another import is running.',
  },
  invalidates: ['clients'],
});

export const cancel = endpoint({
  method: 'POST',
  path: '/api/imports/{id}/cancel',
  access: 'staff',
  tag: 'Imports',
  area: 'clients',
  summary: 'Cancel an import that is previewed or running: the batch in hand finishes, no more are written.',
  description:
    'The clients written before stay (a full admin may undo them). A failed import may be cancelled too, ' +
    'instead of started again. The file’s cells are emptied, except those of the rows with errors and the ' +
    'repeats, which errors.csv gives for 7 days.',
  params: idParamSchema,
  response: clientImportSchema,
  notFoundMessage: NOT_FOUND,
  errors: { 409: 'The import is done, cancelled or undone.' },
  invalidates: ['clients'],
});

export const undo = endpoint({
  method: 'POST',
  path: '/api/imports/{id}/undo',
  access: 'admin',
  tag: 'Imports',
  area: 'clients',
  summary: 'Undo an import within 7 days: its clients with no referrals are removed, the others kept.',
  description:
    'Money records are never rewritten: a client the import added who has been referred by, or has referred, ' +
    'anyone is kept, and the answer counts them (`undo.kept`). Clients whose names the import updated keep ' +
    'the new names.',
  params: idParamSchema,
  response: clientImportSchema,
  notFoundMessage: NOT_FOUND,
  errors: { 409: 'The import is running or was not run, was undone already, or is more than 7 days old.' },
  invalidates: ['clients', 'referrals'],
});

export const sendCards = endpoint({
  method: 'POST',
  path: '/api/imports/{id}/send-cards',
  access: 'admin',
  tag: 'Imports',
  area: 'clients',
  summary: 'Email their cards to the imported clients a card may go to, throttled through the outbox.',
  description:
    'Only to clients with marketing consent recorded, or to all the imported clients when the clinic has ' +
    'recorded that it relies on the soft opt-in for existing patients (Settings). Anyone who unsubscribed ' +
    'is skipped, each client gets the card once, and each email carries the unsubscribe link. The emails ' +
    'leave at most at the clinic’s hourly rate (Settings, default 500 an hour), evenly spread, after any card ' +
    'emails of imports still waiting. Asking again later sends only to those not sent one yet (after the ' +
    'clinic turned the soft opt-in on, say). The Messages log shows each email.',
  params: idParamSchema,
  response: clientImportSchema,
  notFoundMessage: NOT_FOUND,
  errors: {
    409:
      'The import has not finished or was undone; card emails are turned off; or no imported client is left ' +
      'that a card may go to (each has been sent one, or none has consent and the soft opt-in is not relied on).',
  },
  invalidates: ['clients', 'messages'],
});

export const exportClients = endpoint({
  method: 'GET',
  path: '/api/clients/export.csv',
  access: 'admin',
  tag: 'Clients',
  area: 'clients',
  summary: 'Every client as a CSV: card number, card link, consent, referral counts and the amount owed.',
  description:
    'A download named `clients-YYYY-MM-DD.csv` (the UK date), streamed, newest client first. Columns: Card ' +
    'number, First name, Last name, Email, Phone, Affiliate company, Practice patient ID, Marketing consent ' +
    '(Yes or No), Consent recorded (UK time), Card link (on APP_URL), Referrals, Owed (GBP: rewards at Story ' +
    'Started not yet paid), Added (UK date). Deleted clients are left out. No bank details. ' +
    FORMULA_NOTE,
  produces: 'csv',
});
