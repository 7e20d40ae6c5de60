'use client';

import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { BackupStatusDto } from '@/lib/dto/backups';
import { formatBackupTime, formatBytes, lastBackupLine, REASON_WORDS, scheduleWords } from './format';
import { backupStatusQuery } from './queries';

const OUTCOME = { running: 'Running', succeeded: 'Done', failed: 'Failed' } as const;

/**
 * Settings → Backups, for full admins (issue 32): when the last backup was made and its size, the last failure
 * in words, when the next one runs and where the files are, and the last few runs. Drawn on the server with
 * the answer of GET /api/admin/backups, and read again when the page comes back into view.
 */
export function BackupsCard({ initial, className }: { initial: BackupStatusDto; className?: string }) {
  const { data } = useQuery({ ...backupStatusQuery(), initialData: initial });
  const status = data ?? initial;
  const failed = status.lastRun?.status === 'failed' ? status.lastRun : null;
  return (
    <Card id="backups" className={className}>
      <CardHeader>
        <CardTitle>
          <h2>Backups</h2>
        </CardTitle>
        <CardDescription>
          A copy of all the app&apos;s data is made {scheduleWords(status.schedule.cron)} while the app is
          running, and kept on the server: 7 daily, 4 weekly and 6 monthly copies.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p className="text-base font-medium" data-testid="last-backup">
          {lastBackupLine(status.lastSuccess)}
          {status.lastSuccess?.encrypted && (
            <span className="font-normal text-muted-foreground"> · encrypted</span>
          )}
        </p>
        {failed && (
          <p className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-destructive">
            <span className="font-medium">The last backup failed</span> ({formatBackupTime(failed.at)}):{' '}
            {failed.error}
          </p>
        )}
        {!status.lastSuccess && (
          <p>
            To make one now, run <code className="font-mono">npm run backup</code> in the app&apos;s folder on
            the server.
          </p>
        )}
        {status.warning === 'stale' && (
          <p>
            It is more than 36 hours old: check that the server was on and the app running at the scheduled
            time, or run <code className="font-mono">npm run backup</code> in the app&apos;s folder on the
            server.
          </p>
        )}
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Folder on the server</dt>
          <dd className="break-all font-mono text-xs sm:text-sm">{status.folder}</dd>
          <dt className="text-muted-foreground">Encryption</dt>
          <dd>
            {status.encrypted ? 'On (BACKUP_PASSPHRASE)' : 'Off: set BACKUP_PASSPHRASE to encrypt backups'}
          </dd>
        </dl>
        <p className="text-muted-foreground">
          Copy the backups to another place too (another disk or a cloud store): a copy on the same disk is
          lost with it. Restore one with <code className="font-mono">npm run restore -- FILE</code>.
        </p>
        {status.recent.length > 0 && (
          <div className="grid gap-2">
            <h3 className="font-medium">Recent runs</h3>
            <ul className="grid gap-1" aria-label="Recent backup runs">
              {status.recent.map((run) => (
                <li key={run.id} className="flex flex-wrap gap-x-2 border-b py-1 last:border-b-0">
                  <span className="tabular-nums">{formatBackupTime(run.startedAt)}</span>
                  <span className="text-muted-foreground">{REASON_WORDS[run.reason]}</span>
                  <span className={run.status === 'failed' ? 'font-medium text-destructive' : undefined}>
                    {OUTCOME[run.status]}
                    {run.status === 'succeeded' && run.bytes !== null && ` (${formatBytes(run.bytes)})`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
