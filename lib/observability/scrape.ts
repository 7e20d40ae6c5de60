import 'server-only';
import { backupStatus } from '@/lib/backup/runs';
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

/** The last successful backup's age, and whether the last run failed (lib/backup/runs.ts, as Settings shows). */
async function backups(): Promise<void> {
  const status = await backupStatus();
  const m = appMetrics();
  const at = status.lastSuccess?.at;
  m.backupAge.set(at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : Infinity);
  m.backupFailed.set(status.warning === 'failed' ? 1 : 0);
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
    ['backup', backups],
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
