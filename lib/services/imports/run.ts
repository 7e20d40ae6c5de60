/**
 * Running an import (issue 33, point 4): started, it is a job ('import-clients', lib/jobs/import-clients.ts)
 * that writes the rows in batches, each batch one transaction, idempotent by import and row. Cancelling it, and
 * what a run leaves behind. The run never emails anyone: cards go only when a full admin asks (cards.ts).
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '@/lib/api/errors';
import { newCardNumber, newInviteToken } from '@/lib/codes';
import { db } from '@/lib/db';
import type { ClientImportDto } from '@/lib/dto/imports';
import { importTotal, toMappingDto } from '@/lib/dto/imports-map';
import { Prisma, type ClientImportStatus } from '@/lib/generated/prisma/client';
import { checkRow, columnIndex, type RowClient, type RowProblem } from '@/lib/imports/rows';
import { enqueueImportJob } from '@/lib/jobs/import-clients';
import { rememberCard } from '@/lib/known-cards';
import { log } from '@/lib/log';
import type { ImportMappingInput } from '@/lib/validation/imports';
import type { Actor } from '../actor';
import { getImportDto, IMPORT_NOT_FOUND_TEXT } from './dto';
import { applyMapping } from './preview';

/** Rows a batch writes (one transaction each). */
export const IMPORT_BATCH_SIZE = 500;
/** A batch that takes longer than this is rolled back (and the run resumes from it). */
const BATCH_TIMEOUT_MS = 120_000;

export const IMPORT_RUNNING_ELSEWHERE_TEXT =
  'Another import is running: wait for it to finish, or cancel it, then start this one.';
export const IMPORT_REMAP_NOT_PREVIEW_TEXT =
  'This import is no longer a preview, so its mapping cannot change: start it without a mapping.';

const NOT_STARTABLE_TEXT: Partial<Record<ClientImportStatus, string>> = {
  running: 'This import is already running.',
  done: 'This import has finished already.',
  cancelled: 'This import was cancelled: upload the file again to import it.',
  undone: 'This import was undone: upload the file again to import it.',
};

const NOT_CANCELLABLE_TEXT: Partial<Record<ClientImportStatus, string>> = {
  done: 'This import has finished: undo it instead.',
  cancelled: 'This import was cancelled already.',
  undone: 'This import was undone.',
};

interface ImportHead {
  status: ClientImportStatus;
  mapping: unknown;
  headers: string[];
  updateExisting: boolean;
}

async function lockImport(tx: Prisma.TransactionClient, id: string): Promise<ImportHead | null> {
  const [row] = await tx.$queryRaw<ImportHead[]>`
    SELECT "status", "mapping", "headers", "updateExisting" FROM "client_imports"
    WHERE "id" = ${id}::uuid FOR UPDATE`;
  return row ?? null;
}

/**
 * POST /api/imports/{id}/start: a previewed import (or a failed one, which resumes) is marked running and its
 * job written in the same transaction. With a mapping, the preview is made again with it first (the preview's
 * 400s and 409s). The mapping is remembered for the next file.
 */
export async function startImport(
  id: string,
  input: { mapping?: ImportMappingInput; updateExisting?: boolean },
  actor: Actor,
): Promise<ClientImportDto> {
  const found = await db.clientImport.findUnique({ where: { id }, select: { status: true } });
  if (!found) throw notFound(IMPORT_NOT_FOUND_TEXT);
  if (input.mapping) {
    if (found.status === 'failed') throw conflict(IMPORT_REMAP_NOT_PREVIEW_TEXT);
    if (found.status === 'preview') await applyMapping(id, input.mapping, actor.email);
  }
  await db.$transaction(async (tx) => {
    // One start at a time: two imports started together cannot both see that no other one runs.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('client-import-start'))`;
    const row = await lockImport(tx, id);
    if (!row) throw notFound(IMPORT_NOT_FOUND_TEXT);
    if (row.status !== 'preview' && row.status !== 'failed') {
      throw conflict(NOT_STARTABLE_TEXT[row.status] ?? 'This import cannot be started.');
    }
    const other = await tx.clientImport.findFirst({
      where: { status: 'running', id: { not: id } },
      select: { id: true },
    });
    if (other) throw conflict(IMPORT_RUNNING_ELSEWHERE_TEXT, { runningImportId: other.id });
    await tx.clientImport.update({
      where: { id },
      data: {
        status: 'running',
        // A resumed run keeps its first start (the time left is estimated from it and the rows done).
        ...(row.status === 'preview' && { startedAt: new Date() }),
        startedBy: actor.email,
        updateExisting: input.updateExisting ?? (row.status === 'failed' ? row.updateExisting : false),
        error: null,
      },
    });
    // "The last mapping is remembered": the next file's guess starts from it.
    const mapping = toMappingDto(row.mapping) as Prisma.InputJsonValue;
    await tx.settings.upsert({
      where: { id: 1 },
      create: { id: 1, importMapping: mapping },
      update: { importMapping: mapping },
    });
    await enqueueImportJob(tx, id);
  });
  log.info({ importId: id }, 'Import started.');
  return getImportDto(id);
}

/**
 * POST /api/imports/{id}/cancel: a preview is dropped, a running import stops after the batch in hand (the
 * cancel waits for that batch's lock; the rows it wrote stay, and can be undone). A failed import can be given
 * up too. The file's cells go, except those of the rows with errors and the repeats (errors.csv, 7 days).
 */
export async function cancelImport(id: string, actor: Actor): Promise<ClientImportDto> {
  await db.$transaction(
    async (tx) => {
      const row = await lockImport(tx, id);
      if (!row) throw notFound(IMPORT_NOT_FOUND_TEXT);
      const refusal = NOT_CANCELLABLE_TEXT[row.status];
      if (refusal) throw conflict(refusal);
      const now = new Date();
      await tx.clientImport.update({
        where: { id },
        data: {
          status: 'cancelled',
          cancelledAt: now,
          cancelledBy: actor.email,
          // The run is over: the undo window counts from here (a preview wrote nothing, and has none).
          ...(row.status !== 'preview' && { finishedAt: now }),
        },
      });
      await emptyCells(tx, id, row.status === 'preview' ? 'all' : 'written-or-skipped');
    },
    { timeout: BATCH_TIMEOUT_MS },
  );
  log.info({ importId: id }, 'Import cancelled.');
  return getImportDto(id);
}

/**
 * Empties the cells the import no longer needs: 'written-or-skipped' keeps the errors and the repeats (their
 * cells are what errors.csv gives back); 'all' keeps nothing.
 */
async function emptyCells(
  tx: Prisma.TransactionClient,
  id: string,
  which: 'all' | 'written-or-skipped',
): Promise<void> {
  if (which === 'all') {
    await tx.$executeRaw`UPDATE "client_import_rows" SET "cells" = '{}'
      WHERE "importId" = ${id}::uuid AND "cells" <> '{}'`;
  } else {
    await tx.$executeRaw`UPDATE "client_import_rows" SET "cells" = '{}'
      WHERE "importId" = ${id}::uuid AND "outcome" IN ('add', 'existing') AND "cells" <> '{}'`;
  }
}

// ----- The job

type BatchResult =
  | {
      state: 'more';
      cards: { inviteToken: string; cardKey: string }[];
      /** The last row the batch took: every row before it is done, so the next batch starts after it. */
      last: number;
    }
  | { state: 'done' | 'stopped' };

export interface ProcessOptions {
  batchSize?: number;
  /**
   * Called inside each batch's transaction, after its writes and before it commits (1 for the first batch).
   * Tests throw here to stop a run part-way, as a crash would: the batch rolls back.
   */
  beforeCommit?: (batch: number) => void | Promise<void>;
}

interface PendingRow {
  rowNumber: number;
  cells: string[];
  outcome: 'add' | 'existing';
}

interface RowDone {
  rowNumber: number;
  clientId: string | null;
  outcome: 'add' | 'existing';
}

/**
 * One batch, in `tx`: the import's row is locked (so batches never overlap, whichever instance runs them, and a
 * cancel waits for the batch in hand), the next rows not yet done are read in file order, their clients written
 * as Add Client writes them, and the rows marked done with their client, all or nothing.
 */
async function runBatch(
  tx: Prisma.TransactionClient,
  id: string,
  size: number,
  batch: number,
  after: number,
  options: ProcessOptions,
): Promise<BatchResult> {
  const head = await lockImport(tx, id);
  if (!head || head.status !== 'running') return { state: 'stopped' };
  const outcomes = head.updateExisting ? ['add', 'existing'] : ['add'];
  const pending = await tx.$queryRaw<PendingRow[]>`
    SELECT "rowNumber", "cells", "outcome"::text AS "outcome" FROM "client_import_rows"
    WHERE "importId" = ${id}::uuid AND "rowNumber" > ${after} AND "doneAt" IS NULL
      AND "outcome" = ANY(${outcomes}::text[]::client_import_row_outcome[])
    ORDER BY "rowNumber" LIMIT ${size}`;
  if (pending.length === 0) {
    await tx.clientImport.update({
      where: { id },
      data: { status: 'done', finishedAt: new Date(), error: null },
    });
    // Privacy: the file's data is kept only while needed; the errors and repeats stay for errors.csv.
    await emptyCells(tx, id, 'written-or-skipped');
    await options.beforeCommit?.(batch);
    return { state: 'done' };
  }

  const mapping = toMappingDto(head.mapping);
  const index = columnIndex(head.headers, mapping);
  const checked: { row: PendingRow; client: RowClient }[] = [];
  const failed: { row: PendingRow; problems: RowProblem[] }[] = [];
  for (const row of pending) {
    const result = checkRow(row.cells, mapping, index);
    if (result.ok) checked.push({ row, client: result.client });
    else failed.push({ row, problems: result.problems });
  }

  // Clients with these emails now: an email that became a client since the preview is an existing client.
  const emails = [...new Set(checked.map((c) => c.client.email))];
  const existing = new Map<string, string>();
  if (emails.length) {
    const found = await tx.$queryRaw<{ id: string; email: string }[]>`
      SELECT "id", "email" FROM "clients" WHERE "email" = ANY(${emails}::text[])`;
    for (const c of found) existing.set(c.email, c.id);
  }

  const done: RowDone[] = [];
  const toCreate = new Map<string, { row: PendingRow; client: RowClient }>();
  const renames = new Map<string, { firstName: string; lastName: string }>();
  const sameEmailLater: { row: PendingRow; email: string }[] = [];
  for (const item of checked) {
    const { row, client } = item;
    const clientId = existing.get(client.email);
    if (clientId) {
      if (head.updateExisting)
        renames.set(clientId, { firstName: client.firstName, lastName: client.lastName });
      done.push({ rowNumber: row.rowNumber, clientId, outcome: 'existing' });
    } else if (row.outcome === 'existing') {
      // The client it matched is gone (deleted since the preview): nothing to update.
      done.push({ rowNumber: row.rowNumber, clientId: null, outcome: 'existing' });
    } else if (toCreate.has(client.email)) {
      sameEmailLater.push({ row, email: client.email });
    } else {
      toCreate.set(client.email, item);
    }
  }

  const created = await createClients(
    tx,
    id,
    [...toCreate.values()].map((c) => c.client),
  );
  let added = 0;
  for (const [email, { row }] of toCreate) {
    const made = created.made.get(email);
    if (made) {
      added++;
      done.push({ rowNumber: row.rowNumber, clientId: made.id, outcome: 'add' });
    } else {
      // Added by someone else while this batch ran: an existing client, not an error.
      const clientId = created.taken.get(email) ?? null;
      if (clientId && head.updateExisting) {
        renames.set(clientId, {
          firstName: toCreate.get(email)!.client.firstName,
          lastName: toCreate.get(email)!.client.lastName,
        });
      }
      done.push({ rowNumber: row.rowNumber, clientId, outcome: 'existing' });
    }
  }
  for (const { row, email } of sameEmailLater) {
    const clientId = created.made.get(email)?.id ?? created.taken.get(email) ?? null;
    done.push({ rowNumber: row.rowNumber, clientId, outcome: 'existing' });
  }

  // Existing clients' names, in one statement; only a change counts as an update.
  let updated = 0;
  if (renames.size) {
    const ids = [...renames.keys()];
    updated = await tx.$executeRaw`
      UPDATE "clients" c SET "firstName" = v."firstName", "lastName" = v."lastName", "updatedAt" = now()
      FROM unnest(${ids}::uuid[], ${ids.map((i) => renames.get(i)!.firstName)}::text[],
                  ${ids.map((i) => renames.get(i)!.lastName)}::text[]) AS v("id", "firstName", "lastName")
      WHERE c."id" = v."id" AND c."deletedAt" IS NULL
        AND (c."firstName", c."lastName") IS DISTINCT FROM (v."firstName", v."lastName")`;
  }

  if (done.length) {
    await tx.$executeRaw`
      UPDATE "client_import_rows" r SET "clientId" = v."clientId", "outcome" = v."outcome",
        "doneAt" = now(), "cells" = '{}'
      FROM unnest(${done.map((d) => d.rowNumber)}::int[], ${done.map((d) => d.clientId)}::uuid[],
                  ${done.map((d) => d.outcome)}::text[]::client_import_row_outcome[])
        AS v("rowNumber", "clientId", "outcome")
      WHERE r."importId" = ${id}::uuid AND r."rowNumber" = v."rowNumber"`;
  }
  // A row the preview passed that no longer does (it should not happen: the mapping is fixed once started)
  // becomes an error row, with its cells kept for errors.csv, and leaves the rows to write.
  for (const { row, problems } of failed) {
    await tx.clientImportRow.update({
      where: { importId_rowNumber: { importId: id, rowNumber: row.rowNumber } },
      data: { outcome: 'error', problems: problems as unknown as Prisma.InputJsonValue },
    });
  }
  const failedAdds = failed.filter((f) => f.row.outcome === 'add').length;
  await tx.clientImport.update({
    where: { id },
    data: {
      processedCount: { increment: done.length },
      addedCount: { increment: added },
      updatedCount: { increment: updated },
      ...(failed.length && {
        errorCount: { increment: failed.length },
        toAddCount: { decrement: failedAdds },
        existingCount: { decrement: failed.length - failedAdds },
      }),
    },
  });
  await options.beforeCommit?.(batch);
  return { state: 'more', cards: [...created.made.values()], last: pending.at(-1)!.rowNumber };
}

/**
 * Writes new clients in one statement, as Add Client writes them: a new card number and invite token, the
 * card key by the database's default. A row whose email is taken meanwhile is left out (`taken`); a clash of
 * a random code is tried again with new codes. Plain SQL over arrays (unnest): for 500 rows about four times
 * faster than Prisma's createMany, whose statement carries a parameter per cell.
 */
async function createClients(
  tx: Prisma.TransactionClient,
  importId: string,
  clients: RowClient[],
): Promise<{
  made: Map<string, { id: string; inviteToken: string; cardKey: string }>;
  taken: Map<string, string>;
}> {
  const made = new Map<string, { id: string; inviteToken: string; cardKey: string }>();
  const taken = new Map<string, string>();
  let left = clients;
  for (let attempt = 0; left.length > 0; attempt++) {
    if (attempt >= 5) throw new Error('Could not allocate unique card numbers for an import batch.');
    const column = <T>(pick: (c: RowClient) => T) => left.map(pick);
    // ON CONFLICT DO NOTHING: an email taken meanwhile, or a random code that clashed.
    const rows = await tx.$queryRaw<{ id: string; email: string; inviteToken: string; cardKey: string }[]>`
      INSERT INTO "clients" ("id", "firstName", "lastName", "email", "phone", "affiliateCompany", "externalId",
        "importId", "cardNumber", "inviteToken", "marketingConsent", "marketingConsentAt",
        "marketingConsentSource", "updatedAt")
      SELECT v."id", v."firstName", v."lastName", v."email", v."phone", v."affiliateCompany", v."externalId",
        ${importId}::uuid, v."cardNumber", v."inviteToken", v."consent",
        CASE WHEN v."consent" THEN now() END, CASE WHEN v."consent" THEN 'import' END, now()
      FROM unnest(${column(() => randomUUID())}::uuid[], ${column((c) => c.firstName)}::text[],
                  ${column((c) => c.lastName)}::text[], ${column((c) => c.email)}::text[],
                  ${column((c) => c.phone)}::text[], ${column((c) => c.affiliateCompany)}::text[],
                  ${column((c) => c.externalId)}::text[], ${column(() => newCardNumber())}::text[],
                  ${column(() => newInviteToken())}::text[], ${column((c) => c.marketingConsent)}::boolean[])
        AS v("id", "firstName", "lastName", "email", "phone", "affiliateCompany", "externalId", "cardNumber",
             "inviteToken", "consent")
      ON CONFLICT DO NOTHING
      RETURNING "id", "email", "inviteToken", "cardKey"`;
    for (const r of rows) made.set(r.email, { id: r.id, inviteToken: r.inviteToken, cardKey: r.cardKey });
    const missing = left.filter((c) => !made.has(c.email));
    if (missing.length === 0) break;
    const found = await tx.$queryRaw<{ id: string; email: string }[]>`
      SELECT "id", "email" FROM "clients" WHERE "email" = ANY(${missing.map((c) => c.email)}::text[])`;
    for (const c of found) taken.set(c.email, c.id);
    left = missing.filter((c) => !taken.has(c.email));
  }
  return { made, taken };
}

/**
 * The job's work: batches until the import is done, cancelled or gone. Errors are thrown (a crash in a batch
 * rolls that batch back; the next run resumes from the first row not done); runImportJob records them.
 */
export async function processImport(id: string, options: ProcessOptions = {}): Promise<'done' | 'stopped'> {
  const size = options.batchSize ?? IMPORT_BATCH_SIZE;
  // Rows are taken in file order and a batch is all or nothing, so the rows up to the last batch's are done:
  // each batch reads on from there, not through the rows already written (a resumed run starts at 0).
  let after = 0;
  for (let batch = 1; ; batch++) {
    const from = after;
    const result = await db.$transaction((tx) => runBatch(tx, id, size, batch, from, options), {
      timeout: BATCH_TIMEOUT_MS,
    });
    if (result.state !== 'more') return result.state;
    after = result.last;
    // As Add Client does: the new cards' links go straight to the card page in this process (proxy.ts).
    for (const card of result.cards) {
      rememberCard(card.inviteToken);
      rememberCard(card.cardKey);
    }
  }
}

/** Why a run stopped, in words for staff: never the row's data (an error's message may quote it). */
function failureText(error: unknown, processed: number, total: number): string {
  const code = error instanceof Prisma.PrismaClientKnownRequestError ? ` (database error ${error.code})` : '';
  return (
    `The import stopped after ${processed.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} rows: ` +
    `a batch could not be written${code}. Start it again: it carries on from the first row not written, ` +
    'and adds no one twice.'
  );
}

/**
 * The 'import-clients' job's handler: runs the import; a failure is recorded on it ('failed', with why in
 * words) and logged without data. If even that cannot be written (the database is away), the error is thrown
 * and pg-boss runs the job again later.
 */
export async function runImportJob(id: string, options: ProcessOptions = {}): Promise<void> {
  try {
    const state = await processImport(id, options);
    if (state === 'done') log.info({ importId: id }, 'Import finished.');
  } catch (error) {
    log.error(
      {
        importId: id,
        code: error instanceof Prisma.PrismaClientKnownRequestError ? error.code : undefined,
        kind: error instanceof Error ? error.name : typeof error,
      },
      'An import batch failed.',
    );
    const row = await db.clientImport.findUnique({ where: { id } });
    if (!row || row.status !== 'running') return;
    await db.clientImport.updateMany({
      where: { id, status: 'running' },
      data: { status: 'failed', error: failureText(error, row.processedCount, importTotal(row)) },
    });
  }
}

/** The running imports (the queue's start and minute sweep give each its job if it has none). */
export async function runningImportIds(): Promise<string[]> {
  const rows = await db.clientImport.findMany({ where: { status: 'running' }, select: { id: true } });
  return rows.map((r) => r.id);
}
