/**
 * The servers under test, started as a user would start them: the production app through `scripts/start.ts`
 * (what `npm start` runs) on the bench's throwaway database, and the bare node:http ceiling beside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/runtime';

export interface Started {
  child: ChildProcess;
  url: string;
}

/** Runs a TypeScript file with tsx in one node process (no tsx wrapper process in between). */
function spawnTs(file: string, env: NodeJS.ProcessEnv, log: fs.WriteStream): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return child;
}

function exitedEarly(child: ChildProcess, what: string, logFile: string): Promise<never> {
  return new Promise((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`${what} stopped while starting (${signal ?? `exit ${code}`}); see ${logFile}`)),
    ),
  );
}

export async function startApp(opts: {
  databaseUrl: string;
  port: number;
  distDir: string;
  dataDir: string;
  admin: { email: string; password: string };
  secrets: { session: string; encryption: string };
  logFile: string;
  log: (m: string) => void;
  /** Extra environment (the bench's --app-env), applied last. */
  env?: Record<string, string>;
}): Promise<Started> {
  const url = `http://127.0.0.1:${opts.port}`;
  const logStream = fs.createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawnTs(
    path.join('scripts', 'start.ts'),
    {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: opts.databaseUrl, // so start.ts uses this database rather than starting its own
      DATA_DIR: opts.dataDir, // its secrets file goes here, never into the developer's .data/
      PORT: String(opts.port),
      APP_URL: url,
      NEXT_DIST_DIR: opts.distDir,
      ADMIN_EMAIL: opts.admin.email,
      ADMIN_PASSWORD: opts.admin.password,
      NEXTAUTH_SECRET: opts.secrets.session,
      ENCRYPTION_KEY: opts.secrets.encryption,
      // The load comes from one address: without these the public routes would answer 429 within a second.
      LEAD_RATE_LIMIT_PER_HOUR: '100000000',
      TRACKING_RATE_LIMIT_PER_HOUR: '100000000',
      // The bench's full admin signs in with a password alone: with the second factor required (issue 31) the
      // payments report, which carries bank details, would answer 403 and go unmeasured. The rule is a check
      // of the session's own fields, at no cost a load could show.
      REQUIRE_ADMIN_SECOND_FACTOR: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
      ...opts.env,
    },
    logStream,
  );
  const ready = (async () => {
    const deadline = Date.now() + 10 * 60_000; // start.ts rebuilds first if the code changed since our build
    let lastNote = Date.now();
    for (;;) {
      try {
        const res = await fetch(`${url}/login`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`The app did not answer GET /login within 10 minutes; see ${opts.logFile}`);
      if (Date.now() - lastNote > 30_000) {
        opts.log('  still waiting for the app (it may be rebuilding) ...');
        lastNote = Date.now();
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  await Promise.race([ready, exitedEarly(child, 'The app', opts.logFile)]);
  return { child, url };
}

export async function startBareServer(opts: {
  databaseUrl: string;
  port: number;
  logFile: string;
}): Promise<Started> {
  const logStream = fs.createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawnTs(
    path.join('scripts', 'perf', 'bench', 'bare-server.ts'),
    { ...process.env, NODE_ENV: 'production', DATABASE_URL: opts.databaseUrl, PORT: String(opts.port) },
    logStream,
  );
  const listening = new Promise<void>((resolve) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('listening')) resolve();
    });
  });
  await Promise.race([listening, exitedEarly(child, 'The bare server', opts.logFile)]);
  return { child, url: `http://127.0.0.1:${opts.port}` };
}

/** Signs in as the bench's admin; returns the Cookie header for staff and admin routes. */
export async function signIn(url: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: admin.email, password: admin.password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`Signing in failed (${res.status}): ${text}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  if (!cookie) throw new Error('Signing in set no next-auth.session-token cookie.');
  return cookie;
}
