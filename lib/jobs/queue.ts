import 'server-only';
import PgBoss from 'pg-boss';
import { runBackup } from '@/lib/backup/runs';
import { BACKUP_JOB, BACKUP_TIME_ZONE, backupSchedule, DEFAULT_BACKUP_SCHEDULE } from '@/lib/backup/schedule';
import { dispatchDue } from '@/lib/messages/dispatch';
import { registerMessageWaker } from '@/lib/messages/kick';
import { log } from '@/lib/log';
import { runRetention } from '@/lib/services/privacy';
import { runImportJob, runningImportIds } from '@/lib/services/imports/run';
import {
  hasPendingImportJob,
  IMPORT_JOB,
  IMPORT_SWEEP_CRON,
  IMPORT_SWEEP_JOB,
  importQueueOptions,
  type ImportJobData,
} from './import-clients';
import { startDentallyJobs } from './dentally';

/**
 * The app's job queue: pg-boss on the app's own PostgreSQL (its tables in the `pgboss` schema, made at start),
 * started once per server process from instrumentation.ts.
 * - Privacy retention (issue 16), daily at 03:15 UK time; pg-boss makes sure one instance runs it.
 * - The message sender (issue 17): a 'messages' job runs the outbox's sender (lib/messages/dispatch.ts). It is
 *   sent when a transaction that wrote messages commits (kickMessages), at the time a retry is due, every
 *   minute as a sweep, and once at start, so a message committed just before a crash is sent after the restart.
 *   The queue is 'stately': at most one waiting and one running, so a burst of leads wakes the sender once.
 * - The daily backup (issue 32) at BACKUP_SCHEDULE, UK time (default 02:30): lib/backup/runs.ts records it and
 *   applies the retention rules. A failure is recorded (Settings, the dashboard) and logged; the app runs on.
 * - Client imports (issue 33): an 'import-clients' job per started import, written in the start's transaction
 *   (lib/jobs/import-clients.ts), and a sweep at start and every minute for a running import without a job.
 * - The Dentally sync (issue 34) every 15 minutes and on "Sync now" (lib/jobs/dentally.ts).
 */
export const RETENTION_JOB = 'privacy-retention';
export const RETENTION_CRON = '15 3 * * *';
export const MESSAGES_JOB = 'messages';
export const MESSAGES_RETRY_JOB = 'messages-retry';
export const MESSAGES_SWEEP_CRON = '* * * * *';

async function sendMessages(boss: PgBoss): Promise<void> {
  const result = await dispatchDue();
  if (result.sent || result.failed || result.retrying) {
    log.info(
      { job: MESSAGES_JOB, sent: result.sent, retrying: result.retrying, failed: result.failed },
      'Messages sent.',
    );
  }
  if (result.nextDueAt) {
    await boss.send(MESSAGES_RETRY_JOB, {}, { startAfter: result.nextDueAt });
  }
}

/** The daily backup; an invalid BACKUP_SCHEDULE falls back to the default rather than stopping the queue. */
async function scheduleBackups(boss: PgBoss): Promise<void> {
  // A big database may take a while: the job is not expired (and run again) before 6 hours.
  await boss.createQueue(BACKUP_JOB, {
    name: BACKUP_JOB,
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 6 * 3600,
  });
  try {
    await boss.schedule(BACKUP_JOB, backupSchedule(), {}, { tz: BACKUP_TIME_ZONE });
  } catch {
    log.error(
      { job: BACKUP_JOB, schedule: DEFAULT_BACKUP_SCHEDULE },
      'BACKUP_SCHEDULE is not a valid cron expression: backups run at the default time.',
    );
    await boss.schedule(BACKUP_JOB, DEFAULT_BACKUP_SCHEDULE, {}, { tz: BACKUP_TIME_ZONE });
  }
  await boss.work(BACKUP_JOB, async () => {
    try {
      const { backup, removed, retentionError } = await runBackup({ reason: 'daily' });
      log.info(
        { job: BACKUP_JOB, file: backup.fileName, bytes: backup.bytes, removed: removed.length },
        'Backup written.',
      );
      if (retentionError)
        log.error({ job: BACKUP_JOB, cause: retentionError }, 'Old backups could not be removed.');
    } catch (error) {
      // Recorded in backup_runs (Settings and the dashboard say so); the cause is in words, without data.
      log.error({ job: BACKUP_JOB, cause: (error as Error).message }, 'Backup failed.');
    }
  });
}

/** Gives each running import without a job waiting or running its job (see lib/jobs/import-clients.ts). */
async function sweepImports(boss: PgBoss): Promise<void> {
  for (const importId of await runningImportIds()) {
    if (await hasPendingImportJob(importId)) continue;
    const data: ImportJobData = { importId };
    await boss.send(IMPORT_JOB, data);
    log.info({ job: IMPORT_JOB, importId }, 'A running import was given its job.');
  }
}

async function startImportJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(IMPORT_JOB, importQueueOptions);
  await boss.work<ImportJobData>(IMPORT_JOB, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job?.data?.importId) await runImportJob(job.data.importId);
  });
  await boss.createQueue(IMPORT_SWEEP_JOB, { name: IMPORT_SWEEP_JOB, policy: 'stately', retryLimit: 0 });
  await boss.schedule(IMPORT_SWEEP_JOB, IMPORT_SWEEP_CRON);
  await boss.work(IMPORT_SWEEP_JOB, () => sweepImports(boss));
  await boss.send(IMPORT_SWEEP_JOB, {});
}

export async function startJobs(connectionString: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, application_name: 'smile-referrals-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'The job queue reported an error.'));
  await boss.start();
  await boss.createQueue(RETENTION_JOB);
  await boss.schedule(RETENTION_JOB, RETENTION_CRON, {}, { tz: 'Europe/London' });
  await boss.work(RETENTION_JOB, async () => {
    const result = await runRetention();
    log.info({ job: RETENTION_JOB, ...result }, 'Privacy retention ran.');
  });

  await scheduleBackups(boss);
  await startImportJobs(boss);
  await startDentallyJobs(boss);

  await boss.createQueue(MESSAGES_JOB, { name: MESSAGES_JOB, policy: 'stately', retryLimit: 0 });
  await boss.createQueue(MESSAGES_RETRY_JOB, { name: MESSAGES_RETRY_JOB, retryLimit: 0 });
  await boss.schedule(MESSAGES_JOB, MESSAGES_SWEEP_CRON);
  const work = () => sendMessages(boss);
  await boss.work(MESSAGES_JOB, { pollingIntervalSeconds: 0.5 }, work);
  await boss.work(MESSAGES_RETRY_JOB, { pollingIntervalSeconds: 2 }, work);
  registerMessageWaker(() => boss.send(MESSAGES_JOB, {}));
  await boss.send(MESSAGES_JOB, {});
  boss.on('stopped', () => registerMessageWaker(undefined));

  log.info(
    'The job queue is running: messages as they are written, privacy retention daily at 03:15 UK time.',
  );
  return boss;
}
