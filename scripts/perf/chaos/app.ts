/**
 * The app under test, started exactly as `npm start` starts it (`npx tsx scripts/start.ts`, embedded
 * PostgreSQL with its data in DATA_DIR), then killed without warning, restarted on the same data, and at the
 * end stopped the way Ctrl-C stops it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/runtime';
import {
  cmdline,
  groupMembers,
  isAlive,
  postmasterOf,
  signal,
  waitUntil,
  watchUntilReaped,
} from './processes';

/** A restart may rebuild first (when someone changed a source file since the last build): allow for that. */
const READY_TIMEOUT_MS = 15 * 60_000;
/** start.ts's word on the database after a kill: left running (stopped cleanly first), or crashed with the app. */
const LEFTOVER_MESSAGE =
  /(An embedded PostgreSQL \(pid \d+\) was left running|The embedded PostgreSQL was not shut down cleanly)[^\n]*/;
const PG_RUNNING = /Embedded PostgreSQL is running on 127\.0\.0\.1:(\d+)/;

export interface AppOptions {
  port: number;
  dataDir: string;
  /** The build folder (NEXT_DIST_DIR) start.ts serves. */
  distDir: string;
  admin: { email: string; password: string };
  /** Everything the app prints, every start, appended. */
  logFile: string;
  /** Variables that replace the run's defaults below (the security run's limits, say). */
  env?: Record<string, string>;
  log: (message: string) => void;
}

export interface StartReport {
  /** Milliseconds from spawning to GET /login answering 200. */
  readyMs: number;
  /** The port the embedded PostgreSQL listens on this time (a new free one at each start). */
  pgPort: number;
  /** start.ts's line about the database the killed app left (running, or crashed), when it printed one. */
  leftoverMessage: string | null;
  /** Whether start.ts rebuilt the app before serving (a colleague changed a source file meanwhile). */
  rebuilt: boolean;
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export interface KillReport {
  killedAt: number;
  /** The postmaster serving the data at the kill. */
  postmaster: number | null;
  /** `app` mode: it is still running, orphaned. */
  leftRunning: boolean;
  /** `group` mode: ms from the kill until the dead postmaster was reaped (gone from /proc), null until then. */
  reapedAfterMs: () => number | null;
}

export class ChaosApp {
  readonly url: string;
  /** The process group of the current start: `detached: true` makes npx its leader, pgid = its pid. */
  private pgid: number | null = null;
  private output = '';
  private readonly logStream: fs.WriteStream;

  constructor(private readonly opts: AppOptions) {
    this.url = `http://127.0.0.1:${opts.port}`;
    this.logStream = fs.createWriteStream(opts.logFile, { flags: 'a' });
  }

  /** Where start.ts keeps the cluster: DATA_DIR/postgres (runtime.ts's openDatabase). */
  get clusterDir(): string {
    return path.join(this.opts.dataDir, 'postgres');
  }

  /** The text the current start has printed so far. */
  get startOutput(): string {
    return this.output;
  }

  async start(label: string): Promise<StartReport> {
    const began = Date.now();
    this.output = '';
    this.logStream.write(`\n===== ${label} (${new Date().toISOString()}) =====\n`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.opts.port),
      DATA_DIR: this.opts.dataDir,
      NEXT_DIST_DIR: this.opts.distDir,
      // Empty, not unset: a .env file cannot fill it in (loadDotEnv never overrides), and empty means
      // "start the embedded server with its data in DATA_DIR".
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: '',
      APP_URL: this.url,
      NEXTAUTH_URL: this.url,
      ADMIN_EMAIL: this.opts.admin.email,
      ADMIN_PASSWORD: this.opts.admin.password,
      // Every public post comes from 127.0.0.1: the default 20 an hour would turn the load into 429s.
      LEAD_RATE_LIMIT_PER_HOUR: '1000000',
      NEXT_TELEMETRY_DISABLED: '1',
      ...this.opts.env,
    };
    delete env.NEXTAUTH_SECRET; // the app's own, kept in DATA_DIR/secrets.json across restarts
    delete env.ENCRYPTION_KEY;
    delete env.EPHEMERAL_DATA_DIR; // start.ts would delete DATA_DIR on its way out
    const child = spawn('npx', ['tsx', path.join('scripts', 'start.ts')], {
      cwd: PROJECT_ROOT,
      env,
      detached: true, // its own process group, so one kill(-pgid) reaches npx, tsx, start.ts, the web server
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.pgid = child.pid ?? null;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output += text;
      this.logStream.write(text);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', (error) => this.logStream.write(`[chaos] spawn error: ${error.message}\n`));

    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, sig) => {
        const rebuildFailed =
          this.output.includes('Building the app') && this.output.includes('build failed');
        reject(
          new Error(
            rebuildFailed
              ? 'start.ts found a source file newer than the build (someone is editing this checkout) and its ' +
                  'rebuild failed. Run again with `--dist-dir .next-chaos`, which freezes a private build for the run.' +
                  `\nIts last lines:\n${this.tail(15)}`
              : `The app stopped while starting (${sig ?? `exit ${code}`}); its last lines:\n${this.tail(25)}`,
          ),
        );
      }),
    );
    exited.catch(() => {}); // raced below; once ready, a later exit is the chaos run's own doing
    await Promise.race([this.waitReady(), exited]);

    const pgPort = Number(PG_RUNNING.exec(this.output)?.[1]);
    if (!pgPort) throw new Error(`The start log names no embedded PostgreSQL port:\n${this.tail(25)}`);
    return {
      readyMs: Date.now() - began,
      pgPort,
      leftoverMessage: LEFTOVER_MESSAGE.exec(this.output)?.[0] ?? null,
      rebuilt: this.output.includes('Building the app'),
    };
  }

  private async waitReady(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let lastNote = Date.now();
    for (;;) {
      try {
        const res = await fetch(`${this.url}/login`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The app did not answer GET /login within 15 minutes`);
      if (Date.now() - lastNote > 30_000) {
        this.opts.log(
          this.output.includes('Building the app')
            ? '  still waiting: start.ts is rebuilding (a source file changed since the last build) ...'
            : '  still waiting for the app ...',
        );
        lastNote = Date.now();
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /**
   * SIGKILL, no warning. `group`: every process of the app's group, PostgreSQL's postmaster included.
   * `app`: all of them but the postmaster, which is left running (orphaned) on the data.
   */
  async kill(mode: 'group' | 'app'): Promise<KillReport> {
    const pgid = this.pgid;
    if (pgid === null) throw new Error('The app is not running.');
    const postmaster = postmasterOf(this.clusterDir);
    let reapedAfterMs = (): number | null => null;
    const killedAt = Date.now();
    if (mode === 'group') {
      signal(-pgid, 'SIGKILL');
      if (postmaster !== null) reapedAfterMs = watchUntilReaped(postmaster, killedAt);
    } else {
      // Not atomic like kill(-pgid): go round until nothing but the postmaster is left in the group.
      for (let pass = 0; pass < 5; pass++) {
        const others = groupMembers(pgid).filter((pid) => pid !== postmaster);
        if (others.length === 0) break;
        for (const pid of others) signal(pid, 'SIGKILL');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    // The killed processes must be gone (their port and their hold on the data released) before a restart.
    const gone = await waitUntil(
      () => groupMembers(pgid).every((pid) => mode === 'app' && pid === postmaster),
      10_000,
    );
    if (!gone)
      throw new Error(`Processes of group ${pgid} survived SIGKILL: ${groupMembers(pgid).join(', ')}`);
    this.pgid = null;
    const leftRunning = mode === 'app' && postmaster !== null && isAlive(postmaster);
    return { killedAt, postmaster, leftRunning, reapedAfterMs };
  }

  /**
   * The end of the run: SIGINT to the group, as Ctrl-C in a terminal sends it, so start.ts stops the web server
   * and then the database cleanly. Then, whatever happened before, no PostgreSQL may be left on our data.
   */
  async stop(): Promise<void> {
    const pgid = this.pgid;
    if (pgid !== null && groupMembers(pgid).length > 0) {
      signal(-pgid, 'SIGINT');
      if (!(await waitUntil(() => groupMembers(pgid).length === 0, 30_000, 100))) {
        signal(-pgid, 'SIGKILL');
        await waitUntil(() => groupMembers(pgid).length === 0, 10_000);
      }
    }
    this.pgid = null;
    const postmaster = postmasterOf(this.clusterDir);
    if (postmaster !== null) {
      signal(postmaster, 'SIGINT'); // fast shutdown
      if (!(await waitUntil(() => !isAlive(postmaster), 30_000, 100))) signal(postmaster, 'SIGKILL');
      await waitUntil(() => !isAlive(postmaster), 10_000, 100);
    }
  }

  closeLog(): Promise<void> {
    return new Promise((resolve) => this.logStream.end(resolve));
  }

  /**
   * The pid of the web server itself (the Node process running scripts/server.js in the app's process group), so
   * a run can read its memory from /proc; null when it is not running.
   */
  webServerPid(): number | null {
    if (this.pgid === null) return null;
    return groupMembers(this.pgid).find((pid) => /scripts\/server\.js/.test(cmdline(pid))) ?? null;
  }

  tail(lines: number): string {
    return this.output.trimEnd().split('\n').slice(-lines).join('\n');
  }
}
