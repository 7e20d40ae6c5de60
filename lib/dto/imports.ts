/**
 * Importing clients (issue 33): the answers' schemas and types. Safe to import from the browser. No answer holds
 * a row's cells: the preview's problems name the row, the column and what is wrong.
 */
import { z } from '@/lib/validation/zod';

export const importStatusSchema = z
  .enum(['preview', 'running', 'done', 'failed', 'cancelled', 'undone'])
  .meta({
    id: 'ClientImportStatus',
    description:
      "'preview': read and checked, nothing written yet; 'running': being written in batches; 'done'; 'failed' " +
      "(`error` says why; starting it again resumes); 'cancelled' (the rows written before stay); 'undone'.",
  });
export type ImportStatus = z.infer<typeof importStatusSchema>;

const mappingSchema = z
  .object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    affiliateCompany: z.string().nullable(),
    marketingConsent: z.string().nullable(),
    externalId: z.string().nullable(),
  })
  .meta({
    id: 'ClientImportMapping',
    description: 'The header of the column that fills each field, or null.',
  });

export const importProblemSchema = z
  .object({
    row: z.number().int().meta({ description: 'The row in the file, the header being row 1.' }),
    kind: z.enum(['error', 'duplicate']),
    column: z.string().nullable().meta({ description: 'The header of the column at fault, if one is.' }),
    message: z.string(),
  })
  .meta({ id: 'ClientImportProblem' });

export const clientImportSchema = z
  .object({
    id: z.uuid(),
    status: importStatusSchema,
    fileName: z.string(),
    format: z.enum(['csv', 'xlsx']),
    encoding: z.string().nullable().meta({
      description:
        "A CSV's encoding as read: 'utf-8', 'windows-1252', or 'utf-16le'/'utf-16be' (Excel's Unicode text).",
    }),
    headers: z.array(z.string()),
    mapping: mappingSchema,
    updateExisting: z.boolean(),
    counts: z.object({
      rows: z.number().int(),
      toAdd: z.number().int(),
      existing: z.number().int().meta({ description: 'Rows whose email is already a client’s (any case).' }),
      duplicates: z
        .number()
        .int()
        .meta({ description: 'Rows repeating an earlier row’s email in the file.' }),
      errors: z.number().int(),
      added: z.number().int(),
      updated: z.number().int(),
    }),
    progress: z
      .object({
        done: z.number().int(),
        total: z.number().int(),
        secondsLeft: z.number().int().nullable().meta({ description: 'An estimate, once a batch is done.' }),
      })
      .nullable()
      .meta({ description: 'While running and after: rows processed of those to write.' }),
    problems: z
      .array(importProblemSchema)
      .meta({ description: 'The first 100 errors and duplicates, by row; errors.csv has them all.' }),
    error: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    undo: z
      .object({
        until: z.iso.datetime().nullable().meta({ description: 'A full admin may undo it until then.' }),
        doneAt: z.iso.datetime().nullable(),
        removed: z.number().int().nullable(),
        kept: z.number().int().nullable().meta({ description: 'Clients kept because they have referrals.' }),
      })
      .meta({ description: 'Undo: within 7 days of the run, by a full admin.' }),
    cards: z
      .object({
        eligible: z
          .number()
          .int()
          .meta({
            description:
              'Imported clients a card email may go to now (consent or the soft opt-in), not unsubscribed and ' +
              'not yet sent their card by this import.',
          }),
        queued: z.number().int(),
        requestedAt: z.iso.datetime().nullable(),
      })
      .meta({ description: '"Send cards to N imported clients".' }),
  })
  .meta({
    id: 'ClientImport',
    description: 'An import of clients from a file: its preview, run and results.',
  });
export type ClientImportDto = z.infer<typeof clientImportSchema>;
