/**
 * An import as its answer (issue 33): the row, its first problems and the number of imported clients a card
 * email may go to, through the pure mapper in lib/dto/imports-map.ts. Every import route answers with these.
 */
import 'server-only';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { ClientImportDto } from '@/lib/dto/imports';
import {
  IMPORT_PROBLEMS_SHOWN,
  toImportDto,
  toMappingDto,
  toProblemDtos,
  type ImportProblemDto,
} from '@/lib/dto/imports-map';
import type { ClientImport, Prisma } from '@/lib/generated/prisma/client';

export const IMPORT_NOT_FOUND_TEXT = 'No import has that id.';

type Reader = Prisma.TransactionClient | typeof db;

/** The first IMPORT_PROBLEMS_SHOWN problems (errors and duplicates), by row. */
export async function firstProblems(row: ClientImport, reader: Reader = db): Promise<ImportProblemDto[]> {
  if (row.errorCount + row.duplicateCount === 0) return [];
  const rows = await reader.clientImportRow.findMany({
    where: { importId: row.id, outcome: { in: ['error', 'duplicate'] } },
    select: { rowNumber: true, outcome: true, problems: true },
    orderBy: { rowNumber: 'asc' },
    take: IMPORT_PROBLEMS_SHOWN,
  });
  const emailHeader = toMappingDto(row.mapping).email;
  return rows.flatMap((r) => toProblemDtos(r, emailHeader)).slice(0, IMPORT_PROBLEMS_SHOWN);
}

/** The start of an imported client's card email's dedupe key: `card-issued:import-card:<client id>:<email>`. */
export const IMPORT_CARD_KEY_PREFIX = 'card-issued:import-card:';

/**
 * The imported clients a card email may go to now: not deleted, with an email, with marketing consent recorded
 * (or all of them when the clinic relies on the soft opt-in for existing patients), less those who unsubscribed
 * from card emails and those already sent their card by this import (send-cards asked again sends to the rest).
 */
export async function cardsEligible(importId: string, reader: Reader = db): Promise<number> {
  const [result] = await reader.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n
    FROM "clients" c
    WHERE c."importId" = ${importId}::uuid
      AND c."deletedAt" IS NULL
      AND c."email" IS NOT NULL
      AND (c."marketingConsent"
           OR EXISTS (SELECT 1 FROM "settings" s WHERE s."id" = 1 AND s."softOptInReliedOnAt" IS NOT NULL))
      AND NOT EXISTS (SELECT 1 FROM "message_opt_outs" o
                      WHERE o."email" = lower(c."email") AND o."kind" = 'card_issued'::message_kind)
      AND NOT EXISTS (SELECT 1 FROM "messages" m
                      WHERE m."dedupeKey" = ${IMPORT_CARD_KEY_PREFIX} || c."id" || ':' || c."email")`;
  return result?.n ?? 0;
}

/** Whether any client could be counted yet: only a run writes clients. */
function mayHaveClients(row: ClientImport): boolean {
  return row.status !== 'preview' && (row.addedCount > 0 || row.processedCount > 0);
}

/** The answer for a row already read; `reader` lets a transaction answer with what it wrote. */
export async function importDto(
  row: ClientImport,
  extras: { reader?: Reader; now?: Date } = {},
): Promise<ClientImportDto> {
  const reader = extras.reader ?? db;
  // One after the other: a transaction's connection runs one query at a time.
  const problems = await firstProblems(row, reader);
  const eligible = mayHaveClients(row) ? await cardsEligible(row.id, reader) : 0;
  return toImportDto(row, { problems, cardsEligible: eligible, now: extras.now });
}

/** GET /api/imports/{id}: 404 when no import has that id. */
export async function getImportDto(id: string): Promise<ClientImportDto> {
  const row = await db.clientImport.findUnique({ where: { id } });
  if (!row) throw notFound(IMPORT_NOT_FOUND_TEXT);
  return importDto(row);
}

/** GET /api/imports: the newest first, without their problems (the list shows counts). */
export async function listImportDtos(limit: number): Promise<ClientImportDto[]> {
  const rows = await db.clientImport.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  });
  return Promise.all(
    rows.map(async (row) =>
      toImportDto(row, { cardsEligible: mayHaveClients(row) ? await cardsEligible(row.id) : 0 }),
    ),
  );
}
