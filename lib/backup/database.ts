/**
 * What a backup and a restore read from the database's catalogue: the app's tables (schema `public`) in an
 * order that satisfies their foreign keys, their columns, the sequences, the applied migrations; and the
 * advisory lock that lets one backup or restore run at a time.
 */
import type pg from 'pg';
import { BackupError, LOCK_KEYS } from './format';

export interface TableInfo {
  name: string;
  columns: string[];
}

/** The app's tables, each after every table its foreign keys point to. */
export async function appTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    GROUP BY c.relname
    ORDER BY c.relname`);
  const references = await client.query<{ child: string; parent: string }>(`
    SELECT DISTINCT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid
    JOIN pg_class parent ON parent.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`);
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references.rows) {
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)!.add(parent);
  }
  const byName = new Map(tables.rows.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(`The tables' foreign keys form a cycle (${[...path, name].join(' → ')}).`);
    }
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) {
      if (byName.has(parent)) visit(parent, [...path, name]);
    }
    state.set(name, 'done');
    ordered.push({ name, columns: byName.get(name)!.columns });
  };
  for (const t of tables.rows) visit(t.name, []);
  return ordered;
}

export async function appSequences(
  client: pg.ClientBase,
): Promise<{ name: string; value: string; isCalled: boolean }[]> {
  const names = await client.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    ORDER BY c.relname`);
  const out: { name: string; value: string; isCalled: boolean }[] = [];
  for (const { name } of names.rows) {
    const r = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM public."${name.replaceAll('"', '""')}"`,
    );
    out.push({ name, value: r.rows[0]!.last_value, isCalled: r.rows[0]!.is_called });
  }
  return out;
}

/** Applied migrations, oldest first ([] when the database has none). */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS ok`);
  if (!exists.rows[0].ok) return [];
  const r = await client.query<{ migration_name: string }>(`
    SELECT migration_name FROM public._prisma_migrations
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
    ORDER BY migration_name`);
  return r.rows.map((row) => row.migration_name);
}

/**
 * Tables whose rows are not the clinic's data: Prisma's record of migrations, and the counters that the
 * migrations themselves fill and triggers keep. A database holding rows only there is empty.
 */
export const BOOKKEEPING_TABLES = ['_prisma_migrations', 'row_counts', 'insights_version'];

/** Tables of the app that hold the clinic's data (BOOKKEEPING_TABLES left out), with their row counts. */
export async function tablesWithRows(client: pg.ClientBase): Promise<{ name: string; rows: number }[]> {
  const tables = await appTables(client);
  const out: { name: string; rows: number }[] = [];
  for (const t of tables) {
    if (BOOKKEEPING_TABLES.includes(t.name)) continue;
    const r = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM public."${t.name.replaceAll('"', '""')}"`,
    );
    const rows = Number(r.rows[0]!.n);
    if (rows > 0) out.push({ name: t.name, rows });
  }
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the backup lock (session level: held until `release` or the connection ends), waiting up to
 * `waitMs` for a backup or restore that holds it; then refuses with "Another backup is running".
 */
export async function takeBackupLock(
  client: pg.ClientBase,
  o: { waitMs: number; onWait?: () => void },
): Promise<() => Promise<void>> {
  const deadline = Date.now() + o.waitMs;
  let told = false;
  for (;;) {
    const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
      ...LOCK_KEYS,
    ]);
    if (r.rows[0]!.ok) {
      return async () => {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [...LOCK_KEYS]);
      };
    }
    if (Date.now() >= deadline) {
      throw new BackupError(
        'busy',
        'Another backup is running (or a restore) on this database. Try again when it has finished.',
      );
    }
    if (!told) o.onWait?.();
    told = true;
    await sleep(Math.min(500, Math.max(10, deadline - Date.now())));
  }
}
