/**
 * The answer of GET /api/admin/backups (issue 32): the state of the app's backups for full admins, as a zod
 * schema (the declaration in lib/contract/backups.ts names it).
 */
import { z } from '@/lib/validation/zod';

const reason = z.enum(['manual', 'daily', 'pre-migration', 'pre-restore']).meta({
  id: 'BackupReason',
  description:
    "'daily': the daily job; 'manual': npm run backup; 'pre-migration': npm start, before applying an " +
    "upgrade's migrations; 'pre-restore': npm run restore --replace, before replacing the data.",
});
const runStatus = z.enum(['running', 'succeeded', 'failed']).meta({ id: 'BackupRunStatus' });

export const backupRunSchema = z
  .object({
    id: z.uuid(),
    reason,
    status: runStatus,
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    fileName: z
      .string()
      .nullable()
      .meta({ description: "The file's name in the backup folder, once written." }),
    bytes: z.number().int().nullable(),
    encrypted: z.boolean(),
    error: z.string().nullable().meta({ description: 'Why it failed, in words.' }),
  })
  .meta({ id: 'BackupRun', description: 'One backup run.' });
export type BackupRunDto = z.infer<typeof backupRunSchema>;

export const backupStatusSchema = z
  .object({
    lastSuccess: z
      .object({
        at: z.iso.datetime(),
        bytes: z.number().int(),
        fileName: z.string(),
        encrypted: z.boolean(),
      })
      .nullable()
      .meta({ description: 'The newest backup that was written; null when there has been none.' }),
    lastRun: z
      .object({ at: z.iso.datetime(), status: runStatus, error: z.string().optional() })
      .nullable()
      .meta({ description: 'The newest run, whatever its outcome; `error` in words when it failed.' }),
    warning: z
      .enum(['never', 'stale', 'failed'])
      .nullable()
      .meta({
        description:
          "null when all is well; 'failed': the last run failed; 'never': no backup yet; 'stale': the last " +
          'successful backup is older than 36 hours.',
      }),
    schedule: z.object({
      cron: z.string().meta({ description: 'BACKUP_SCHEDULE, a cron expression (default 30 2 * * *).' }),
      timeZone: z.literal('Europe/London'),
    }),
    folder: z.string().meta({ description: 'Where the files are written (BACKUP_DIR) on the server.' }),
    encrypted: z
      .boolean()
      .meta({ description: 'Whether new backups are encrypted (BACKUP_PASSPHRASE is set).' }),
    recent: z.array(backupRunSchema).meta({ description: 'The most recent runs, newest first (`limit`).' }),
  })
  .meta({ id: 'BackupStatus', description: "The state of the app's backups." });
export type BackupStatusDto = z.infer<typeof backupStatusSchema>;
