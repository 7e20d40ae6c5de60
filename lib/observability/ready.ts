import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { db } from '@/lib/db';
import { jobQueueState } from './jobs-state';

/**
 * Readiness (GET /api/ready, issue 32 point 4): can this instance do its work? Three checks, each cheap:
 * - the database answers `SELECT 1` within 5 seconds (a busy small server is slow, not down);
 * - the database's applied migrations (`_prisma_migrations`) are exactly the folders the app ships
 *   (prisma/migrations): none pending, none failed, none unknown to this version of the app;
 * - the job queue (pg-boss) runs in this process, or is turned off on purpose (JOBS_DISABLED=1).
 * Concurrent calls share one check, so a load balancer polling often costs two small queries at a time.
 */
export interface Check {
  ok: boolean;
  /** What was found, in words, e.g. '27 of 27 applied' or 'stopped'. */
  detail: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; jobQueue: Check };
  /** What is wrong, in words; empty when ready. */
  problems: string[];
}

const DATABASE_TIMEOUT_MS = 5_000;
const DEFAULT_MIGRATIONS_DIR = path.join(process.cwd(), 'prisma', 'migrations');

const shipped = new Map<string, string[]>();

/** The migration folders the app ships (each with its migration.sql), read once per folder. */
export function shippedMigrations(dir = DEFAULT_MIGRATIONS_DIR): string[] {
  let names = shipped.get(dir);
  if (!names) {
    names = fs.existsSync(/*turbopackIgnore: true*/ dir)
      ? fs
          .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
          .filter(
            (d) =>
              d.isDirectory() &&
              fs.existsSync(/*turbopackIgnore: true*/ path.join(dir, d.name, 'migration.sql')),
          )
          .map((d) => d.name)
          .sort()
      : [];
    shipped.set(dir, names);
  }
  return names;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n').find((l) => l.trim()) ?? 'unknown error').trim().slice(0, 200);
}

async function checkDatabase(): Promise<Check> {
  try {
    await withTimeout(db.$queryRaw`SELECT 1`, DATABASE_TIMEOUT_MS, 'The database');
    return { ok: true, detail: 'reachable' };
  } catch (error) {
    return { ok: false, detail: `not reachable: ${firstLine(error)}` };
  }
}

interface MigrationRow {
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

const list = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

/** The applied rows held against the shipped folders (pure: the test and the route share it). */
export function compareMigrations(folders: string[], rows: MigrationRow[]): Check {
  const live = rows.filter((r) => r.rolled_back_at === null);
  const applied = new Set(live.filter((r) => r.finished_at !== null).map((r) => r.migration_name));
  const failed = [...new Set(live.filter((r) => r.finished_at === null).map((r) => r.migration_name))].sort();
  const pending = folders.filter((name) => !applied.has(name) && !failed.includes(name));
  const unknown = [...applied].filter((name) => !folders.includes(name)).sort();
  const problems: string[] = [];
  if (failed.length) {
    problems.push(`${failed.length} failed part-way (${list(failed)}): restore the backup taken before it`);
  }
  if (pending.length) {
    problems.push(
      `${pending.length} not applied (${list(pending)}): run \`npm run db:migrate\` or restart with \`npm start\``,
    );
  }
  if (unknown.length) {
    problems.push(
      `${unknown.length} applied that this version of the app does not know (${list(unknown)}): the database is from a newer version`,
    );
  }
  if (problems.length) return { ok: false, detail: problems.join('; ') };
  return { ok: true, detail: `${applied.size} of ${folders.length} applied` };
}

async function checkMigrations(migrationsDir?: string): Promise<Check> {
  try {
    const rows = await withTimeout(
      db.$queryRaw<MigrationRow[]>`
        SELECT "migration_name", "finished_at", "rolled_back_at" FROM "_prisma_migrations"`,
      DATABASE_TIMEOUT_MS,
      'The database',
    );
    return compareMigrations(shippedMigrations(migrationsDir), rows);
  } catch (error) {
    return { ok: false, detail: `could not be read: ${firstLine(error)}` };
  }
}

function checkJobQueue(): Check {
  const state = jobQueueState();
  switch (state.status) {
    case 'running':
      return { ok: true, detail: 'running' };
    case 'disabled':
      return { ok: true, detail: 'turned off on purpose (JOBS_DISABLED=1)' };
    case 'starting':
      return { ok: false, detail: 'starting' };
    case 'stopped':
      return { ok: false, detail: 'stopped' };
    case 'failed':
      return { ok: false, detail: `could not start: ${state.reason ?? 'unknown error'}` };
    default:
      return { ok: false, detail: 'not started in this process' };
  }
}

async function measure(migrationsDir?: string): Promise<Readiness> {
  const [database, migrations] = await Promise.all([checkDatabase(), checkMigrations(migrationsDir)]);
  const jobQueue = checkJobQueue();
  const problems: string[] = [];
  if (!database.ok) problems.push(`The database is ${database.detail}.`);
  // Unreadable migrations follow from an unreachable database: said once.
  if (!migrations.ok && database.ok) problems.push(`Migrations: ${migrations.detail}.`);
  if (!jobQueue.ok) {
    problems.push(
      `The job queue is not running (${jobQueue.detail}): emails, backups and scheduled jobs wait.`,
    );
  }
  return { ready: problems.length === 0, checks: { database, migrations, jobQueue }, problems };
}

let inFlight: Promise<Readiness> | null = null;

/** The readiness now; calls made while one is being measured share its answer. */
export function readiness(options: { migrationsDir?: string } = {}): Promise<Readiness> {
  if (options.migrationsDir) return measure(options.migrationsDir);
  inFlight ??= measure().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
