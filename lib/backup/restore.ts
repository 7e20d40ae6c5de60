/**
 * Restores a backup into a database, all in ONE transaction: the app's schema is built by running this app's
 * migrations up to the backup's last one, every table is loaded with its triggers switched off (in an order that
 * satisfies the foreign keys), the sequences are set, and every table is read back and compared with the
 * header's row count and SHA-256 before COMMIT. Anything that fails rolls the whole transaction back: the
 * database is as it was.
 *
 * Triggers are switched off with ALTER TABLE … DISABLE TRIGGER (only those that were on, and on again before
 * COMMIT), which the tables' owner may do: the same way for the embedded server's superuser and for an
 * ordinary role on a managed server (session_replication_role would need a superuser). Foreign keys stay on
 * and are checked as the rows arrive.
 *
 * A database that holds data is refused unless `replace` is set; then a backup of it is written first
 * (reason 'pre-restore'), and its app objects are dropped inside the same transaction as the load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createBackup, type BackupResult } from './create';
import { appTables, tablesWithRows, takeBackupLock } from './database';
import { BackupError, quoteIdent, SESSION_SETTINGS, type BackupHeader, type TableEntry } from './format';
import { openBackup, tableDigest, verifyBackupFile } from './reader';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'prisma', 'migrations');

/** Prisma's migration table, exactly as its schema engine creates it. */
const PRISMA_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface RestoreOptions {
  databaseUrl: string;
  file: string;
  /** For an encrypted backup. */
  passphrase?: string;
  /** Restore over a database that holds data (a backup of it is written first, to backupDir). */
  replace?: boolean;
  /** Where the pre-restore backup goes (required with replace when the database holds data). */
  backupDir?: string;
  /** Encrypts the pre-restore backup (default: not encrypted). */
  preRestorePassphrase?: string;
  /** Told the pre-restore backup's file as soon as it is written. */
  onPreRestoreBackup?: (backup: BackupResult) => void;
  /** How long to wait for a backup or restore running on the same database (default 5 minutes). */
  lockWaitMs?: number;
  /** This app's migrations folder (tests only). */
  migrationsDir?: string;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  /** The backup of what the database held before, when there was something to keep. */
  preRestoreBackup?: BackupResult;
  header: BackupHeader;
}

function appMigrations(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

/** Refuses a backup whose migrations this app does not have in the same order (made by a newer version). */
export function checkMigrations(
  header: Pick<BackupHeader, 'migrations' | 'lastMigration'>,
  ours: string[],
): void {
  const theirs = header.migrations;
  const prefix = theirs.length <= ours.length && theirs.every((name, i) => ours[i] === name);
  if (!prefix || theirs.length === 0) {
    throw new BackupError(
      'newer-schema',
      `This backup was made by a newer version of Smile Referrals (schema ${header.lastMigration}). Upgrade the app first, then restore.`,
    );
  }
}

/** Drops every object of the app in `public` (tables, views, sequences, functions, types), not extensions'. */
async function dropAppObjects(client: pg.ClientBase): Promise<void> {
  const notExtension = (oid: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.deptype = 'e')`;
  const relations = await client.query<{ name: string; kind: string }>(`
    SELECT c.oid::regclass::text AS name, c.relkind AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND ${notExtension('c.oid')}`);
  const drop: Record<string, string> = {
    r: 'TABLE',
    p: 'TABLE',
    v: 'VIEW',
    m: 'MATERIALIZED VIEW',
    f: 'FOREIGN TABLE',
  };
  for (const r of relations.rows) await client.query(`DROP ${drop[r.kind]} IF EXISTS ${r.name} CASCADE`);
  const sequences = await client.query<{ name: string }>(`
    SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' AND ${notExtension('c.oid')}`);
  for (const s of sequences.rows) await client.query(`DROP SEQUENCE IF EXISTS ${s.name} CASCADE`);
  const functions = await client.query<{ name: string; kind: string }>(`
    SELECT p.oid::regprocedure::text AS name, p.prokind AS kind FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND ${notExtension('p.oid')}`);
  for (const f of functions.rows) {
    const what = f.kind === 'p' ? 'PROCEDURE' : f.kind === 'a' ? 'AGGREGATE' : 'FUNCTION';
    await client.query(`DROP ${what} IF EXISTS ${f.name} CASCADE`);
  }
  const types = await client.query<{ name: string }>(`
    SELECT t.oid::regtype::text AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'm')
      AND ${notExtension('t.oid')}`);
  for (const t of types.rows) await client.query(`DROP TYPE IF EXISTS ${t.name} CASCADE`);
  const composites = await client.query<{ name: string }>(`
    SELECT t.oid::regtype::text AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    JOIN pg_class c ON c.oid = t.typrelid
    WHERE n.nspname = 'public' AND t.typtype = 'c' AND c.relkind = 'c' AND ${notExtension('t.oid')}`);
  for (const t of composites.rows) await client.query(`DROP TYPE IF EXISTS ${t.name} CASCADE`);
}

/** This app's migrations up to and including `last`, as the schema engine would apply them. */
async function buildSchema(client: pg.ClientBase, names: string[], dir: string): Promise<void> {
  for (const name of names) {
    await client.query(fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8'));
  }
  await client.query(PRISMA_MIGRATIONS_TABLE);
}

/** Indexes of the app's tables that no constraint (primary key, unique, foreign key) relies on. */
async function droppableIndexes(client: pg.ClientBase): Promise<{ name: string; definition: string }[]> {
  const r = await client.query<{ name: string; definition: string }>(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = i.indexrelid AND d.deptype = 'e')
    ORDER BY 1`);
  return r.rows;
}

/** Every user trigger that is on, per table: switched off for the load, on again before COMMIT. */
async function enabledTriggers(client: pg.ClientBase): Promise<{ table: string; trigger: string }[]> {
  const r = await client.query<{ table: string; trigger: string }>(`
    SELECT c.relname AS table, t.tgname AS trigger
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal AND t.tgenabled <> 'D'
    ORDER BY 1, 2`);
  return r.rows;
}

const tableName = (name: string) => `public.${quoteIdent(name)}`;
const columnList = (entry: TableEntry) => entry.columns.map(quoteIdent).join(', ');

export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const migrationsDir = o.migrationsDir ?? MIGRATIONS_DIR;
  // 1. The file, before anything else: ours, the right passphrase, a schema this app knows, every table whole.
  const first = await openBackup(o.file, o.passphrase);
  first.close();
  const ours = appMigrations(migrationsDir);
  checkMigrations(first.header, ours);
  const header = await verifyBackupFile(o.file, o.passphrase);

  // 2. The database: empty, or replaced with a backup of it kept first.
  let preRestoreBackup: BackupResult | undefined;
  const probe = new pg.Client({ connectionString: o.databaseUrl });
  await probe.connect();
  let holding: { name: string; rows: number }[];
  try {
    holding = await tablesWithRows(probe);
  } finally {
    await probe.end();
  }
  if (holding.length > 0) {
    const rows = holding.reduce((sum, t) => sum + t.rows, 0);
    if (!o.replace) {
      throw new BackupError(
        'not-empty',
        `This database already holds data (${rows} row${rows === 1 ? '' : 's'} in ${holding.length} table${
          holding.length === 1 ? '' : 's'
        }). Restore into an empty database, or add --replace to replace its data (a backup of it is written first).`,
      );
    }
    if (!o.backupDir)
      throw new Error('A folder for the backup taken before the restore is needed (backupDir).');
    preRestoreBackup = await createBackup({
      databaseUrl: o.databaseUrl,
      dir: o.backupDir,
      reason: 'pre-restore',
      passphrase: o.preRestorePassphrase,
      lockWaitMs: o.lockWaitMs,
    });
    o.onPreRestoreBackup?.(preRestoreBackup);
  }

  // 3. One transaction: schema, rows, sequences, checks.
  const client = new pg.Client({
    connectionString: o.databaseUrl,
    application_name: 'smile-referrals restore',
  });
  await client.connect();
  const backup = await openBackup(o.file, o.passphrase);
  try {
    const release = await takeBackupLock(client, { waitMs: o.lockWaitMs ?? 5 * 60_000 });
    await client.query(SESSION_SETTINGS);
    await client.query('BEGIN');
    // Nobody else writes while the tables are rebuilt; and data that arrived since the pre-restore
    // backup is not silently lost: it is counted again under the lock.
    if (!o.replace && (await tablesWithRows(client)).length > 0) {
      throw new BackupError(
        'not-empty',
        'This database received data while the restore was starting. Nothing was changed.',
      );
    }
    await dropAppObjects(client);
    await buildSchema(client, header.migrations, migrationsDir);

    const tables = new Map((await appTables(client)).map((t) => [t.name, t]));
    for (const entry of header.tables) {
      const table = tables.get(entry.name);
      if (!table)
        throw new BackupError(
          'damaged',
          `The backup holds a table this schema does not have (${entry.name}).`,
        );
      const missing = entry.columns.filter((c) => !table.columns.includes(c));
      if (missing.length) {
        throw new BackupError(
          'damaged',
          `The backup's table ${entry.name} has columns this schema does not have.`,
        );
      }
    }
    const triggers = await enabledTriggers(client);
    for (const t of triggers) {
      await client.query(`ALTER TABLE ${tableName(t.table)} DISABLE TRIGGER ${quoteIdent(t.trigger)}`);
    }
    // Rows a migration wrote itself (a default setting, say) make way for the backup's.
    await client.query(`TRUNCATE ${[...tables.keys()].map(tableName).join(', ')}`);
    // Indexes that no constraint needs are built again after the load, in one pass each: kept up row by row,
    // the search indexes (trigram GIN) make a load many times slower.
    const deferred = await droppableIndexes(client);
    for (const index of deferred) await client.query(`DROP INDEX ${index.name}`);
    let rows = 0;
    for (const entry of header.tables) {
      const digest = tableDigest();
      const tee = new Transform({
        transform(chunk: Buffer, _enc, done) {
          digest.update(chunk);
          done(null, chunk);
        },
      });
      const ingest = client.query(
        copyFrom(`COPY ${tableName(entry.name)} (${columnList(entry)}) FROM STDIN`),
      );
      await pipeline(Readable.from(backup.readTable(entry)), tee, ingest);
      if (digest.rows() !== entry.rows || digest.sha256() !== entry.sha256) {
        throw new BackupError(
          'damaged',
          `The backup file changed while it was being restored (${entry.name}).`,
        );
      }
      rows += entry.rows;
    }
    await backup.end();
    for (const s of header.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        `public.${quoteIdent(s.name)}`,
        s.value,
        s.isCalled,
      ]);
    }
    for (const index of deferred) await client.query(index.definition);
    for (const t of triggers) {
      await client.query(`ALTER TABLE ${tableName(t.table)} ENABLE TRIGGER ${quoteIdent(t.trigger)}`);
    }
    // Read every table back and compare it with what was backed up.
    for (const entry of header.tables) {
      const digest = tableDigest();
      const stream = client.query(copyTo(`COPY ${tableName(entry.name)} (${columnList(entry)}) TO STDOUT`));
      for await (const chunk of stream) digest.update(chunk as Buffer);
      if (digest.rows() !== entry.rows || digest.sha256() !== entry.sha256) {
        throw new Error(
          `After loading, the table ${entry.name} does not match the backup (${digest.rows()} rows, ${entry.rows} expected). Nothing was changed.`,
        );
      }
    }
    if (header.tables.some((t) => t.name === 'backup_runs')) await settleRecordedRuns(client, header, o.file);
    await client.query('COMMIT');
    await release();
    // Fresh planner statistics for the first requests (autovacuum would gather them later).
    await client.query('ANALYZE').catch(() => {});
    return { tables: header.tables.length, rows, preRestoreBackup, header };
  } finally {
    // On a failure no ROLLBACK is sent (a COPY may still be in progress on this connection): closing the
    // connection rolls the transaction back and frees the lock.
    backup.close();
    await client.end().catch(() => {});
  }
}

/**
 * A backup made by runBackup holds its own run as 'running' (the snapshot was read before the outcome was
 * written), so restored as it is, Settings would wait for a run that no process is doing and, hours later, the
 * dashboard would say the last backup did not finish. The newest of those rows is this very backup, and it
 * evidently succeeded: it is recorded so, with the file's name and size. Any older row still 'running' was in
 * progress when the snapshot was read and its outcome is not in the backup: it is recorded as failed, in words.
 */
async function settleRecordedRuns(client: pg.ClientBase, header: BackupHeader, file: string): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM backup_runs WHERE status = 'running' AND "startedAt" <= $1 ORDER BY "startedAt" DESC LIMIT 1`,
    [header.createdAt],
  );
  const own = rows[0]?.id;
  if (own) {
    await client.query(
      `UPDATE backup_runs SET status = 'succeeded', "finishedAt" = $2, "fileName" = $3, bytes = $4 WHERE id = $1`,
      [own, header.createdAt, path.basename(file), fs.statSync(file).size],
    );
  }
  await client.query(
    `UPDATE backup_runs SET status = 'failed', "finishedAt" = COALESCE("finishedAt", $1),
       error = 'It was still running when the restored backup was made; its outcome is not known.'
     WHERE status = 'running'`,
    [header.createdAt],
  );
}
