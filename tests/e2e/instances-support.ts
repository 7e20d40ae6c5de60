/**
 * Two instances of the e2e build on one database, behind a small round-robin proxy (issue 32 point 5), for
 * instances.e2e.ts. The database is a throwaway embedded PostgreSQL of its own, migrated as `npm start` migrates;
 * each instance is scripts/server.js (what `npm start` runs after migrating), with the same secrets, APP_URL and
 * mail server, as the README says to run several. Their output is kept and attached to the test. `startSolo`
 * is one such instance alone on a database of its own, for a test that must not be seen by the others.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../lib/auth/password';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../scripts/lib/embedded-postgres';
import { applyMigrations } from '../../scripts/lib/migrations';

const ROOT = path.resolve(__dirname, '..', '..');
export const INSTANCES_ADMIN = {
  email: 'instances-admin@clinic.test',
  password: 'Instances-admin-password-1',
};
/** Failed card lookups an address may make in an hour, on both instances (the limit is in PostgreSQL). */
export const CARD_LOOKUP_FAILURES = 6;

export interface Instance {
  name: 'A' | 'B';
  url: string;
  child: ChildProcess;
  output: string[];
}

export interface Pair {
  /** The proxy's address: what a browser or a load balancer's clients would use. */
  url: string;
  a: Instance;
  b: Instance;
  databaseUrl: string;
  /** Which instance answered each request through the proxy, in order. */
  answeredBy: ('A' | 'B')[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `url` until it answers 200 (never a fixed sleep), or the instance stops, or `timeoutMs` passes. */
async function waitUntilReady(instance: Instance, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
      throw new Error(`Instance ${instance.name} stopped while starting:\n${instance.output.join('')}`);
    }
    try {
      const res = await fetch(`${instance.url}/login`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until)
      throw new Error(`Instance ${instance.name} was not ready in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The balancer: each request goes to the next instance in turn (A, B, A, ...), with the caller's address
 * appended to X-Forwarded-For as a load balancer does (the instances run with TRUSTED_PROXIES=1). Each answer
 * says which instance gave it in `x-test-instance`; a request that names one in that header goes to it.
 */
function startProxy(port: number, targets: Instance[], answeredBy: ('A' | 'B')[]): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    // A test may name the instance (x-test-instance: A or B); otherwise the next one in turn.
    const named = targets.find((t) => t.name === req.headers['x-test-instance']);
    const target = named ?? targets[next++ % targets.length]!;
    answeredBy.push(target.name);
    const url = new URL(target.url);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress?.replace(/^::ffff:/, '')]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      {
        host: url.hostname,
        port: Number(url.port),
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-test-instance': target.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function startInstance(
  name: 'A' | 'B',
  port: number,
  env: Record<string, string>,
  distDir: string,
): Instance {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'server.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), NEXT_DIST_DIR: distDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => output.push(chunk.toString('utf8'));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, url: `http://127.0.0.1:${port}`, child, output };
}

async function stopInstance(instance: Instance): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A full admin, as `npm start` makes the first one (scripts/lib/accounts.ts), written here with plain SQL. */
async function createAdmin(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "staff_users" ("id", "email", "passwordHash", "isFullAdmin", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, true, now())`,
      [INSTANCES_ADMIN.email, await hashPassword(INSTANCES_ADMIN.password)],
    );
  } finally {
    await client.end();
  }
}

/** A throwaway embedded PostgreSQL of the test's own, migrated as `npm start` migrates, with its first admin. */
async function startOwnDatabase(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `smile-referrals-${name}-`));
  fs.chmodSync(dataDir, 0o711); // the embedded server's postgres user must pass through when run as root
  let database: EmbeddedPostgres | null = null;
  const stop = async () => {
    await database?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    database = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      password: randomBytes(12).toString('base64url'),
      logFile: path.join(dataDir, 'postgres.log'),
    });
    await database.createDatabase(name);
    const databaseUrl = database.url(name);
    await applyMigrations(databaseUrl);
    await createAdmin(databaseUrl);
    return { databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What the README's deployment section asks to be the same on every instance. */
function sharedEnv(databaseUrl: string, appUrl: string, smtpUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    APP_URL: appUrl,
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Instances Clinic <hello@clinic.test>',
    CARD_LOOKUP_FAILURES_PER_HOUR: String(CARD_LOOKUP_FAILURES),
    REQUIRE_ADMIN_SECOND_FACTOR: 'false',
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

export interface Solo {
  url: string;
  instance: Instance;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * One instance of the e2e build on a database of its own: for a test whose effects would show on the shared
 * server's pages while other files run beside it (a long import's banner on every staff page).
 */
export async function startSolo(opts: { distDir: string; smtpUrl: string }): Promise<Solo> {
  const db = await startOwnDatabase('solo');
  let instance: Instance | null = null;
  const stop = async () => {
    if (instance) await stopInstance(instance);
    await db.stop();
  };
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    instance = startInstance('A', port, sharedEnv(db.databaseUrl, url, opts.smtpUrl), opts.distDir);
    await waitUntilReady(instance, 120_000);
    return { url, instance, databaseUrl: db.databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts the database, both instances (A first, so the schema is ready) and the proxy. */
export async function startPair(opts: { distDir: string; smtpUrl: string }): Promise<Pair> {
  let db: Awaited<ReturnType<typeof startOwnDatabase>> | null = null;
  const instances: Instance[] = [];
  let proxy: http.Server | null = null;
  const stop = async () => {
    proxy?.closeAllConnections();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    await Promise.all(instances.map(stopInstance));
    await db?.stop();
  };
  try {
    db = await startOwnDatabase('instances');
    const { databaseUrl } = db;

    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${proxyPort}`;
    const shared = { ...sharedEnv(databaseUrl, appUrl, opts.smtpUrl), TRUSTED_PROXIES: '1' };
    const a = startInstance('A', portA, shared, opts.distDir);
    instances.push(a);
    // Both register their jobs and schedules at start; A first, so the two never create pg-boss's schema at once.
    await waitUntilReady(a, 120_000);
    const b = startInstance('B', portB, shared, opts.distDir);
    instances.push(b);
    await waitUntilReady(b, 120_000);

    const answeredBy: ('A' | 'B')[] = [];
    proxy = await startProxy(proxyPort, [a, b], answeredBy);
    return { url: appUrl, a, b, databaseUrl, answeredBy, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
