/**
 * An upgrade's migrations, applied so that they cannot lose data (issue 32, point 3). `npm start` calls
 * upgradeDatabase() where it used to call applyMigrations():
 *  1. a new, empty database is made by Prisma's engine as before (nothing to lose);
 *  2. otherwise, when migrations are pending and the database holds data, a backup is taken first
 *     (reason 'pre-migration', recorded like every run); if it fails, nothing is applied;
 *  3. all the pending migrations are applied in ONE transaction, each recorded in `_prisma_migrations` as
 *     Prisma records it. If any fails, the transaction rolls back: the database is exactly as it was, schema and
 *     rows, with no half-applied upgrade and no failed row that would block the next start.
 *
 * Why one transaction rather than Prisma's one per migration followed by a restore: a rollback is instant and
 * certain, needs no copy of the data to be loaded back, and leaves the migration history as it was. The one
 * thing PostgreSQL does not allow in a transaction is using an enum value added earlier in the same one (and
 * CREATE INDEX CONCURRENTLY, which no migration here uses); such a set fails as a whole, the database still as
 * it was, and the message says to apply it with `npm run db:migrate` after taking a backup.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { runBackup } from '../../lib/backup/runs';
import { applyMigrations, MIGRATIONS_DIR, readMigrations } from './migrations';

/** Prisma's own advisory lock for migrations: the engine and this never apply at the same time. */
const PRISMA_MIGRATION_LOCK = 72707369;

export interface UpgradeOptions {
  databaseUrl: string;
  /** Where the backup goes (default BACKUP_DIR, else DATA_DIR/backups). */
  backupDir?: string;
  /** The migrations folder (tests use a temporary one). */
  migrationsDir?: string;
  log?: (message: string) => void;
}

export interface UpgradeResult {
  applied: string[];
  /** The backup taken before, when one was. */
  backupPath: string | null;
}

/** A failed upgrade: the database is as it was. The message is for the operator. */
export class UpgradeError extends Error {
  constructor(
    message: string,
    readonly migration: string | null,
    readonly backupPath: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpgradeError';
  }
}

/** The restore command for a backup file, as the operator types it. */
export function restoreCommand(file: string): string {
  const quoted = /^[\w./@:+-]+$/.test(file) ? file : `'${file.replaceAll("'", "'\\''")}'`;
  return `npm run restore -- ${quoted} --replace`;
}

async function appliedNames(client: pg.ClientBase): Promise<string[] | null> {
  const exists = await client.query<{ ok: boolean }>(
    `SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS ok`,
  );
  if (!exists.rows[0]!.ok) return null;
  const rows = await client.query<{ migration_name: string }>(
    `SELECT migration_name FROM public._prisma_migrations
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return rows.rows.map((r) => r.migration_name);
}

/**
 * Tables the migrations fill themselves (counters and version slots): rows there are not data anyone entered.
 * A database whose other tables are all empty has nothing to lose.
 */
const FILLED_BY_MIGRATIONS = ['_prisma_migrations', 'insights_version', 'row_counts'];

/** Whether any of the app's tables holds a row someone made (see FILLED_BY_MIGRATIONS). */
export async function holdsData(client: pg.ClientBase): Promise<boolean> {
  const tables = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ALL($1)`,
    [FILLED_BY_MIGRATIONS],
  );
  for (const { name } of tables.rows) {
    const found = await client.query(`SELECT 1 FROM public."${name.replaceAll('"', '""')}" LIMIT 1`);
    if (found.rowCount) return true;
  }
  return false;
}

interface Pending {
  name: string;
  sql: string;
}

function pendingOf(dir: string, applied: string[]): Pending[] {
  const done = new Set(applied);
  return readMigrations(dir)
    .migrationDirectories.filter((m) => !done.has(m.path))
    .map((m) => ({ name: m.path, sql: m.migrationFile.content.value }));
}

export async function upgradeDatabase(o: UpgradeOptions): Promise<UpgradeResult> {
  const dir = o.migrationsDir ?? MIGRATIONS_DIR;
  const log = o.log ?? (() => {});
  const client = new pg.Client({
    connectionString: o.databaseUrl,
    application_name: 'smile-referrals upgrade',
  });
  await client.connect();
  try {
    const applied = await appliedNames(client);
    if (applied === null) {
      // A new database: Prisma's engine makes the schema and its migration history; there is nothing to lose.
      await client.end();
      return { applied: await applyMigrations(o.databaseUrl), backupPath: null };
    }
    const pending = pendingOf(dir, applied);
    if (pending.length === 0) return { applied: [], backupPath: null };

    let backupPath: string | null = null;
    if (await holdsData(client)) {
      log(
        `${pending.length} migration${pending.length === 1 ? '' : 's'} to apply: taking a backup first ...`,
      );
      try {
        const { backup } = await runBackup({
          reason: 'pre-migration',
          databaseUrl: o.databaseUrl,
          dir: o.backupDir,
          onWait: () => log('Another backup is running; waiting for it to finish ...'),
        });
        backupPath = backup.path;
        log(`Backup written: ${backup.path}`);
      } catch (error) {
        throw new UpgradeError(
          `The backup before the upgrade failed, so no migration was applied and the database is as it was: ${
            (error as Error).message
          } Fix that, then start the app again.`,
          null,
          null,
          { cause: error },
        );
      }
    }

    await client.query('BEGIN');
    let current: Pending | null = null;
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [PRISMA_MIGRATION_LOCK]);
      // Another instance may have applied them while this one waited or took its backup.
      const todo = pendingOf(dir, (await appliedNames(client)) ?? []);
      for (const migration of todo) {
        current = migration;
        const startedAt = new Date();
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO public._prisma_migrations
             (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)`,
          [randomUUID(), createHash('sha256').update(migration.sql).digest('hex'), migration.name, startedAt],
        );
      }
      current = null;
      await client.query('COMMIT');
      return { applied: todo.map((m) => m.name), backupPath };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw failure(error, current?.name ?? null, backupPath);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

function failure(error: unknown, migration: string | null, backupPath: string | null): UpgradeError {
  const pgError = error as { message?: string; code?: string };
  const cause = (pgError.message ?? String(error)).split('\n')[0];
  const lines = [
    migration
      ? `The migration ${migration} failed: ${cause}.`
      : `The upgrade's migrations could not be applied: ${cause}.`,
    'No migration was applied: they run in one transaction, which was rolled back, so the database is exactly as it was before this start (its tables and its data).',
  ];
  if (pgError.code === '55P04') {
    lines.push(
      'This upgrade uses an enum value one of its migrations adds, which PostgreSQL allows only after that migration has committed: apply them one at a time with `npm run db:migrate` (after a backup).',
    );
  }
  if (backupPath) {
    lines.push(
      `A backup was taken just before: ${backupPath}`,
      `Should the data ever need to go back to that moment, run: ${restoreCommand(backupPath)}`,
    );
  }
  lines.push(
    'Go back to the version of the app you ran before (it works with this database), or report the message above to the app’s maintainers.',
  );
  return new UpgradeError(lines.join('\n'), migration, backupPath, { cause: error });
}
