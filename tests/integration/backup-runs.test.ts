/**
 * Issue 32: the record of backup runs, the retention of daily, weekly and monthly copies (with a controllable
 * clock), what full admins are told (GET /api/admin/backups), and the backup before an upgrade's migrations
 * with a migration made to fail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { GET as backupsRoute } from '@/app/api/admin/backups/route';
import { backupFileName } from '@/lib/backup/format';
import { restoreBackup } from '@/lib/backup/restore';
import { planRetention, type BackupFile } from '@/lib/backup/retention';
import {
  backupStatus,
  BackupRunError,
  closeBackupStatus,
  runBackup,
  UNFINISHED_AFTER_MS,
} from '@/lib/backup/runs';
import { db } from '@/lib/db';
import { restoreCommand, upgradeDatabase, UpgradeError } from '../../scripts/lib/upgrade';
import { MIGRATIONS_DIR } from '../../scripts/lib/migrations';
import { createDatabase, databaseUrl, dropDatabase, setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import { snapshot } from '../support/row-counts';

setUpTestDatabase();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let tmp = '';
const url = () => process.env.DATABASE_URL!;
const folder = (name: string) => {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

async function runs() {
  return db.backupRun.findMany({ orderBy: { startedAt: 'asc' } });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-runs-'));
  // Something to back up: a client with a referral (personal data, which must never reach the record).
  await fixtureReferral('pending', { client: await fixtureClient() });
});

afterAll(async () => {
  await closeBackupStatus();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.backupRun.deleteMany();
});

describe('the record of runs', () => {
  it("says 'never' before any backup", async () => {
    expect(await backupStatus()).toEqual({ lastSuccess: null, lastRun: null, warning: 'never' });
  });

  it('records a successful run with its file and size, and the status shows it', async () => {
    const dir = folder('ok');
    const now = new Date('2026-11-27T02:30:00Z');
    const result = await runBackup({ reason: 'manual', databaseUrl: url(), dir, now });
    expect(fs.existsSync(result.backup.path)).toBe(true);
    const [run] = await runs();
    expect(run).toMatchObject({
      id: result.runId,
      reason: 'manual',
      status: 'succeeded',
      fileName: result.backup.fileName,
      bytes: BigInt(result.backup.bytes),
      error: null,
    });
    expect(run!.startedAt).toEqual(now);
    expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(now.getTime());

    const status = await backupStatus({ now: new Date(now.getTime() + HOUR) });
    expect(status.warning).toBeNull();
    expect(status.lastSuccess).toMatchObject({
      bytes: result.backup.bytes,
      fileName: result.backup.fileName,
    });
    expect(status.lastRun).toEqual({ at: now, status: 'succeeded' });
    // 37 hours later, with no other backup: stale.
    expect((await backupStatus({ now: new Date(now.getTime() + 37 * HOUR) })).warning).toBe('stale');
  });

  it('records a failure in words, throws it, and the status warns', async () => {
    const blocked = path.join(tmp, 'a-file-not-a-folder');
    fs.writeFileSync(blocked, 'x');
    const now = new Date('2026-11-28T02:30:00Z');
    const error = await runBackup({ reason: 'daily', databaseUrl: url(), dir: blocked, now }).catch((e) => e);
    expect(error).toBeInstanceOf(BackupRunError);
    const [run] = await runs();
    expect(run).toMatchObject({ reason: 'daily', status: 'failed', fileName: null, bytes: null });
    expect(run!.error).toBe(error.message);
    expect(run!.error).toMatch(/could not be written/);
    expect(run!.error!.length).toBeLessThanOrEqual(500);
    expect(fs.readdirSync(tmp).filter((n) => n.endsWith('.partial'))).toEqual([]);

    const status = await backupStatus({ now });
    expect(status.warning).toBe('failed');
    expect(status.lastRun).toEqual({ at: now, status: 'failed', error: run!.error });
  });

  it('fails cleanly when the database is gone (nothing to record it in)', async () => {
    const gone = new URL(url());
    gone.pathname = '/no_such_database';
    const error = await runBackup({
      reason: 'daily',
      databaseUrl: gone.toString(),
      dir: folder('gone'),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(BackupRunError);
    expect(error.message).toBe('The database does not exist.');
    expect(fs.readdirSync(path.join(tmp, 'gone'))).toEqual([]);
  });

  it('still backs up a database of an older version, which has no record of runs yet', async () => {
    // `npm run backup` after pulling an upgrade, before its first start: the new table is not there yet.
    const name = await createDatabase();
    try {
      const older = new pg.Client({ connectionString: databaseUrl(name) });
      await older.connect();
      await older.query('DROP TABLE backup_runs');
      await older.end();
      const dir = folder('older');
      const result = await runBackup({ reason: 'manual', databaseUrl: databaseUrl(name), dir });
      expect(result.runId).toBeNull();
      expect(fs.readdirSync(dir)).toEqual([result.backup.fileName]);
    } finally {
      await dropDatabase(name);
    }
  });

  it("reports a run left 'running' for hours as one that did not finish", async () => {
    const started = new Date('2026-11-27T02:30:00Z');
    await db.backupRun.create({ data: { reason: 'daily', status: 'running', startedAt: started } });
    expect((await backupStatus({ now: new Date(started.getTime() + HOUR) })).warning).toBe('never');
    const later = await backupStatus({ now: new Date(started.getTime() + UNFINISHED_AFTER_MS + HOUR) });
    expect(later.warning).toBe('failed');
    expect(later.lastRun).toMatchObject({ status: 'failed', error: expect.stringMatching(/did not finish/) });
  });
  it('a restored backup records itself as the last successful backup, not as a run still going', async () => {
    const dir = folder('restored');
    const now = new Date(Date.now() - HOUR);
    const made = await runBackup({ reason: 'manual', databaseUrl: url(), dir, now });
    const target = await createDatabase({ empty: true });
    const client = new pg.Client({ connectionString: databaseUrl(target) });
    try {
      await restoreBackup({ databaseUrl: databaseUrl(target), file: made.backup.path });
      await client.connect();
      const { rows } = await client.query<{ status: string; fileName: string | null; bytes: string | null }>(
        'SELECT status, "fileName", bytes::text FROM backup_runs',
      );
      // In the file, the run was 'running' (the snapshot was read before its outcome was written).
      expect(rows).toEqual([
        { status: 'succeeded', fileName: made.backup.fileName, bytes: String(made.backup.bytes) },
      ]);
    } finally {
      await client.end();
      await dropDatabase(target);
    }
  });
});

describe('retention with a controllable clock', () => {
  it('keeps 7 daily, 4 weekly and 6 monthly copies after months of daily runs, and nothing else is touched', async () => {
    const dir = folder('retention');
    // Files that are not the app's backups: never deleted.
    const others = ['notes.txt', 'smile-referrals-keys.json', 'smile-referrals-2026-01-01.backup.old'];
    for (const name of others) fs.writeFileSync(path.join(dir, name), 'keep me');
    // An old copy put there by hand (unrecorded) and one made before an upgrade, both long ago.
    const oldByHand = backupFileName({
      createdAt: new Date('2026-02-01T10:00:00Z'),
      appVersion: '0.0.9',
      lastMigration: 'x',
      encrypted: false,
    });
    fs.writeFileSync(path.join(dir, oldByHand), 'old');

    const first = new Date('2026-05-25T02:30:00Z').getTime();
    const last = new Date('2026-11-27T02:30:00Z').getTime();
    const made: BackupFile[] = [
      { name: oldByHand, createdAt: new Date('2026-02-01T10:00:00Z'), reason: null },
    ];
    let upgradeCopy = '';
    for (let t = first; t <= last; t += DAY) {
      const { backup } = await runBackup({ reason: 'daily', databaseUrl: url(), dir, now: new Date(t) });
      made.push({ name: backup.fileName, createdAt: new Date(t), reason: 'daily' });
      if (t === new Date('2026-11-10T02:30:00Z').getTime()) {
        // An upgrade that afternoon: its copy is that day's newest, and kept 30 days whatever.
        const at = new Date(t + 12 * HOUR);
        const upgrade = await runBackup({ reason: 'pre-migration', databaseUrl: url(), dir, now: at });
        upgradeCopy = upgrade.backup.fileName;
        made.push({ name: upgradeCopy, createdAt: at, reason: 'pre-migration' });
      }
    }

    const remaining = fs.readdirSync(dir).sort();
    const backups = remaining.filter((n) => !others.includes(n));
    const day = (name: string) =>
      made
        .find((f) => f.name === name)!
        .createdAt.toISOString()
        .slice(0, 10);
    expect(backups.map(day).sort()).toEqual(
      [
        // 7 daily
        '2026-11-21',
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        // 4 weekly (Sundays; this week's and last week's are among the daily)
        '2026-11-15',
        '2026-11-08',
        // 6 monthly (last day of each month; November's is today's)
        '2026-10-31',
        '2026-09-30',
        '2026-08-31',
        '2026-07-31',
        '2026-06-30',
        // the copy before the upgrade on the 10th (17 days old)
        '2026-11-10',
      ].sort(),
    );
    expect(backups).toContain(upgradeCopy);
    for (const name of others) expect(remaining).toContain(name);
    // What is left is what the pure rule keeps.
    const plan = planRetention(made, new Date(last));
    expect(backups.sort()).toEqual(plan.keep.map((f) => f.name).sort());
    // Every run was recorded, and succeeded.
    const recorded = await runs();
    expect(recorded).toHaveLength(made.length - 1);
    expect(recorded.every((r) => r.status === 'succeeded')).toBe(true);
  }, 600_000);
});

describe('GET /api/admin/backups', () => {
  let admin: TestStaff;
  let staff: TestStaff;
  beforeAll(async () => {
    admin = await makeStaff({ isFullAdmin: true });
    staff = await makeStaff();
  });

  it('answers 401 signed out and 403 to staff who are not full admins', async () => {
    const signedOut = await call(backupsRoute, { path: '/api/admin/backups' });
    expect(signedOut.status).toBe(401);
    const notAdmin = await call(backupsRoute, { path: '/api/admin/backups', cookie: staff.cookie });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body).toEqual({ message: 'Only a full admin can do this.' });
  });

  it('answers full admins the status, the schedule and the recent runs', async () => {
    const empty = await call(backupsRoute, { path: '/api/admin/backups', cookie: admin.cookie });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      lastSuccess: null,
      lastRun: null,
      warning: 'never',
      schedule: { cron: '30 2 * * *', timeZone: 'Europe/London' },
      recent: [],
    });

    const dir = folder('endpoint');
    const now = new Date();
    const { backup } = await runBackup({ reason: 'manual', databaseUrl: url(), dir, now });
    const after = await call(backupsRoute, { path: '/api/admin/backups?limit=1', cookie: admin.cookie });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      lastSuccess: { bytes: backup.bytes, fileName: backup.fileName, encrypted: false },
      lastRun: { at: now.toISOString(), status: 'succeeded' },
      warning: null,
      recent: [{ reason: 'manual', status: 'succeeded', fileName: backup.fileName, bytes: backup.bytes }],
    });
    expect(after.headers.get('cache-control')).toContain('no-store');
  });
});

describe('the backup before an upgrade', () => {
  let folders = 0;
  /** A migrations folder: the app's, plus the given ones. */
  function migrationsWith(extra: Record<string, string>): string {
    folders += 1;
    const dir = folder(`migrations-${folders}`);
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    for (const [name, sql] of Object.entries(extra)) {
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, name, 'migration.sql'), sql);
    }
    return dir;
  }

  async function schema(): Promise<string[]> {
    const rows = await db.$queryRawUnsafe<{ c: string }[]>(
      `SELECT table_name || '.' || column_name || ':' || data_type AS c FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY 1`,
    );
    return rows.map((r) => r.c);
  }

  const GOOD = `CREATE TABLE "upgrade_probe" ("id" INTEGER PRIMARY KEY);
INSERT INTO "upgrade_probe" VALUES (1);
ALTER TABLE "clients" ADD COLUMN "upgradeNote" TEXT;`;
  const BAD = `ALTER TABLE "clients" ADD COLUMN "secondNote" TEXT;
ALTER TABLE "no_such_table" ADD COLUMN "x" INTEGER;`;

  it('takes a backup, and a failing migration leaves the database exactly as it was', async () => {
    const backupDir = folder('pre-migration');
    const migrationsDir = migrationsWith({ '29990101000000_good': GOOD, '29990101000001_bad': BAD });
    const schemaBefore = await schema();
    const before = await snapshot();
    const logged: string[] = [];

    const error = await upgradeDatabase({
      databaseUrl: url(),
      backupDir,
      migrationsDir,
      log: (m) => logged.push(m),
    }).catch((e) => e);

    expect(error).toBeInstanceOf(UpgradeError);
    expect(error.migration).toBe('29990101000001_bad');
    // The backup exists, and the message names it and the exact restore command.
    const files = fs.readdirSync(backupDir);
    expect(files).toHaveLength(1);
    const file = path.join(backupDir, files[0]!);
    expect(error.backupPath).toBe(file);
    expect(error.message).toContain(
      'The migration 29990101000001_bad failed: relation "no_such_table" does not exist',
    );
    expect(error.message).toContain('the database is exactly as it was');
    expect(error.message).toContain(`npm run restore -- ${file} --replace`);
    expect(restoreCommand(file)).toBe(`npm run restore -- ${file} --replace`);
    expect(logged.join('\n')).toContain('taking a backup first');

    // Schema and rows unchanged: the good migration was rolled back with the bad one, and no failed
    // migration was recorded. The only new row is the record of the backup itself.
    expect(await schema()).toEqual(schemaBefore);
    const after = await snapshot();
    const { backup_runs: runsBefore, ...restBefore } = before.digests;
    const { backup_runs: runsAfter, ...restAfter } = after.digests;
    expect(restAfter).toEqual(restBefore);
    expect(runsAfter).not.toBe(runsBefore);
    const [run] = await runs();
    expect(run).toMatchObject({ reason: 'pre_migration', status: 'succeeded', fileName: files[0] });
  });

  it('applies the pending migrations together, recorded as Prisma records them', async () => {
    const migrationsDir = migrationsWith({ '29990101000000_good': GOOD });
    const result = await upgradeDatabase({
      databaseUrl: url(),
      backupDir: folder('pre-good'),
      migrationsDir,
    });
    expect(result.applied).toEqual(['29990101000000_good']);
    expect(result.backupPath).not.toBeNull();
    const rows = await db.$queryRawUnsafe<
      { migration_name: string; checksum: string; applied_steps_count: number }[]
    >(`SELECT migration_name, checksum, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`);
    // The engine's checksum of a migration it applied is the SHA-256 of its file: the same rule.
    const { createHash } = await import('node:crypto');
    const sha = (name: string) =>
      createHash('sha256')
        .update(fs.readFileSync(path.join(migrationsDir, name, 'migration.sql')))
        .digest('hex');
    for (const row of rows) expect(row.checksum).toBe(sha(row.migration_name));
    expect(rows.at(-1)).toMatchObject({ migration_name: '29990101000000_good', applied_steps_count: 1 });
    // Nothing pending any more: a second start applies nothing and takes no backup.
    expect(
      await upgradeDatabase({ databaseUrl: url(), backupDir: folder('pre-again'), migrationsDir }),
    ).toEqual({
      applied: [],
      backupPath: null,
    });
  });

  it('takes no backup of a database without data', async () => {
    // A copy of the migrated template: the app's tables, and only the rows the migrations write themselves.
    const name = await createDatabase();
    try {
      const dir = folder('pre-empty');
      const result = await upgradeDatabase({
        databaseUrl: databaseUrl(name),
        backupDir: dir,
        migrationsDir: migrationsWith({ '29990101000000_good': GOOD }),
      });
      expect(result).toEqual({ applied: ['29990101000000_good'], backupPath: null });
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      await dropDatabase(name);
    }
  });
});
