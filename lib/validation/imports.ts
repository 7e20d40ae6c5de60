/**
 * Importing clients (issue 33): the inputs' schemas. The file itself arrives as multipart/form-data (the
 * `upload` of POST /api/imports/clients); these are the mapping of its columns and the run's choices.
 */
import { pageLimit } from './paging';
import { z } from './zod';

/** The client fields a column can fill. `fullName` is one column holding both names; it is split. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'affiliateCompany',
  'marketingConsent',
  'externalId',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The most rows one file may hold, and the largest file taken. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The types a spreadsheet upload is declared with (the content decides: a CSV or an .xlsx, whatever its type). */
export const SPREADSHEET_UPLOAD_TYPES = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

const header = z.string().trim().min(1).max(200).nullable();

/**
 * { field: the header of the column that fills it, or null }. A field left out keeps its current column; a
 * header must be one of the file's (the service checks that, naming the header it does not know).
 */
export const importMappingSchema = z
  .object({
    firstName: header.optional(),
    lastName: header.optional(),
    fullName: header.optional(),
    email: header.optional(),
    phone: header.optional(),
    affiliateCompany: header.optional(),
    marketingConsent: header.optional(),
    externalId: header.optional(),
  })
  .strict()
  .meta({
    id: 'ClientImportMappingInput',
    description: 'Which of the file’s columns (by its header) fills each client field; null for none.',
  });
export type ImportMappingInput = z.infer<typeof importMappingSchema>;

/** PUT /api/imports/{id}/mapping: a new mapping for a previewed import; the preview is made again. */
export const remapImportSchema = z.object({ mapping: importMappingSchema }).strict();

/** POST /api/imports/{id}/start. */
export const startImportSchema = z
  .object({
    mapping: importMappingSchema.optional(),
    updateExisting: z.boolean().optional().meta({
      description:
        'Existing clients (same email): update their names (true) or skip them (false, the default).',
    }),
  })
  .strict();

/** GET /api/imports: the newest first. */
export const importListQuerySchema = z.object({ limit: pageLimit(100, 20) });
