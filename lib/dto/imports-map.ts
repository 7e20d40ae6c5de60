/**
 * How an import's row becomes its ClientImportDto (issue 33). Pure: what needs the database (the first problems,
 * the number of clients a card may go to) comes in `extras` from lib/services/imports/dto.ts. The Prisma import
 * is a type.
 */
import type { ClientImport } from '@/lib/generated/prisma/client';
import type { ClientImportDto } from './imports';
import { IMPORT_FIELDS } from '@/lib/validation/imports';

/** A full admin may undo an import for this long after it finished. */
export const IMPORT_UNDO_DAYS = 7;
export const IMPORT_UNDO_MS = IMPORT_UNDO_DAYS * 24 * 60 * 60 * 1000;
/** How many problems an answer carries; errors.csv has them all. */
export const IMPORT_PROBLEMS_SHOWN = 100;

export type ImportMappingDto = ClientImportDto['mapping'];
export type ImportProblemDto = ClientImportDto['problems'][number];

const MAPPING_FIELDS = IMPORT_FIELDS satisfies readonly (keyof ImportMappingDto)[];

/** A stored mapping ({ field: header }, JSON) as the answer's: every field present, a header or null. */
export function toMappingDto(stored: unknown): ImportMappingDto {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out = {} as ImportMappingDto;
  for (const field of MAPPING_FIELDS) {
    const value = source[field];
    out[field] = typeof value === 'string' && value !== '' ? value : null;
  }
  return out;
}

/** What a stored row's `problems` JSON holds, by outcome (lib/services/imports/preview.ts writes it). */
export type StoredRowProblems = { column: string | null; message: string }[] | { repeats: number };

/** The words for a row repeating an earlier row's email. */
export const repeatsText = (row: number) => `Repeats the email of row ${row}; only the first is imported.`;

/**
 * A stored error or duplicate row as the answer's problems: one per problem of an error row, one for a
 * duplicate (naming the email's column and the row it repeats).
 */
export function toProblemDtos(
  row: { rowNumber: number; outcome: string; problems: unknown },
  emailHeader: string | null,
): ImportProblemDto[] {
  if (row.outcome === 'duplicate') {
    const repeats = (row.problems as { repeats?: unknown } | null)?.repeats;
    return [
      {
        row: row.rowNumber,
        kind: 'duplicate',
        column: emailHeader,
        message: typeof repeats === 'number' ? repeatsText(repeats) : 'Repeats an earlier row’s email.',
      },
    ];
  }
  if (row.outcome !== 'error') return [];
  const list = Array.isArray(row.problems) ? (row.problems as { column?: unknown; message?: unknown }[]) : [];
  if (list.length === 0) {
    return [{ row: row.rowNumber, kind: 'error', column: null, message: 'This row cannot be imported.' }];
  }
  return list.map((p) => ({
    row: row.rowNumber,
    kind: 'error' as const,
    column: typeof p.column === 'string' ? p.column : null,
    message: typeof p.message === 'string' ? p.message : 'This row cannot be imported.',
  }));
}

export interface ImportDtoExtras {
  /** The first problems by row (at most IMPORT_PROBLEMS_SHOWN); [] when not given. */
  problems?: ImportProblemDto[];
  /** Imported clients a card email may go to now; 0 when not given. */
  cardsEligible?: number;
  /** For secondsLeft; the time of the answer. */
  now?: Date;
}

/** The rows a run writes: those to add, and the existing clients when their names are updated. */
export function importTotal(
  row: Pick<ClientImport, 'toAddCount' | 'existingCount' | 'updateExisting'>,
): number {
  return row.toAddCount + (row.updateExisting ? row.existingCount : 0);
}

/**
 * The estimate of the seconds left while a run goes on: the time per row so far times the rows left. Null
 * before the first batch is done (nothing to estimate from) and when the run is not going on.
 */
export function secondsLeftOf(
  row: Pick<ClientImport, 'status' | 'startedAt' | 'processedCount'>,
  total: number,
  now: Date,
): number | null {
  if (row.status === 'done') return 0;
  if (row.status !== 'running' || !row.startedAt || row.processedCount <= 0) return null;
  const elapsed = Math.max(0, now.getTime() - row.startedAt.getTime());
  const left = Math.max(0, total - row.processedCount);
  return Math.ceil(((elapsed / row.processedCount) * left) / 1000);
}

export function toImportDto(row: ClientImport, extras: ImportDtoExtras = {}): ClientImportDto {
  const total = importTotal(row);
  const started = row.startedAt !== null || row.status !== 'preview';
  const format = row.format === 'xlsx' ? 'xlsx' : 'csv';
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    format,
    encoding: row.encoding,
    headers: row.headers,
    mapping: toMappingDto(row.mapping),
    updateExisting: row.updateExisting,
    counts: {
      rows: row.rowCount,
      toAdd: row.toAddCount,
      existing: row.existingCount,
      duplicates: row.duplicateCount,
      errors: row.errorCount,
      added: row.addedCount,
      updated: row.updatedCount,
    },
    progress:
      started && row.startedAt
        ? {
            done: Math.min(row.processedCount, total),
            total,
            secondsLeft: secondsLeftOf(row, total, extras.now ?? new Date()),
          }
        : null,
    problems: extras.problems ?? [],
    error: row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undo: {
      until: row.finishedAt ? new Date(row.finishedAt.getTime() + IMPORT_UNDO_MS).toISOString() : null,
      doneAt: row.undoneAt?.toISOString() ?? null,
      removed: row.undoRemovedCount,
      kept: row.undoKeptCount,
    },
    cards: {
      eligible: extras.cardsEligible ?? 0,
      queued: row.cardsQueuedCount,
      requestedAt: row.cardsRequestedAt?.toISOString() ?? null,
    },
  };
}
