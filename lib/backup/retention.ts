/**
 * Which backup files to keep (issue 32): 7 daily, 4 weekly and 6 monthly copies, grandfather-father-son, as
 * Immich and restic count them. Pure: the caller lists BACKUP_DIR and deletes what this says.
 *
 * - daily: the newest copy of each UK calendar day, for the 7 most recent days that have a copy;
 * - weekly: the newest copy of each ISO week (Monday to Sunday, UK time), for the 4 most recent such weeks;
 * - monthly: the newest copy of each calendar month (UK time), for the 6 most recent such months.
 * A copy picked by any rule is kept. Counting days "that have a copy" (not the last 7 days of the calendar)
 * means a server that was off for a fortnight still keeps 7 daily copies, never fewer.
 *
 * Every copy counts, whatever made it (the daily job, `npm run backup`, `npm start` before migrations, a
 * restore with --replace): a copy made by hand at 15:00 is that day's newest state, so it is that day's copy.
 * But a copy that was not made by the daily job is also kept for 30 days whatever the rules say (PROTECT_DAYS):
 * the copy taken before an upgrade or a restore is the way back, and must not be deleted by the next night's
 * job. So is a file whose maker is not recorded (copied in by hand, or made before the record existed).
 * Only names the app writes (BACKUP_FILE_PATTERN) are ever considered; anything else in the folder is left.
 */
import { parseBackupFileName } from './format';

export const KEEP = { daily: 7, weekly: 4, monthly: 6 } as const;
/** Copies not made by the daily job are kept at least this long. */
export const PROTECT_DAYS = 30;

export interface BackupFile {
  name: string;
  /** When the copy was made (from its name). */
  createdAt: Date;
  /** What made it, from the record of runs; null when not recorded. */
  reason: 'manual' | 'daily' | 'pre-migration' | 'pre-restore' | null;
}

export interface RetentionPlan {
  keep: BackupFile[];
  remove: BackupFile[];
}

const UK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The UK calendar date of an instant: [year, month 1–12, day]. */
export function ukDate(at: Date): [number, number, number] {
  const parts = Object.fromEntries(UK.formatToParts(at).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day)];
}

export function dayKey(at: Date): string {
  const [y, m, d] = ukDate(at);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** ISO 8601 week of the UK calendar date, e.g. '2026-W48' (the week-year may differ from the year). */
export function weekKey(at: Date): string {
  const [y, m, d] = ukDate(at);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

export function monthKey(at: Date): string {
  const [y, m] = ukDate(at);
  return `${y}-${String(m).padStart(2, '0')}`;
}

/** Newest copy of each of the `count` most recent periods that have one. */
function newestPerPeriod(newestFirst: BackupFile[], key: (at: Date) => string, count: number): BackupFile[] {
  const seen = new Set<string>();
  const picked: BackupFile[] = [];
  for (const file of newestFirst) {
    if (seen.size >= count) break;
    const k = key(file.createdAt);
    if (seen.has(k)) continue;
    seen.add(k);
    picked.push(file);
  }
  return picked;
}

export function planRetention(files: BackupFile[], now: Date): RetentionPlan {
  const newestFirst = [...files].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name),
  );
  const kept = new Set<BackupFile>([
    ...newestPerPeriod(newestFirst, dayKey, KEEP.daily),
    ...newestPerPeriod(newestFirst, weekKey, KEEP.weekly),
    ...newestPerPeriod(newestFirst, monthKey, KEEP.monthly),
  ]);
  const protectedSince = now.getTime() - PROTECT_DAYS * 86_400_000;
  for (const file of newestFirst) {
    // Not made by the daily job and recent; or dated in the future (a clock put right): never removed now.
    if (file.reason !== 'daily' && file.createdAt.getTime() >= protectedSince) kept.add(file);
    if (file.createdAt.getTime() > now.getTime()) kept.add(file);
  }
  return {
    keep: newestFirst.filter((f) => kept.has(f)),
    remove: newestFirst.filter((f) => !kept.has(f)),
  };
}

/** The app's backup files among a folder's names (anything else is never touched), with their times. */
export function backupFilesIn(
  names: string[],
  reasonOf: (name: string) => BackupFile['reason'],
): BackupFile[] {
  const files: BackupFile[] = [];
  for (const name of names) {
    const parsed = parseBackupFileName(name);
    if (parsed) files.push({ name, createdAt: parsed.createdAt, reason: reasonOf(name) });
  }
  return files;
}
