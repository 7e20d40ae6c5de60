import 'server-only';
import PgBoss from 'pg-boss';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * The 'import-clients' job (issue 33): one job runs one started import (lib/services/imports/run.ts) in
 * batches. The job is written into pg-boss's table in the SAME transaction that marks the import running
 * (enqueueImportJob), so a start that commits always has its job and one that rolls back never does.
 *
 * Never lost: a job written where the queue's tables do not exist yet (a database the queue has never started
 * on) is not written; the import stays 'running', and every instance's queue sends a job, at start and every
 * minute, for a running import that has none waiting or active (lib/jobs/queue.ts). An instance that dies
 * mid-run leaves its job active until it expires (EXPIRE_SECONDS), then pg-boss runs it again.
 * Never done twice: the job itself may run twice (an expiry while a slow run goes on), but each batch locks the
 * import's row and takes only rows not yet done, in one transaction with their clients, so no row is written
 * twice whichever instance takes it.
 */
export const IMPORT_JOB = 'import-clients';
/** A minute's sweep that gives a running import without a job its job (see above). */
export const IMPORT_SWEEP_JOB = 'import-clients-sweep';
export const IMPORT_SWEEP_CRON = '* * * * *';
/** 100,000 rows take about two minutes; a job still active after this is taken to be dead and run again. */
export const IMPORT_JOB_EXPIRE_SECONDS = 15 * 60;

export const importQueueOptions = {
  name: IMPORT_JOB,
  policy: 'standard' as const,
  retryLimit: 3,
  retryDelay: 30,
  expireInSeconds: IMPORT_JOB_EXPIRE_SECONDS,
};

export interface ImportJobData {
  importId: string;
}

/**
 * pg-boss only builds the job's INSERT here and runs it through the `db` it is given (the transaction), so
 * this instance is never started and opens no connection.
 */
let sender: PgBoss | undefined;
function jobSender(): PgBoss {
  sender ??= new PgBoss({
    db: {
      executeSql: () => Promise.reject(new Error('The import job sender runs only inside a transaction.')),
    },
  });
  return sender;
}

/** pg-boss's SQL parameters as Prisma passes them: objects (the job's data) as JSON text, undefined as null. */
function asParams(values: unknown[] = []): unknown[] {
  return values.map((v) =>
    v === undefined
      ? null
      : v !== null && typeof v === 'object' && !(v instanceof Date)
        ? JSON.stringify(v)
        : v,
  );
}

/**
 * Writes the import's job in `tx`. Returns false when the queue's tables are not in this database yet (the
 * queue makes them when it first starts, and then sends the job itself; see above).
 */
export async function enqueueImportJob(tx: Prisma.TransactionClient, importId: string): Promise<boolean> {
  const [queue] = await tx.$queryRaw<{ ready: boolean }[]>`
    SELECT to_regclass('pgboss.job') IS NOT NULL AND to_regclass('pgboss.queue') IS NOT NULL AS ready`;
  if (!queue?.ready) return false;
  const db = {
    executeSql: async (text: string, values?: unknown[]) => ({
      rows: await tx.$queryRawUnsafe<{ id: string }[]>(text, ...asParams(values)),
    }),
  };
  const data: ImportJobData = { importId };
  const id = await jobSender().send(IMPORT_JOB, data, { db });
  return id !== null;
}

/** Whether the import has a job waiting, retrying or running (the sweep leaves such an import alone). */
export async function hasPendingImportJob(importId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ pending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM pgboss.job
                   WHERE "name" = ${IMPORT_JOB} AND "state" < 'completed' AND "data"->>'importId' = ${importId})
      AS "pending"`;
  return row?.pending ?? false;
}
