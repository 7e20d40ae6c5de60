/**
 * Issue 34, the upload: a practice system's export read exactly as the client import reads files
 * (lib/imports/read.ts: encodings, delimiters, title lines above the header, formula cells), its columns mapped
 * (lib/practice/upload-mapping.ts), each row made a practice record and checked with the integration API's
 * checks (checkPracticeRecords) plus the date column's own. A preview writes nothing; a commit hands the good
 * records to the one ingest (ingestPracticeRecords) in batches of 500. The whole file is read and checked
 * before anything is written, so a file refused part-way (its 20,001st row, a quote never closed) leaves
 * nothing behind.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { HttpError } from '@/lib/api/errors';
import type { PracticeUploadDto } from '@/lib/dto/practice-upload';
import { openImportFile, type OpenFile } from '@/lib/imports/read';
import {
  guessUploadMapping,
  mergeUploadMapping,
  uploadColumnIndex,
  uploadMappingProblem,
  uploadRow,
  type UploadMapping,
} from '@/lib/practice/upload-mapping';
import {
  checkPracticeRecords,
  RECORD_DATE_TEXT,
  type PracticeRecord,
  type PracticeRecordKind,
} from '@/lib/validation/practice-records';
import {
  PRACTICE_UPLOAD_BATCH,
  PRACTICE_UPLOAD_MAX_ROWS,
  PRACTICE_UPLOAD_PROBLEMS_SHOWN,
  PRACTICE_UPLOAD_SAMPLE_SIZE,
  UPLOAD_READER_TEXTS,
  UPLOAD_TOO_MANY_ROWS_TEXT,
} from '@/lib/validation/practice-upload';
import { cleanFileName, columnsText } from '../imports/preview';
import { ingestPracticeRecords, type IngestCounts } from './ingest';

export interface PracticeUploadInput {
  /** A new stream of the file's bytes from the start, each time it is called (the file is read twice). */
  open: OpenFile;
  fileName: string;
  kind: PracticeRecordKind;
  source: string;
  /** Columns chosen over the guess (null: not in the file). */
  mapping?: Partial<UploadMapping>;
  commit: boolean;
  now?: Date;
}

/**
 * The event id of a row whose file has none: the same patient, day and kind always give the same id, so the
 * same export uploaded twice is taken once (the ingest is idempotent on source and event id).
 */
export function derivedEventId(identity: string): string {
  return `row-${createHash('sha256').update(identity).digest('hex').slice(0, 40)}`;
}

/** POST /api/practice-records/upload. 400/413/415 for a file or mapping that cannot be used (nothing written). */
export async function uploadPracticeExport(input: PracticeUploadInput): Promise<PracticeUploadDto> {
  const fileName = cleanFileName(input.fileName);
  const mappingFor = (headers: string[]) => mergeUploadMapping(guessUploadMapping(headers), input.mapping);
  // The header is the first row whose columns can be mapped (a report's title lines above it are left out).
  const file = await openImportFile(input.open, fileName, {
    isHeader: (headers) => uploadMappingProblem(headers, mappingFor(headers)) === null,
    texts: UPLOAD_READER_TEXTS,
  });
  const mapping = mappingFor(file.headers);
  const problem = uploadMappingProblem(file.headers, mapping);
  if (problem) {
    await file.rows.return(undefined);
    // With the file's columns and the mapping tried, so that the screen can offer them to choose from.
    throw new HttpError(400, `${problem} ${columnsText(file.headers)}`, { headers: file.headers, mapping });
  }
  const index = uploadColumnIndex(file.headers, mapping);
  const options = { kind: input.kind, source: input.source, now: input.now };

  const records: { row: number; record: PracticeRecord }[] = [];
  const problems: { row: number; reasons: string[] }[] = [];
  let rows = 0;
  let pending: { row: number; event: Record<string, unknown>; dateReason: string | null }[] = [];
  const check = () => {
    const checked = checkPracticeRecords(
      pending.map((p) => p.event),
      input.now,
    );
    for (const { index: i, record } of checked.records) records.push({ row: pending[i]!.row, record });
    for (const { index: i, reasons } of checked.problems) {
      const { row, dateReason } = pending[i]!;
      // The date column's own reason (no date, not a date) instead of the API's words about eventDate.
      const own = dateReason ? [dateReason, ...reasons.filter((r) => r !== RECORD_DATE_TEXT)] : reasons;
      problems.push({ row, reasons: own });
    }
    pending = [];
  };
  for await (const fileRow of file.rows) {
    rows += 1;
    if (rows > PRACTICE_UPLOAD_MAX_ROWS) {
      await file.rows.return(undefined);
      throw new HttpError(400, UPLOAD_TOO_MANY_ROWS_TEXT);
    }
    const { event, identity, dateReason } = uploadRow(fileRow.cells, mapping, index, options);
    pending.push({
      row: fileRow.rowNumber,
      event: {
        ...event,
        // A row without a date has no identity; its date is its problem, not a missing event id.
        externalEventId:
          event.externalEventId ?? (identity ? derivedEventId(identity) : `row-${fileRow.rowNumber}`),
        eventDate: event.eventDate ?? undefined,
      },
      dateReason,
    });
    if (pending.length >= PRACTICE_UPLOAD_BATCH) check();
  }
  if (pending.length) check();
  problems.sort((a, b) => a.row - b.row);

  let counts: IngestCounts | undefined;
  if (input.commit) {
    counts = { received: 0, new: 0, duplicates: 0, matched: 0, proposed: 0, confirmed: 0 };
    for (let at = 0; at < records.length; at += PRACTICE_UPLOAD_BATCH) {
      const batch = records.slice(at, at + PRACTICE_UPLOAD_BATCH).map((r) => r.record);
      const done = await ingestPracticeRecords(batch, 'upload');
      for (const key of Object.keys(counts) as (keyof IngestCounts)[]) counts[key] += done[key];
    }
  }
  return {
    fileName,
    headers: file.headers,
    mapping,
    kind: input.kind,
    source: input.source,
    rows,
    valid: records.length,
    problems: problems.slice(0, PRACTICE_UPLOAD_PROBLEMS_SHOWN),
    sample: records.slice(0, PRACTICE_UPLOAD_SAMPLE_SIZE).map(({ row, record }) => ({ row, ...record })),
    ...(counts && { counts }),
  };
}
