import 'server-only';
import { db, poolStats } from '@/lib/db';
import { log } from '@/lib/log';
import { jobQueueState } from './jobs-state';
import { appMetrics } from './metrics.js';

/**
 * The gauges read when /metrics is scraped (issue 32 point 4): the database pool's counts, the job queue's depth
 * per queue, the outbox's messages by status and the age of the last successful backup. Each is read on its own:
 * one that fails (the database is down) leaves its gauge out of date and is logged, and the others still answer.
 */
async function messagesByStatus(): Promise<void> {
  const rows = await db.$queryRaw<{ status: string; count: bigint }[]>`
    SELECT "status"::text AS "status", count(*) AS "count" FROM "messages" GROUP BY "status"`;
  const gauge = appMetrics().messages;
  gauge.reset();
  for (const status of ['unsent', 'queued', 'sent', 'failed', 'cancelled']) gauge.set({ status }, 0);
  for (const row of rows) gauge.set({ status: row.status }, Number(row.count));
}

async function jobQueueDepth(): Promise<void> {
  const { boss, status } = jobQueueState();
  const m = appMetrics();
  m.jobQueueRunning.set(status === 'running' ? 1 : 0);
  m.jobQueueDepth.reset();
  if (status !== 'running' || !boss) return;
  const queues = (await boss.getQueues()) as { name: string }[];
  for (const { name } of queues) {
    m.jobQueueDepth.set({ queue: name }, (await boss.getQueueSize(name)) ?? 0);
  }
}

/**
 * The last successful backup's end time, from the backups' own record (`backup_runs`, issue 32 point 1), or
 * null when there has been none (or the table is not there yet).
 */
async function lastBackupAt(): Promise<Date | null> {
  const [table] = await db.$queryRaw<{ found: string | null }[]>`
    SELECT to_regclass('backup_runs')::text AS "found"`;
  if (!table?.found) return null;
  const [row] = await db.$queryRawUnsafe<{ at: Date | null }[]>(
    `SELECT max("finishedAt") AS "at" FROM "backup_runs" WHERE "status"::text IN ('succeeded', 'success', 'ok')`,
  );
  return row?.at ?? null;
}

async function backupAge(): Promise<void> {
  const at = await lastBackupAt();
  appMetrics().backupAge.set(at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : Infinity);
}

function pool(): void {
  const stats = poolStats();
  const m = appMetrics();
  m.poolConnections.set(stats?.total ?? 0);
  m.poolIdle.set(stats?.idle ?? 0);
  m.poolWaiting.set(stats?.waiting ?? 0);
  if (stats) m.poolMax.set(stats.max);
}

/** Brings the scrape-time gauges up to date; never throws. */
export async function refreshScrapedMetrics(): Promise<void> {
  const parts: [string, () => Promise<void>][] = [
    ['outbox', messagesByStatus],
    ['job queue', jobQueueDepth],
    ['backup', backupAge],
  ];
  const results = await Promise.allSettled(parts.map(([, read]) => read()));
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      log.warn({ err: result.reason, metric: parts[i]![0] }, 'A metric could not be read.');
    }
  });
  // After the queries, so the pool's counts include the connections they used.
  pool();
}
