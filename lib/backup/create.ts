/**
 * Writes one backup of the app's database: a consistent snapshot read in one REPEATABLE READ, READ ONLY
 * transaction, every table of the schema `public` (Prisma's migration table included) as PostgreSQL's COPY
 * text, every sequence's value, and a header that lets a restore check each table (see docs/backups.md).
 * Works against any PostgreSQL the app can use, as a plain table owner: no pg_dump, no superuser.
 *
 * pg-boss's schema is not copied: its jobs are made again from the message outbox, and its schedules when
 * the app starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { appliedMigrations, appSequences, appTables, takeBackupLock, type TableInfo } from './database';
import { encryptingStream } from './encryption';
import {
  APP_ID,
  appVersion,
  BackupError,
  backupFileName,
  BACKUP_FILE_PATTERN,
  FORMAT_VERSION,
  MAGIC_LINE,
  quoteIdent,
  SESSION_SETTINGS,
  type BackupHeader,
  type BackupReason,
  type TableEntry,
} from './format';
import { tableDigest } from './reader';

export interface CreateBackupOptions {
  databaseUrl: string;
  /** Folder for the file (made when missing, mode 700). */
  dir: string;
  /** Encrypts the file (AES-256-GCM, key from scrypt). */
  passphrase?: string;
  reason: BackupReason;
  /** The backup's time (for tests and the schedule); the snapshot itself is always read now. */
  now?: Date;
  /** How long to wait for another backup or restore on the same database (default 5 minutes). */
  lockWaitMs?: number;
  /** Called once when the backup has to wait for another one. */
  onWait?: () => void;
}

export interface BackupResult {
  path: string;
  fileName: string;
  bytes: number;
  createdAt: Date;
  appVersion: string;
  lastMigration: string;
  encrypted: boolean;
}

const copyText = (t: TableInfo) =>
  `COPY public.${quoteIdent(t.name)} (${t.columns.map(quoteIdent).join(', ')}) TO STDOUT`;

async function* copyOut(client: pg.Client, table: TableInfo): AsyncGenerator<Buffer> {
  const stream = client.query(copyTo(copyText(table)));
  for await (const chunk of stream) yield chunk as Buffer;
}

/** The file system's errors in the operator's words. */
function writeError(error: unknown, dir: string): Error {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new BackupError(
      'disk-full',
      `The disk is full: the backup could not be written to ${dir}. Nothing was kept. Free some space, or set BACKUP_DIR to a folder on a disk with room.`,
      { cause: error },
    );
  }
  if (code && /^E[A-Z]+$/.test(code)) {
    return new BackupError(
      'write-failed',
      `The backup could not be written to ${dir} (${code}: ${(error as Error).message}). Nothing was kept. Check that the folder exists, is writable and its disk is healthy, or set BACKUP_DIR.`,
      { cause: error },
    );
  }
  return error as Error;
}

function uniqueName(dir: string, name: string): string {
  if (!fs.existsSync(path.join(dir, name)) && !fs.existsSync(path.join(dir, `${name}.partial`))) return name;
  const [, stem, suffix] = /^(.*?)(\.backup(?:\.enc)?)$/.exec(name)!;
  for (let n = 2; ; n += 1) {
    const candidate = `${stem}-${n}${suffix}`;
    if (!fs.existsSync(path.join(dir, candidate)) && !fs.existsSync(path.join(dir, `${candidate}.partial`))) {
      return candidate;
    }
  }
}

export async function createBackup(o: CreateBackupOptions): Promise<BackupResult> {
  const createdAt = o.now ?? new Date();
  try {
    await fs.promises.mkdir(o.dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw writeError(error, o.dir);
  }
  const client = new pg.Client({
    connectionString: o.databaseUrl,
    application_name: 'smile-referrals backup',
  });
  await client.connect();
  let partial: string | null = null;
  try {
    const release = await takeBackupLock(client, { waitMs: o.lockWaitMs ?? 5 * 60_000, onWait: o.onWait });
    await client.query(SESSION_SETTINGS);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0) {
      throw new Error(
        'This database has no Smile Referrals tables yet (no migration applied): nothing to back up.',
      );
    }
    const tables = await appTables(client);
    const sequences = await appSequences(client);
    const postgresVersion = (
      await client.query<{ v: string }>('SELECT current_setting($1) AS v', ['server_version'])
    ).rows[0]!.v;

    // First pass: each table's size, rows and checksum, for the header that comes before the data.
    const entries: TableEntry[] = [];
    for (const table of tables) {
      const digest = tableDigest();
      for await (const chunk of copyOut(client, table)) digest.update(chunk);
      entries.push({ ...table, rows: digest.rows(), bytes: digest.bytes(), sha256: digest.sha256() });
    }
    const lastMigration = migrations[migrations.length - 1]!;
    const header: BackupHeader = {
      app: APP_ID,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: createdAt.toISOString(),
      reason: o.reason,
      migrations,
      lastMigration,
      postgresVersion,
      tables: entries,
      sequences,
    };
    await removeStalePartials(o.dir);
    const encrypted = Boolean(o.passphrase);
    const fileName = uniqueName(
      o.dir,
      backupFileName({ createdAt, appVersion: header.appVersion, lastMigration, encrypted }),
    );
    const finalPath = path.join(o.dir, fileName);
    partial = `${finalPath}.partial`;

    // Second pass, in the same snapshot: the file. Each table is checked against the first pass.
    async function* content(): AsyncGenerator<Buffer> {
      yield Buffer.from(MAGIC_LINE);
      yield Buffer.from(`${JSON.stringify(header)}\n`);
      for (const entry of entries) {
        const digest = tableDigest();
        for await (const chunk of copyOut(client, entry)) {
          digest.update(chunk);
          yield chunk;
        }
        if (digest.bytes() !== entry.bytes || digest.sha256() !== entry.sha256) {
          throw new Error(
            `The table ${entry.name} read differently twice in one snapshot; nothing was kept.`,
          );
        }
      }
    }
    const stages: NodeJS.ReadWriteStream[] = [createGzip({ level: 6 })];
    if (o.passphrase) {
      stages.push(
        await encryptingStream(o.passphrase, {
          createdAt: header.createdAt,
          appVersion: header.appVersion,
          lastMigration,
          reason: o.reason,
        }),
      );
    }
    const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    // Only the file's own errors are the disk's; the database's (a lost connection) pass through as they are.
    let fileError: unknown = null;
    out.once('error', (error) => (fileError = error));
    try {
      await (pipeline as unknown as (...s: unknown[]) => Promise<void>)(
        Readable.from(content()),
        ...stages,
        out,
      );
      const handle = await fs.promises.open(partial, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(partial, finalPath);
      partial = null;
    } catch (error) {
      throw fileError || (error as NodeJS.ErrnoException).path ? writeError(error, o.dir) : error;
    }
    await syncFolder(o.dir);
    await client.query('COMMIT');
    await release();
    const bytes = (await fs.promises.stat(finalPath)).size;
    return {
      path: finalPath,
      fileName,
      bytes,
      createdAt,
      appVersion: header.appVersion,
      lastMigration,
      encrypted,
    };
  } finally {
    // On a failure no ROLLBACK is sent (a COPY may still be streaming on this connection): closing the
    // connection ends the transaction and frees the lock.
    if (partial) await fs.promises.rm(partial, { force: true }).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** A run writing its file touches it all the time; one untouched this long was killed (power cut, SIGKILL). */
const STALE_PARTIAL_MS = 15 * 60_000;

/** Removes the `.partial` files that killed runs left behind (only this app's names). */
async function removeStalePartials(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.promises.readdir(dir)) {
    if (!name.endsWith('.partial') || !BACKUP_FILE_PATTERN.test(name.slice(0, -'.partial'.length))) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_PARTIAL_MS) await fs.promises.rm(file, { force: true });
  }
}

/** Makes the rename itself durable (where the platform allows a folder to be synced). */
async function syncFolder(dir: string): Promise<void> {
  try {
    const handle = await fs.promises.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported on every platform; the file itself was synced.
  }
}
