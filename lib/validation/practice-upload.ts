/**
 * Issue 34, the upload of a practice system's export (POST /api/practice-records/upload): the form's fields
 * besides the file, as multipart sends them (text). `kind` and `source` name what the rows are and where they
 * come from; `mapping` (JSON) chooses columns over the guess; `commit` true takes the records, anything else
 * previews them with nothing written.
 */
import { UPLOAD_FIELDS, type UploadField } from '@/lib/practice/upload-mapping';
import {
  MAX_PRACTICE_EVENTS,
  PRACTICE_RECORD_KINDS,
  RECORD_KIND_TEXT,
  RECORD_SOURCE_TEXT,
} from './practice-records';
import { z } from './zod';

/** The most rows one file may have. */
export const PRACTICE_UPLOAD_MAX_ROWS = 20_000;
/** Records ingested at a time on a commit (the integration API's batch). */
export const PRACTICE_UPLOAD_BATCH = MAX_PRACTICE_EVENTS;
/** Problems listed in the answer (the count of rows with problems is `rows - valid`). */
export const PRACTICE_UPLOAD_PROBLEMS_SHOWN = 100;
/** Records shown as they will be kept. */
export const PRACTICE_UPLOAD_SAMPLE_SIZE = 10;

/** The file reader's refusals in the words of a practice export (lib/imports/read.ts gives the clients'). */
export const UPLOAD_READER_TEXTS = {
  empty:
    'The file is empty. Upload a CSV or .xlsx export whose first row names the columns (First name, Last ' +
    'name, Date…) with one appointment or patient on each row below it.',
  emptySheet:
    'The workbook’s first sheet is empty. Put the appointments or patients on the first sheet, with a header ' +
    'row naming the columns, and upload it again.',
  noHeader:
    'The first row must name the columns (First name, Last name, Date, and so on), but it holds an email ' +
    'address, so it looks like a patient. Add a header row above the rows and upload the file again.',
  noRows:
    'The file has a header row but nothing below it. Put one appointment or patient on each row under the ' +
    'header.',
};

export const UPLOAD_TOO_MANY_ROWS_TEXT =
  `The file has more than ${PRACTICE_UPLOAD_MAX_ROWS.toLocaleString('en-GB')} rows, the most one upload ` +
  `takes. Split it into files of at most ${PRACTICE_UPLOAD_MAX_ROWS.toLocaleString('en-GB')} rows (each with ` +
  'the header row) and upload them one after the other: rows already taken are recognised and taken once.';
export const UPLOAD_MAPPING_TEXT = `mapping must be a JSON object naming, for any of ${UPLOAD_FIELDS.join(', ')}, a column of the file or null`;
export const UPLOAD_COMMIT_TEXT = 'commit must be true (take the records) or false (preview them)';

const blankIsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const mappingObject = z.strictObject(
  Object.fromEntries(
    UPLOAD_FIELDS.map((f) => [
      f,
      z.union([z.string().max(200), z.null()], { error: UPLOAD_MAPPING_TEXT }).optional(),
    ]),
  ) as Record<UploadField, z.ZodOptional<z.ZodUnion<[z.ZodString, z.ZodNull]>>>,
  { error: UPLOAD_MAPPING_TEXT },
);

export const practiceUploadFieldsSchema = z.object({
  kind: z.preprocess(
    blankIsMissing,
    z.enum(PRACTICE_RECORD_KINDS, { error: RECORD_KIND_TEXT }).default('treatment_started'),
  ),
  source: z.preprocess(
    blankIsMissing,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{1,40}$/, RECORD_SOURCE_TEXT)
      .default('upload'),
  ),
  commit: z.preprocess(
    blankIsMissing,
    z
      .enum(['true', 'false'], { error: UPLOAD_COMMIT_TEXT })
      .default('false')
      .transform((v) => v === 'true'),
  ),
  mapping: z.preprocess(
    blankIsMissing,
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: UPLOAD_MAPPING_TEXT });
          return z.NEVER;
        }
      })
      .pipe(mappingObject)
      .optional(),
  ),
});
export type PracticeUploadFields = z.output<typeof practiceUploadFieldsSchema>;
