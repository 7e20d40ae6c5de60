/**
 * When the daily backup runs (issue 32): BACKUP_SCHEDULE, a cron expression in UK time (Europe/London),
 * default 02:30 every day. The job itself is registered in lib/jobs/queue.ts.
 */
export const BACKUP_JOB = 'backup';
export const DEFAULT_BACKUP_SCHEDULE = '30 2 * * *';
export const BACKUP_TIME_ZONE = 'Europe/London' as const;

export function backupSchedule(): string {
  return process.env.BACKUP_SCHEDULE?.trim() || DEFAULT_BACKUP_SCHEDULE;
}
