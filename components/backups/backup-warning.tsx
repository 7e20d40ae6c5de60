import Link from 'next/link';
import { DatabaseBackup } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { BackupStatusDto } from '@/lib/dto/backups';
import { lastBackupLine, scheduleWords } from './format';

type Warning = Exclude<BackupStatusDto['warning'], null>;

const TITLES: Record<Warning, string> = {
  never: 'No backup yet',
  stale: 'The last backup is more than 36 hours old',
  failed: 'The last backup failed',
};

/**
 * On the dashboard, for full admins: the backups stopped (issue 32). A status region, not an alert: it is
 * there when the page opens, not news that interrupts. It stays until a backup succeeds.
 */
export function BackupWarning({ status }: { status: BackupStatusDto }) {
  const warning = status.warning;
  if (!warning) return null;
  const schedule = scheduleWords(status.schedule.cron);
  return (
    <Alert
      role="status"
      data-testid="backup-warning"
      className="border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <DatabaseBackup aria-hidden="true" />
      <AlertTitle>{TITLES[warning]}</AlertTitle>
      <AlertDescription className="text-amber-950 dark:text-amber-100">
        {warning === 'failed' && (
          <p>
            {status.lastRun?.error ?? 'The backup could not be written.'} {lastBackupLine(status.lastSuccess)}
            .
          </p>
        )}
        {warning === 'stale' && (
          <p>
            {lastBackupLine(status.lastSuccess)}. A backup is made {schedule} while the app is running: check
            the server was on and the app running then.
          </p>
        )}
        {warning === 'never' && (
          <p>
            Nothing has been backed up: a failed disk would lose every client, referral and payment. A backup
            is made {schedule} while the app is running.
          </p>
        )}
        <p>
          To make one now, run <code className="font-mono">npm run backup</code> in the app&apos;s folder on
          the server.{' '}
          <Link href="/settings#backups" className="font-medium underline underline-offset-4">
            See backups in Settings
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}
