/**
 * `npm run security`: attacks tried against the real server, started as `npm start` starts it (a throwaway
 * embedded PostgreSQL, the production build, the custom server in front of Next), and what held.
 *
 * Each attack is a module in ./attacks (run in the order of their file names): issue 14's spoofed-address floods,
 * card guessing and session replays, and issue 28's attacks on money, limits, the public lead, the HTTP edges,
 * headers, unsubscribe links and review links. An attack reports each check through `check` (./support.ts), and
 * may ask for settings the app starts with (`export const env`). Prints one line per check and exits 1 when
 * anything did not hold or an attack threw. Not part of `npm test` (it starts its own server: a minute or two,
 * plus a build when the build is stale).
 *
 * `npm run security -- --only limits,money` runs only the named attack modules.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ChaosApp, freePort, portIsFree } from '../chaos/app';
import { buildIfNeeded } from '../chaos/build';
import { signIn } from '../chaos/http';
import { LIMITS, checks, log, request, type Attack, type CreatedClient } from './support';

interface AttackModule {
  name: string;
  attack: Attack;
  env: Record<string, string>;
}

async function loadAttacks(only: string[] | null): Promise<AttackModule[]> {
  const dir = path.join(__dirname, 'attacks');
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
    .sort();
  const modules: AttackModule[] = [];
  for (const file of files) {
    const name = file.replace(/\.ts$/, '');
    if (only && !only.includes(name)) continue;
    const mod = (await import(path.join(dir, file))) as {
      default?: Attack | { default?: Attack };
      env?: Record<string, string>;
    };
    // tsx may wrap a CommonJS-compiled module's default export once more.
    const attack = typeof mod.default === 'function' ? mod.default : mod.default?.default;
    if (typeof attack !== 'function') throw new Error(`${file} has no default export (the attack).`);
    modules.push({ name, attack, env: mod.env ?? {} });
  }
  return modules;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      port: { type: 'string' },
      keep: { type: 'boolean' },
      only: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run security -- [--port <n>] [--keep] [--only <attack,attack>]');
    return 0;
  }
  const attacks = await loadAttacks(values.only ? values.only.split(',').map((s) => s.trim()) : null);
  if (attacks.length === 0) {
    console.error('No attack module matched.');
    return 1;
  }
  let port = Number(values.port) || 3320;
  if (!(await portIsFree(port))) port = await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-security-'));
  fs.chmodSync(tmp, 0o755);
  const admin = { email: 'security-admin@clinic.test', password: 'Security-admin-password-1' };
  const env: Record<string, string> = Object.fromEntries(
    Object.entries(LIMITS).map(([k, v]) => [k, String(v)]),
  );
  for (const a of attacks) Object.assign(env, a.env);
  const app = new ChaosApp({
    port,
    dataDir: path.join(tmp, 'data'),
    distDir: process.env.NEXT_DIST_DIR || '.next',
    admin,
    logFile: path.join(tmp, 'app.log'),
    log,
    env,
  });
  const failures: string[] = [];
  try {
    buildIfNeeded(process.env.NEXT_DIST_DIR || '.next', log);
    log(`Starting the app on port ${port} as npm start does (TRUSTED_PROXIES unset: no proxy trusted) ...`);
    await app.start('security');
    const base = app.url;
    const adminSession = await signIn(base, admin);

    const clients: CreatedClient[] = [];
    for (const [firstName, lastName] of [
      ['Jane', 'Smith'],
      ['John', 'Brown'],
    ] as const) {
      const res = await request(`${base}/api/admin/clients`, {
        method: 'POST',
        headers: { Cookie: adminSession.cookie! },
        body: { firstName, lastName, email: `${firstName}.${lastName}.${Date.now()}@example.com` },
      });
      if (res.status !== 201 && res.status !== 200)
        throw new Error(`Adding a client failed: ${res.status} ${res.text}`);
      clients.push(JSON.parse(res.text) as CreatedClient);
    }

    for (const { name, attack } of attacks) {
      log(`--- ${name}`);
      try {
        await attack({ base, admin, adminSession, clients, app });
      } catch (error) {
        // One attack that breaks (or finds the app down) is a failure, but the others still run.
        const message = `${name}: ${(error as Error).message}`;
        failures.push(message);
        log(`ERROR in ${message}`);
        log(app.tail(20));
      }
    }
  } catch (error) {
    failures.push((error as Error).message);
    log(`ERROR: ${(error as Error).message}`);
    log(app.tail(20));
  } finally {
    await app.stop();
    await app.closeLog();
    if (!values.keep) fs.rmSync(tmp, { recursive: true, force: true });
    else log(`Kept ${tmp}`);
  }
  const held = checks.filter((c) => c.held).length;
  console.log(
    `\nSecurity summary: ${held} of ${checks.length} checks held` +
      (failures.length ? `; ERRORS: ${failures.join('; ')}` : ''),
  );
  for (const c of checks) console.log(`  ${c.held ? 'held  ' : 'FAILED'}  ${c.name}`);
  const ok = failures.length === 0 && checks.length > 0 && held === checks.length;
  console.log(`  RESULT: ${ok ? 'PASS' : 'FAIL'}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
