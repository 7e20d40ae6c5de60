import 'server-only';
import type { BackupStatusDto } from '@/lib/dto/backups';
import { backupStatus, defaultBackupDir, recentBackupRuns } from './runs';
import { backupSchedule, BACKUP_TIME_ZONE } from './schedule';

/** GET /api/admin/backups's answer (also drawn on the server for Settings and the dashboard). */
export async function backupStatusAnswer(limit = 10): Promise<BackupStatusDto> {
  const [status, recent] = await Promise.all([backupStatus(), recentBackupRuns(limit)]);
  return {
    lastSuccess: status.lastSuccess && { ...status.lastSuccess, at: status.lastSuccess.at.toISOString() },
    lastRun: status.lastRun && { ...status.lastRun, at: status.lastRun.at.toISOString() },
    warning: status.warning,
    schedule: { cron: backupSchedule(), timeZone: BACKUP_TIME_ZONE },
    folder: defaultBackupDir(),
    encrypted: Boolean(process.env.BACKUP_PASSPHRASE),
    recent: recent.map((r) => ({
      id: r.id,
      reason: r.reason,
      status: r.status,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
      fileName: r.fileName,
      bytes: r.bytes,
      encrypted: r.encrypted,
      error: r.error,
    })),
  };
}
