/** How the backups' times, sizes and state are written for people (Settings, the dashboard). */

/** '27 Nov 2026, 02:30', UK time. */
export function formatBackupTime(value: Date | string): string {
  const d = new Date(value);
  const date = d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
  const time = d.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
  return `${date}, ${time}`;
}

/** '4.2 MB', '830 KB', '12 bytes' (1 KB = 1,024 bytes, as file managers count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${units[unit]}`;
}

/** 'Last backup: 27 Nov 2026, 02:30 (4.2 MB)' */
export function lastBackupLine(lastSuccess: { at: string; bytes: number } | null): string {
  return lastSuccess
    ? `Last backup: ${formatBackupTime(lastSuccess.at)} (${formatBytes(lastSuccess.bytes)})`
    : 'No backup yet';
}

export const REASON_WORDS = {
  daily: 'Daily',
  manual: 'By hand',
  'pre-migration': 'Before an upgrade',
  'pre-restore': 'Before a restore',
} as const;

/** The schedule as people say it: 'every day at 02:30 (UK time)', or the cron expression. */
export function scheduleWords(cron: string): string {
  const m = /^(\d{1,2})\s+(\d{1,2})\s+\*\s+\*\s+\*$/.exec(cron.trim());
  if (m && Number(m[1]) < 60 && Number(m[2]) < 24) {
    return `every day at ${m[2]!.padStart(2, '0')}:${m[1]!.padStart(2, '0')} (UK time)`;
  }
  return `on the schedule ${cron} (UK time)`;
}
