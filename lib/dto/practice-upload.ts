/**
 * Issue 34: the answer to an upload of a practice system's export: how its columns were read, how many rows
 * can be taken, each row's problems (the first 100), the first records as they will be kept, and, once taken,
 * what the ingest did with them. Safe in the browser.
 */
import { UPLOAD_FIELDS, type UploadField } from '@/lib/practice/upload-mapping';
import { PRACTICE_RECORD_KINDS } from '@/lib/validation/practice-records';
import { z } from '@/lib/validation/zod';

const column = z.string().nullable();

export const practiceUploadMappingSchema = z
  .object(Object.fromEntries(UPLOAD_FIELDS.map((f) => [f, column])) as Record<UploadField, typeof column>)
  .meta({
    id: 'PracticeUploadMapping',
    description:
      'The column of the file each field is read from (its header), or null when it is not in the file.',
  });

export const practiceUploadResultSchema = z
  .object({
    fileName: z.string(),
    headers: z
      .array(z.string())
      .meta({ description: 'The columns of the file, as its header row names them.' }),
    mapping: practiceUploadMappingSchema,
    kind: z.enum(PRACTICE_RECORD_KINDS),
    source: z.string(),
    rows: z.number().int().meta({ description: 'Rows of the file (blank ones left out).' }),
    valid: z.number().int().meta({ description: 'Rows that make a record (the rest have problems).' }),
    problems: z
      .array(
        z.object({
          row: z
            .number()
            .int()
            .meta({ description: 'The row as a spreadsheet numbers it (the header row counts).' }),
          reasons: z.array(z.string()),
        }),
      )
      .meta({ description: 'The first 100 rows with problems, each with every reason.' }),
    sample: z
      .array(
        z.object({
          row: z.number().int(),
          source: z.string(),
          externalEventId: z.string(),
          externalPatientId: z.string().nullable(),
          firstName: z.string(),
          lastName: z.string(),
          email: z.string().nullable(),
          phone: z.string().nullable(),
          eventDate: z.iso.date(),
          kind: z.enum(PRACTICE_RECORD_KINDS),
        }),
      )
      .meta({ description: 'The first 10 records as they will be kept.' }),
    counts: z
      .object({
        received: z.number().int(),
        new: z.number().int(),
        duplicates: z.number().int(),
        matched: z.number().int(),
        proposed: z.number().int(),
        confirmed: z.number().int(),
      })
      .optional()
      .meta({ description: 'Only once committed: what taking the records did.' }),
  })
  .meta({ id: 'PracticeUploadResult' });
export type PracticeUploadDto = z.infer<typeof practiceUploadResultSchema>;
export type PracticeUploadMappingDto = z.infer<typeof practiceUploadMappingSchema>;
