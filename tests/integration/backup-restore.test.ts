/**
 * Issue 32, backups and restore: the restore drill (data made through the app → backup → a new empty database →
 * restore → every table's rows equal, the schema as the migrations make it), plain and encrypted, as the
 * database's owner without superuser rights too; every bad file refused with its message and nothing changed;
 * a database that holds data; two backups at once; a disk that fails; and the commands themselves.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { createBackup } from '@/lib/backup/create';
import { LOCK_KEYS } from '@/lib/backup/format';
import { readBackupHeader, readBackupSummary } from '@/lib/backup/header';
import { restoreBackup } from '@/lib/backup/restore';
import { db, disconnectDb } from '@/lib/db';
import { createClient } from '@/lib/services/clients';
import { updateClient } from '@/lib/services/clients/update';
import { payAll } from '@/lib/services/payments/pay-all';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres';
import { applyMigrations, readMigrations } from '../../scripts/lib/migrations';
import { createDatabase, databaseUrl, dropDatabase } from '../support/db';
import {
  fixtureMember,
  fixtureMessage,
  fixtureReferral,
  fixtureReview,
  fixtureScan,
} from '../support/fixtures';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const PASSPHRASE = 'a long passphrase for the drill';

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every table's row count and an md5 of its rows (sorted text), and every sequence: computed in SQL. */
async function contents(url: string): Promise<Record<string, string>> {
  return withClient(url, async (c) => {
    const tables = await c.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const r = await c.query<{ n: string; digest: string }>(
        `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
         FROM public."${name}" t`,
      );
      out[name] = `${r.rows[0]!.n} ${r.rows[0]!.digest}`;
    }
    const sequences = await c.query<{ name: string; v: string }>(
      `SELECT sequencename AS name, coalesce(last_value::text, '-') AS v FROM pg_sequences WHERE schemaname = 'public'`,
    );
    for (const s of sequences.rows) out[`sequence ${s.name}`] = s.v;
    return out;
  });
}

/** The schema as the catalogue describes it: columns, constraints, indexes, triggers (and whether on), functions. */
async function schemaOf(url: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const parts = await Promise.all([
      c.query(`SELECT table_name, column_name, data_type, is_nullable, column_default, ordinal_position
               FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`),
      c.query(`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def
               FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
      c.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
      c.query(`SELECT tgname, tgenabled, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
               JOIN pg_class r ON r.oid = t.tgrelid WHERE r.relnamespace = 'public'::regnamespace AND NOT tgisinternal
               ORDER BY 1`),
      c.query(`SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
               WHERE p.pronamespace = 'public'::regnamespace
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
               ORDER BY 1, 2`),
      c.query(`SELECT extname FROM pg_extension ORDER BY 1`),
    ]);
    return parts.flatMap((p) => p.rows.map((row) => JSON.stringify(row)));
  });
}

async function publicRelations(url: string): Promise<number> {
  return withClient(url, async (c) => {
    const r = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace`,
    );
    return r.rows[0]!.n;
  });
}

describe('backup and restore (issue 32)', () => {
  let source = '';
  let sourceUrl = '';
  let dir = '';
  let plain: Awaited<ReturnType<typeof createBackup>>;
  let encrypted: Awaited<ReturnType<typeof createBackup>>;
  const made: string[] = [];
  const roles: string[] = [];

  async function emptyDatabase(): Promise<string> {
    const name = await createDatabase({ empty: true });
    made.push(name);
    return databaseUrl(name);
  }

  /** A database owned by a new role without superuser rights, as on a managed server. */
  async function ownedByOrdinaryRole(): Promise<string> {
    const role = `r_${randomBytes(5).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    const name = `t_${randomBytes(6).toString('hex')}`;
    await withClient(databaseUrl('postgres'), async (c) => {
      await c.query(`CREATE ROLE "${role}" LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE`);
      await c.query(`CREATE DATABASE "${name}" OWNER "${role}" TEMPLATE template0`);
    });
    roles.push(role);
    made.push(name);
    const url = new URL(databaseUrl(name));
    url.username = role;
    url.password = password;
    return url.toString();
  }

  beforeAll(async () => {
    source = await createDatabase();
    sourceUrl = databaseUrl(source);
    process.env.DATABASE_URL = sourceUrl;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-backups-'));

    // Data made through the app's services where they exist, fixtures for the rest.
    const viewer = { origin: 'https://referrals.example', isFullAdmin: true };
    const admin = await db.staffUser.create({
      data: {
        email: `admin.${randomUUID().slice(0, 8)}@clinic.test`,
        passwordHash: 'argon2-hash-placeholder',
        isFullAdmin: true,
        totpSecretEnc: 'encrypted-secret-placeholder',
        totpEnabledAt: new Date('2026-11-01T10:00:00Z'),
        totpLastStep: 12345,
      },
    });
    await db.passkey.create({
      data: {
        userId: admin.id,
        credentialId: randomBytes(16).toString('base64url'),
        publicKey: randomBytes(77),
        counter: BigInt(42),
        transports: ['internal', 'hybrid'],
        deviceType: 'multiDevice',
        backedUp: true,
        name: 'Reception laptop',
      },
    });
    await db.recoveryCode.create({ data: { userId: admin.id, codeHash: randomBytes(32).toString('hex') } });
    const actor = { id: admin.id, email: admin.email };
    const jane = await createClient(
      { firstName: 'Jane', lastName: "O'Brien", email: 'jane.obrien@example.com', phone: '07700 900123' },
      viewer,
    );
    await updateClient(
      jane.id,
      { sortCode: '12-34-56', accountNumber: '73649182', accountName: 'J OBRIEN' },
      viewer,
      actor,
    );
    await fixtureReferral('due', { client: { id: jane.id }, convertedAt: new Date('2026-10-15T12:00:00Z') });
    await fixtureReferral('pending', { client: { id: jane.id } });
    await payAll({ clientId: jane.id, year: 2026, month: 10 }, actor);
    const member = await fixtureMember({ firstName: 'Zoë', lastName: 'Ng' });
    await fixtureReview({ member, paid: true });
    await fixtureScan(member);
    await fixtureMessage('sent');
    await fixtureMessage('failed');

    plain = await createBackup({ databaseUrl: sourceUrl, dir, reason: 'manual' });
    encrypted = await createBackup({ databaseUrl: sourceUrl, dir, reason: 'daily', passphrase: PASSPHRASE });
  });

  afterAll(async () => {
    await disconnectDb();
    for (const name of [source, ...made]) await dropDatabase(name);
    await withClient(databaseUrl('postgres'), async (c) => {
      for (const role of roles) await c.query(`DROP ROLE IF EXISTS "${role}"`);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes one file named with the time, version and last migration, whose header lists every table', async () => {
    const migrations = readMigrations().migrationDirectories.map((d) => d.path);
    const last = migrations[migrations.length - 1]!;
    expect(plain.fileName).toMatch(
      new RegExp(`^smile-referrals-\\d{4}-\\d{2}-\\d{2}T\\d{6}Z-v0\\.1\\.0-${last}\\.backup$`),
    );
    expect(plain).toMatchObject({ lastMigration: last, appVersion: '0.1.0', encrypted: false });
    expect(fs.statSync(plain.path).size).toBe(plain.bytes);
    expect(fs.statSync(plain.path).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
    const header = await readBackupHeader(plain.path);
    expect(header).toMatchObject({
      app: 'smile-referrals',
      reason: 'manual',
      migrations,
      lastMigration: last,
    });
    const rows = Object.fromEntries(header.tables.map((t) => [t.name, t.rows]));
    expect(rows).toMatchObject({
      clients: 3,
      referrals: 2,
      // the bank details' change and the payment
      payment_audit_entries: 2,
      passkeys: 1,
      staff_users: 1,
    });
    expect(rows._prisma_migrations).toBe(migrations.length);
    for (const t of header.tables) expect(t.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The bank details are inside only as the app stores them: encrypted.
    const text = (await import('node:zlib')).gunzipSync(fs.readFileSync(plain.path)).toString('utf8');
    expect(text).toContain('Jane');
    expect(text).not.toContain('73649182');
  });

  it('restores into a new empty database: every row equal, the schema as the migrations make it', async () => {
    const target = await emptyDatabase();
    const result = await restoreBackup({ databaseUrl: target, file: plain.path });
    expect(result.rows).toBeGreaterThan(10);
    expect(await contents(target)).toEqual(await contents(sourceUrl));
    expect(await schemaOf(target)).toEqual(await schemaOf(sourceUrl));
    // The migrations check: nothing is pending and every recorded checksum matches its file.
    expect(await applyMigrations(target)).toEqual([]);
  });

  it('restores an encrypted backup into a database owned by a role without superuser rights', async () => {
    expect(encrypted.fileName).toMatch(/\.backup\.enc$/);
    expect(encrypted.encrypted).toBe(true);
    expect(fs.readFileSync(encrypted.path).includes(Buffer.from('Jane'))).toBe(false);
    expect(await readBackupSummary(encrypted.path)).toMatchObject({ encrypted: true, reason: 'daily' });
    const target = await ownedByOrdinaryRole();
    await restoreBackup({ databaseUrl: target, file: encrypted.path, passphrase: PASSPHRASE });
    expect(await contents(target)).toEqual(await contents(sourceUrl));
    expect(await schemaOf(target)).toEqual(await schemaOf(sourceUrl));
    // And that role can back its database up: the same rows, table by table.
    const again = await createBackup({
      databaseUrl: target,
      dir,
      reason: 'manual',
      now: new Date('2030-01-01'),
    });
    const before = (await readBackupHeader(plain.path)).tables.map((t) => [t.name, t.rows, t.sha256]);
    const after = (await readBackupHeader(again.path)).tables.map((t) => [t.name, t.rows, t.sha256]);
    expect(after).toEqual(before);
  });

  describe('bad backup files are refused with a message, and nothing changes', () => {
    let target = '';
    let bad = '';
    beforeAll(async () => {
      target = await emptyDatabase();
      bad = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-bad-backups-'));
    });
    afterAll(() => fs.rmSync(bad, { recursive: true, force: true }));
    afterEach(async () => expect(await publicRelations(target)).toBe(0));

    const file = (name: string, content: Buffer | string) => {
      const p = path.join(bad, name);
      fs.writeFileSync(p, content);
      return p;
    };
    const refused = (f: string, passphrase?: string) =>
      restoreBackup({ databaseUrl: target, file: f, passphrase });

    it('a truncated file', async () => {
      const whole = fs.readFileSync(plain.path);
      await expect(
        refused(file('cut.backup', whole.subarray(0, Math.floor(whole.length / 2)))),
      ).rejects.toMatchObject({
        code: 'truncated',
        message: expect.stringMatching(/incomplete \(it ends too soon\)/),
      });
      const sealed = fs.readFileSync(encrypted.path);
      await expect(
        refused(file('cut.backup.enc', sealed.subarray(0, sealed.length - 20)), PASSPHRASE),
      ).rejects.toMatchObject({ code: 'truncated' });
    });

    it('a changed byte', async () => {
      const whole = Buffer.from(fs.readFileSync(plain.path));
      whole[Math.floor(whole.length / 2)] = whole[Math.floor(whole.length / 2)]! ^ 0xff;
      await expect(refused(file('changed.backup', whole))).rejects.toMatchObject({
        message: expect.stringMatching(/damaged or was changed|incomplete/),
      });
    });

    it("another app's file, a random gzip, a text file, an empty file", async () => {
      const notOurs = {
        code: 'not-a-backup',
        message: expect.stringMatching(/not a Smile Referrals backup/),
      };
      await expect(
        refused(file('dump.sql.gz', gzipSync('-- PostgreSQL database dump\nCREATE TABLE t ();\n'))),
      ).rejects.toMatchObject(notOurs);
      await expect(refused(file('random.gz', gzipSync(randomBytes(5000))))).rejects.toMatchObject(notOurs);
      await expect(refused(file('notes.txt', 'Shopping list: milk\n'))).rejects.toMatchObject(notOurs);
      await expect(refused(file('empty.backup', ''))).rejects.toMatchObject(notOurs);
      const otherApp = gzipSync(
        `SMILE-REFERRALS-BACKUP 1\n${JSON.stringify({ app: 'another-app', formatVersion: 1, tables: [] })}\n`,
      );
      await expect(refused(file('other-app.backup', otherApp))).rejects.toMatchObject(notOurs);
    });

    it('the wrong passphrase, or none for an encrypted backup', async () => {
      await expect(refused(encrypted.path, 'not the passphrase')).rejects.toMatchObject({
        code: 'wrong-passphrase',
        message: expect.stringMatching(/passphrase does not open this backup/),
      });
      await expect(refused(encrypted.path)).rejects.toMatchObject({
        code: 'passphrase-needed',
        message: expect.stringMatching(/This backup is encrypted\. Set BACKUP_PASSPHRASE/),
      });
    });

    it('a backup from a newer schema than this app knows', async () => {
      const all = readMigrations().migrationDirectories.map((d) => d.path);
      const older = path.join(bad, 'older-app-migrations');
      for (const name of all.slice(0, -1)) {
        fs.mkdirSync(path.join(older, name), { recursive: true });
        fs.copyFileSync(
          path.join(ROOT, 'prisma', 'migrations', name, 'migration.sql'),
          path.join(older, name, 'migration.sql'),
        );
      }
      await expect(
        restoreBackup({ databaseUrl: target, file: plain.path, migrationsDir: older }),
      ).rejects.toMatchObject({
        code: 'newer-schema',
        message: `This backup was made by a newer version of Smile Referrals (schema ${all[all.length - 1]}). Upgrade the app first, then restore.`,
      });
    });
  });

  it('refuses a database that holds data; with replace, backs it up first and then replaces it', async () => {
    const target = databaseUrl(await createDatabase());
    made.push(new URL(target).pathname.slice(1));
    await withClient(target, (c) =>
      c.query(`INSERT INTO team_members (id, "firstName", "lastName", code)
               VALUES (gen_random_uuid(), 'Kept', 'Before', 'TM-KEEP-0001-AAAA-BBBB')`),
    );
    const before = await contents(target);
    await expect(restoreBackup({ databaseUrl: target, file: plain.path })).rejects.toMatchObject({
      code: 'not-empty',
      message: expect.stringMatching(/already holds data \(1 row in 1 table\).*--replace/),
    });
    expect(await contents(target)).toEqual(before);

    const safety = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-pre-restore-'));
    try {
      const result = await restoreBackup({
        databaseUrl: target,
        file: plain.path,
        replace: true,
        backupDir: safety,
      });
      expect(result.preRestoreBackup).toBeDefined();
      expect(fs.readdirSync(safety)).toEqual([result.preRestoreBackup!.fileName]);
      const kept = await readBackupHeader(result.preRestoreBackup!.path);
      expect(kept.reason).toBe('pre-restore');
      expect(kept.tables.find((t) => t.name === 'team_members')?.rows).toBe(1);
      expect(await contents(target)).toEqual(await contents(sourceUrl));
      // What was replaced can itself be restored.
      const back = await emptyDatabase();
      await restoreBackup({ databaseUrl: back, file: result.preRestoreBackup!.path });
      expect(await contents(back)).toEqual(before);
    } finally {
      fs.rmSync(safety, { recursive: true, force: true });
    }
  });

  it('two backups at once: the second waits for the first; one still locked out after the wait says so', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-two-'));
    try {
      const now = new Date('2026-11-27T02:30:00Z');
      const waited: string[] = [];
      const [a, b] = await Promise.all([
        createBackup({
          databaseUrl: sourceUrl,
          dir: own,
          reason: 'manual',
          now,
          onWait: () => waited.push('a'),
        }),
        createBackup({
          databaseUrl: sourceUrl,
          dir: own,
          reason: 'daily',
          now,
          onWait: () => waited.push('b'),
        }),
      ]);
      expect(a.fileName).not.toBe(b.fileName);
      expect(fs.readdirSync(own).sort()).toEqual([a.fileName, b.fileName].sort());
      expect(waited).toHaveLength(1);

      await withClient(sourceUrl, async (holder) => {
        await holder.query('SELECT pg_advisory_lock($1, $2)', [...LOCK_KEYS]);
        await expect(
          createBackup({ databaseUrl: sourceUrl, dir: own, reason: 'manual', lockWaitMs: 50 }),
        ).rejects.toMatchObject({
          code: 'busy',
          message: expect.stringMatching(/^Another backup is running/),
        });
      });
      expect(fs.readdirSync(own)).toHaveLength(2);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it('a disk that fails while writing fails the backup with a clear error and leaves no file', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-full-'));
    const original = fs.createWriteStream;
    const spy = jest.spyOn(fs, 'createWriteStream').mockImplementation(((
      file: fs.PathLike,
      options?: never,
    ) => {
      const stream = original(file, options);
      const full = (_chunk: unknown, _encoding: unknown, done: (error: Error) => void) =>
        done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      Object.assign(stream, {
        _write: full,
        _writev: (_chunks: unknown, done: (e: Error) => void) => full(0, 0, done),
      });
      return stream;
    }) as typeof fs.createWriteStream);
    try {
      await expect(createBackup({ databaseUrl: sourceUrl, dir: own, reason: 'daily' })).rejects.toMatchObject(
        {
          code: 'disk-full',
          message: expect.stringMatching(
            /^The disk is full: the backup could not be written to .* Nothing was kept\./,
          ),
        },
      );
      expect(fs.readdirSync(own)).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    // The lock was released with the failed run's connection: the next backup goes through.
    const next = await createBackup({ databaseUrl: sourceUrl, dir: own, reason: 'manual', lockWaitMs: 0 });
    expect(fs.readdirSync(own)).toEqual([next.fileName]);
    fs.rmSync(own, { recursive: true, force: true });
  });

  it("removes the .partial files that killed runs left (untouched for 15 minutes), not a running one's", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-partial-'));
    try {
      const stale = path.join(own, 'smile-referrals-2026-11-26T023000Z-v0.1.0-m.backup.partial');
      const running = path.join(own, 'smile-referrals-2026-11-27T023000Z-v0.1.0-m.backup.enc.partial');
      const other = path.join(own, 'notes.partial');
      for (const f of [stale, running, other]) fs.writeFileSync(f, 'half');
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      fs.utimesSync(stale, hourAgo, hourAgo);
      fs.utimesSync(other, hourAgo, hourAgo);
      const done = await createBackup({ databaseUrl: sourceUrl, dir: own, reason: 'manual' });
      expect(fs.readdirSync(own).sort()).toEqual(
        [done.fileName, path.basename(running), path.basename(other)].sort(),
      );
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it("npm run backup beside the running app's embedded PostgreSQL uses it and leaves it running", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-embedded-'));
    fs.chmodSync(dataDir, 0o755);
    const password = randomBytes(12).toString('hex');
    fs.writeFileSync(
      path.join(dataDir, 'secrets.json'),
      JSON.stringify({
        sessionSecret: 's'.repeat(43),
        encryptionKey: randomBytes(32).toString('base64'),
        postgresPassword: password,
      }),
      { mode: 0o600 },
    );
    // What `npm start` does with DATABASE_URL unset: the cluster in DATA_DIR/postgres, the app's database.
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), password });
    try {
      await server.createDatabase('smile_referrals');
      await applyMigrations(server.url('smile_referrals'));
      const result = await run('npx', ['tsx', 'scripts/backup.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, BACKUP_DIR: '', BACKUP_PASSPHRASE: '' },
      });
      expect(result.stdout).toContain(
        `Using the running app's embedded PostgreSQL (127.0.0.1:${server.port})`,
      );
      const files = fs.readdirSync(path.join(dataDir, 'backups'));
      expect(files).toEqual([expect.stringMatching(/^smile-referrals-.*\.backup$/)]);
      // The app's server was used, not stopped and replaced.
      const alive = await withClient(server.url('smile_referrals'), (c) => c.query('SELECT 1 AS ok'));
      expect(alive.rows[0].ok).toBe(1);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('the commands', () => {
    let dataDir = '';
    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-cli-'));
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const env = (databaseUrl: string, extra: Record<string, string> = {}) => ({
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, 'backups'),
      BACKUP_PASSPHRASE: '',
      ...extra,
    });
    const tsx = (script: string, args: string[], environment: NodeJS.ProcessEnv) =>
      run('npx', ['tsx', script, ...args], { cwd: ROOT, env: environment }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );

    it('npm run backup, then npm run restore into an empty database, and again without --replace', async () => {
      const made = await tsx('scripts/backup.ts', [], env(sourceUrl));
      expect(made.out).toMatch(/Backup written: .*smile-referrals-.*\.backup \(\d+ KB\)/);
      expect(made.code).toBe(0);
      const files = fs.readdirSync(path.join(dataDir, 'backups'));
      expect(files).toHaveLength(1);
      const file = path.join(dataDir, 'backups', files[0]!);

      const target = await emptyDatabase();
      const restored = await tsx('scripts/restore.ts', [file], env(target));
      expect(restored.out).toMatch(/Restored \d+ rows in \d+ tables/);
      expect(restored.code).toBe(0);
      // The command records its run in backup_runs, finished after the snapshot was read: all else is equal.
      const { backup_runs: restoredRuns, ...restoredRest } = await contents(target);
      const { backup_runs: sourceRuns, ...sourceRest } = await contents(sourceUrl);
      expect(restoredRest).toEqual(sourceRest);
      expect([restoredRuns, sourceRuns].map((v) => v?.split(' ')[0])).toEqual(['1', '1']);

      const again = await tsx('scripts/restore.ts', [file], env(target));
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/already holds data/);
    });

    it('npm run backup -- --keys FILE writes the keys (mode 600) and never over a file', async () => {
      const keys = path.join(dataDir, 'keys.txt');
      const keysEnv = env(sourceUrl, {
        ENCRYPTION_KEY: 'a2V5LWZvci10aGUtdGVzdA==',
        NEXTAUTH_SECRET: 'session-secret-of-the-test',
      });
      const first = await tsx('scripts/backup.ts', ['--keys', keys], keysEnv);
      expect(first.code).toBe(0);
      expect(fs.statSync(keys).mode & 0o777).toBe(0o600);
      const text = fs.readFileSync(keys, 'utf8');
      expect(text).toContain('ENCRYPTION_KEY=a2V5LWZvci10aGUtdGVzdA==\n');
      expect(text).toContain('NEXTAUTH_SECRET=session-secret-of-the-test\n');
      const second = await tsx('scripts/backup.ts', ['--keys', keys], keysEnv);
      expect(second.code).toBe(1);
      expect(second.out).toMatch(/already exists/);
      expect(fs.readFileSync(keys, 'utf8')).toBe(text);
    });
  });
});
