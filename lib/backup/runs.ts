/**
 * The record of backup runs (issue 32): every backup the app makes — the daily job, `npm run backup`, the copy
 * `npm start` takes before migrations — goes through runBackup, which writes a row in `backup_runs` when it
 * starts and finishes it with the file or the failure in words, then applies the retention rules
 * (lib/backup/retention.ts) to BACKUP_DIR. backupStatus() is what full admins see in Settings and on the
 * dashboard, and what /metrics reports as the age of the last backup.
 *
 * Plain `pg`, not the app's Prisma client: the command-line scripts use this too, and lib/db.ts is for the
 * server only. A failure is recorded and thrown to the caller (the job logs it, a command prints it): it never
 * takes the app down.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createBackup, type BackupResult } from './create';
import { BackupError, type BackupReason } from './format';
import { backupFilesIn, planRetention, type BackupFile } from './retention';

/** A successful backup older than this is a warning for full admins (the daily job missed a day and a half). */
export const STALE_AFTER_MS = 36 * 60 * 60 * 1000;
/** A run still 'running' after this never finished: the process stopped during it. */
export const UNFINISHED_AFTER_MS = 6 * 60 * 60 * 1000;
const UNFINISHED_ERROR = 'It did not finish: the app stopped or lost the database during the backup.';
const MAX_ERROR_LENGTH = 500;

/** BACKUP_DIR, default DATA_DIR/backups (DATA_DIR default .data); relative paths from the working folder,
 * which is the project's (npm start passes both on to the server as absolute paths). */
export function defaultBackupDir(): string {
  // (turbopackIgnore: a folder chosen at run time, not files for the build to trace into the server bundle.)
  if (process.env.BACKUP_DIR) return path.resolve(/*turbopackIgnore: true*/ process.env.BACKUP_DIR);
  return path.join(path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data'), 'backups');
}

export interface RunBackupOptions {
  reason: BackupReason;
  /** The run's time (tests and the schedule); default now. */
  now?: Date;
  /** Default DATABASE_URL. */
  databaseUrl?: string;
  /** Default BACKUP_DIR, else DATA_DIR/backups. */
  dir?: string;
  /** Default BACKUP_PASSPHRASE (none: not encrypted). */
  passphrase?: string;
  /** Called once when another backup holds the lock and this one waits. */
  onWait?: () => void;
}

export interface RunBackupResult {
  /** Null when the database predates the record (an older schema: the backup is made, not recorded). */
  runId: string | null;
  backup: BackupResult;
  /** Files the retention rules removed from the folder. */
  removed: string[];
  /** Set when retention itself failed (the backup is still good). */
  retentionError?: string;
}

/** A failed run: the message is the cause in words, as recorded. */
export class BackupRunError extends Error {
  constructor(
    readonly runId: string | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BackupRunError';
  }
}

/** The cause of a failure in words, short, for the record and for people (no data from the database). */
export function describeFailure(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { code?: string };
  let text: string;
  if (error instanceof BackupError) text = error.message;
  else if (e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND' || e?.code === 'ETIMEDOUT')
    text = `The database could not be reached (${e.code}). Check that PostgreSQL is running.`;
  else if (e?.code === '3D000') text = 'The database does not exist.';
  else if (e?.code === '28P01' || e?.code === '28000') text = 'The database refused the password.';
  else if (e?.code === 'ENOSPC')
    text = 'The disk is full: free some space, or set BACKUP_DIR to another disk.';
  else if (e?.code === 'EACCES' || e?.code === 'EPERM')
    text = 'The backup folder cannot be written to: check its owner and permissions, or set BACKUP_DIR.';
  else text = (e?.message || String(error)).split('\n')[0]!;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'smile-referrals backup runs',
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Makes one backup and records it; applies the retention rules after a success. Throws BackupRunError. */
export async function runBackup(o: RunBackupOptions): Promise<RunBackupResult> {
  const databaseUrl = o.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new BackupRunError(null, 'DATABASE_URL is not set: there is no database to back up.');
  const dir = o.dir ?? defaultBackupDir();
  const passphrase = o.passphrase ?? (process.env.BACKUP_PASSPHRASE || undefined);
  const startedAt = o.now ?? new Date();
  const clock = Date.now();

  let runId: string | null;
  try {
    runId = await withClient(databaseUrl, async (client) => {
      // A run left 'running' long ago never finished (the process stopped): say so.
      await client.query(
        `UPDATE backup_runs SET status = 'failed', "finishedAt" = now(), error = $1
         WHERE status = 'running' AND "startedAt" < $2`,
        [UNFINISHED_ERROR, new Date(startedAt.getTime() - UNFINISHED_AFTER_MS)],
      );
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO backup_runs (id, reason, status, "startedAt") VALUES (gen_random_uuid(), $1, 'running', $2)
         RETURNING id`,
        [o.reason, startedAt],
      );
      return inserted.rows[0]!.id;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') {
      // No backup_runs table: a database of an older version (`npm run backup` before an upgrade's first
      // start). The backup matters more than its record: made, not recorded, and no old copy removed.
      runId = null;
    } else {
      // The database itself is unreachable: nothing can be recorded, and nothing backed up.
      throw new BackupRunError(null, describeFailure(error), { cause: error });
    }
  }
  const finishedAt = () => new Date(startedAt.getTime() + (Date.now() - clock));

  let backup: BackupResult;
  try {
    backup = await createBackup({
      databaseUrl,
      dir,
      passphrase,
      reason: o.reason,
      now: startedAt,
      onWait: o.onWait,
    });
  } catch (error) {
    const cause = describeFailure(error);
    if (runId === null) throw new BackupRunError(null, cause, { cause: error });
    await withClient(databaseUrl, (client) =>
      client.query(`UPDATE backup_runs SET status = 'failed', "finishedAt" = $2, error = $3 WHERE id = $1`, [
        runId,
        finishedAt(),
        cause,
      ]),
    ).catch(() => {
      // The database went away during the run: the row stays 'running' and is reported unfinished later.
    });
    throw new BackupRunError(runId, cause, { cause: error });
  }

  if (runId === null) return { runId, backup, removed: [] };
  return withClient(databaseUrl, async (client) => {
    await client.query(
      `UPDATE backup_runs SET status = 'succeeded', "finishedAt" = $2, "fileName" = $3, bytes = $4, encrypted = $5
       WHERE id = $1`,
      [runId, finishedAt(), backup.fileName, backup.bytes, backup.encrypted],
    );
    try {
      const removed = await applyRetention(client, dir, startedAt);
      return { runId, backup, removed };
    } catch (error) {
      return { runId, backup, removed: [], retentionError: describeFailure(error) };
    }
  }).catch((error: unknown) => {
    // The file is written and good; only its record failed.
    if (error instanceof BackupRunError) throw error;
    return { runId, backup, removed: [], retentionError: describeFailure(error) };
  });
}

/** Deletes the copies the retention rules no longer keep; only the app's own file names are considered. */
async function applyRetention(client: pg.Client, dir: string, now: Date): Promise<string[]> {
  const names = await fs.promises.readdir(dir);
  const candidates = backupFilesIn(names, () => null).map((f) => f.name);
  const recorded = await client.query<{ fileName: string; reason: BackupFile['reason'] }>(
    `SELECT DISTINCT ON ("fileName") "fileName", reason FROM backup_runs
     WHERE "fileName" = ANY($1) AND status = 'succeeded' ORDER BY "fileName", "startedAt" DESC`,
    [candidates],
  );
  const reasons = new Map(recorded.rows.map((r) => [r.fileName, r.reason]));
  const files = backupFilesIn(names, (name) => reasons.get(name) ?? null);
  const { remove } = planRetention(files, now);
  const removed: string[] = [];
  for (const file of remove) {
    await fs.promises.rm(path.join(dir, file.name), { force: true });
    removed.push(file.name);
  }
  return removed;
}

// ---------- Status ----------

export interface BackupRunRow {
  id: string;
  reason: BackupReason;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: Date;
  finishedAt: Date | null;
  fileName: string | null;
  bytes: number | null;
  encrypted: boolean;
  error: string | null;
}

export type BackupWarning = null | 'never' | 'stale' | 'failed';

export interface BackupStatus {
  lastSuccess: { at: Date; bytes: number; fileName: string; encrypted: boolean } | null;
  lastRun: { at: Date; status: 'running' | 'succeeded' | 'failed'; error?: string } | null;
  warning: BackupWarning;
}

/** A run as it is now: one left 'running' long ago never finished. */
function settled(run: BackupRunRow, now: Date): BackupRunRow {
  if (run.status === 'running' && now.getTime() - run.startedAt.getTime() > UNFINISHED_AFTER_MS) {
    return { ...run, status: 'failed', error: UNFINISHED_ERROR };
  }
  return run;
}

/**
 * The status from the newest run and the newest successful one (pure, for tests). The warning: 'failed' when
 * the last finished run failed; otherwise 'never' without any successful backup, 'stale' when the last one is
 * older than 36 hours. A run in progress does not change the warning (it may still fail).
 */
export function statusOf(
  newest: BackupRunRow | null,
  newestSuccess: BackupRunRow | null,
  now: Date,
  newestFinished: BackupRunRow | null = newest,
): BackupStatus {
  const last = newest ? settled(newest, now) : null;
  const finished = newestFinished ? settled(newestFinished, now) : null;
  const lastSuccess =
    newestSuccess && newestSuccess.fileName
      ? {
          at: newestSuccess.finishedAt ?? newestSuccess.startedAt,
          bytes: newestSuccess.bytes ?? 0,
          fileName: newestSuccess.fileName,
          encrypted: newestSuccess.encrypted,
        }
      : null;
  let warning: BackupWarning = null;
  if (finished?.status === 'failed') warning = 'failed';
  else if (!lastSuccess) warning = 'never';
  else if (now.getTime() - lastSuccess.at.getTime() > STALE_AFTER_MS) warning = 'stale';
  return {
    lastSuccess,
    lastRun: last
      ? {
          at: last.startedAt,
          status: last.status,
          ...(last.status === 'failed' ? { error: last.error ?? 'The backup failed.' } : {}),
        }
      : null,
    warning,
  };
}

const pools = new Map<string, pg.Pool>();
function poolFor(databaseUrl: string): pg.Pool {
  let pool = pools.get(databaseUrl);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      application_name: 'smile-referrals backup status',
    });
    pool.on('error', () => {}); // an idle connection dropped by the server: the next query opens another
    pools.set(databaseUrl, pool);
  }
  return pool;
}

/** Closes the connections backupStatus keeps (tests and scripts). */
export async function closeBackupStatus(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.end().catch(() => {})));
}

const COLUMNS = `id, reason, status, "startedAt", "finishedAt", "fileName", bytes::float8 AS bytes, encrypted, error`;

/** The most recent runs, newest first. */
export async function recentBackupRuns(
  limit = 10,
  o: { databaseUrl?: string } = {},
): Promise<BackupRunRow[]> {
  const databaseUrl = o.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set.');
  const result = await poolFor(databaseUrl).query<BackupRunRow>(
    `SELECT ${COLUMNS} FROM backup_runs ORDER BY "startedAt" DESC, id DESC LIMIT $1`,
    [limit],
  );
  return result.rows;
}

export async function backupStatus(o: { databaseUrl?: string; now?: Date } = {}): Promise<BackupStatus> {
  const databaseUrl = o.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set.');
  const now = o.now ?? new Date();
  const pool = poolFor(databaseUrl);
  const [newest, success, finished] = await Promise.all([
    pool.query<BackupRunRow>(`SELECT ${COLUMNS} FROM backup_runs ORDER BY "startedAt" DESC, id DESC LIMIT 1`),
    pool.query<BackupRunRow>(
      `SELECT ${COLUMNS} FROM backup_runs WHERE status = 'succeeded' ORDER BY "startedAt" DESC, id DESC LIMIT 1`,
    ),
    // The newest run that finished, or that is too old to be still running.
    pool.query<BackupRunRow>(
      `SELECT ${COLUMNS} FROM backup_runs WHERE status <> 'running' OR "startedAt" < $1
       ORDER BY "startedAt" DESC, id DESC LIMIT 1`,
      [new Date(now.getTime() - UNFINISHED_AFTER_MS)],
    ),
  ]);
  return statusOf(newest.rows[0] ?? null, success.rows[0] ?? null, now, finished.rows[0] ?? null);
}
