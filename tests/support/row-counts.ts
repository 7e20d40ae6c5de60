/**
 * Row counts of every table of the app, to prove that a refused request wrote nothing. Exact counts
 * (`SELECT count(*)`, not pg_stat_user_tables' estimates), all in one query. Left out: Prisma's migration
 * table, and the rate-limit events that refused sign-ins and public posts are meant to record.
 *
 * A count cannot see a row changed in place (a reward marked paid, a setting saved), so `snapshot()` also
 * keeps a digest of each table's contents: two snapshots are equal only when no row was added, removed or
 * changed.
 */
import { db } from '@/lib/db';

const LEFT_OUT = ['_prisma_migrations', 'rate_limit_events'];

let tables: string[] | null = null;

async function appTables(): Promise<string[]> {
  if (!tables) {
    const rows = await db.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT (table_name = ANY(${LEFT_OUT}))
      ORDER BY table_name`;
    tables = rows.map((r) => r.table_name);
    if (tables.length === 0) throw new Error('no tables found: is DATABASE_URL the test database?');
  }
  return tables;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type RowCounts = Record<string, number>;

/** table name → number of rows, for every table of the app. */
export async function rowCounts(): Promise<RowCounts> {
  const names = await appTables();
  const sql = names
    .map((name) => `SELECT '${name}' AS name, count(*)::int AS n FROM ${quoted(name)}`)
    .join(' UNION ALL ');
  const rows = await db.$queryRawUnsafe<{ name: string; n: number }[]>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

export interface Snapshot {
  counts: RowCounts;
  /** table name → md5 of all its rows (as text, sorted). */
  digests: Record<string, string>;
}

/** Row counts and a digest of every row of every table, in one query. */
export async function snapshot(): Promise<Snapshot> {
  const names = await appTables();
  const sql = names
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::int AS n,
                md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
         FROM ${quoted(name)} t`,
    )
    .join(' UNION ALL ');
  const rows = await db.$queryRawUnsafe<{ name: string; n: number; digest: string }[]>(sql);
  return {
    counts: Object.fromEntries(rows.map((r) => [r.name, r.n])),
    digests: Object.fromEntries(rows.map((r) => [r.name, r.digest])),
  };
}

/** The tables whose counts differ, as 'table: before → after' (empty when nothing changed). */
export function countChanges(before: RowCounts, after: RowCounts): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name}: ${before[name]} → ${after[name]} rows`);
}

/** Every difference between two snapshots: counts, and tables whose rows changed in place. */
export function snapshotChanges(before: Snapshot, after: Snapshot): string[] {
  const counted = countChanges(before.counts, after.counts);
  const inPlace = Object.keys(after.digests)
    .filter((name) => before.counts[name] === after.counts[name])
    .filter((name) => before.digests[name] !== after.digests[name])
    .map((name) => `${name}: a row changed in place`);
  return [...counted, ...inPlace];
}
