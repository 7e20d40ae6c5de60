/**
 * `npm run chaos` (issue 8, part 4): does an acknowledged write survive the app being killed mid-stream, and
 * is nothing ever half-done?
 *  1. a throwaway DATA_DIR; the normal production build (built only if stale); the app started as `npm start`
 *     starts it, on its own port, with its embedded PostgreSQL;
 *  2. a few referrers added through the admin API;
 *  3. each round: concurrent workers post leads and take referrals through story started / paid / undone;
 *     2-6 s in, SIGKILL (the whole process group, or all but PostgreSQL: see options.ts); restart on the same
 *     data; read the database with SQL and hold it to every 2xx answer (verify.ts);
 *  4. finally a clean stop (Ctrl-C's SIGINT), a restart and the same checks, then everything is stopped and
 *     the folder removed (also on failure and on Ctrl-C).
 * Exit code 1 on any violation. See docs/chaos.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChaosApp, freePort, portIsFree, type StartReport } from './app';
import { buildIfNeeded, freezeBuild } from './build';
import { seedClients, signIn } from './http';
import { emptyStats, newLedger, runLoad, type Ledger, type RoundStats } from './load';
import { killModeOf, parseOptions, seededRandom, type ChaosOptions } from './options';
import { durabilitySettings, verify, type InDoubtTally, type Verification } from './verify';

const log = (message: string) => console.log(`[chaos] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The embedded database's name (scripts/lib/runtime.ts). */
const EMBEDDED_DATABASE = 'smile_referrals';
const REFERRERS = 4;

interface RoundResult {
  /** 'round 2', or 'final' for the clean stop. */
  label: string;
  /** How the app went down before this start, e.g. 'group SIGKILL at 2.3 s'. */
  how: string;
  stats: RoundStats;
  start: StartReport;
  recovery: string[];
  verification: Verification;
}

/** The embedded server's address: the port start.ts printed, the password it keeps in DATA_DIR/secrets.json. */
function databaseUrl(dataDir: string, pgPort: number): string {
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  return `postgresql://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${pgPort}/${EMBEDDED_DATABASE}`;
}

/** What PostgreSQL itself logged about how it came up (crash recovery, or a clean shutdown before). */
function recoveryLines(logFile: string, fromByte: number): string[] {
  let text = '';
  try {
    const fd = fs.openSync(logFile, 'r');
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.max(0, size - fromByte));
    fs.readSync(fd, buffer, 0, buffer.length, fromByte);
    fs.closeSync(fd);
    text = buffer.toString();
  } catch {
    return [];
  }
  const wanted =
    /database system was (interrupted|not properly shut down|shut down)|automatic recovery|redo done|shared memory block|lock file|FATAL|PANIC/;
  return text
    .split('\n')
    .filter((line) => wanted.test(line))
    .map((line) => line.replace(/^.*?(LOG|FATAL|ERROR|WARNING|HINT|DETAIL):\s+/, '$1: ').trim());
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

function addStats(total: RoundStats, s: RoundStats): void {
  total.sent += s.sent;
  total.acknowledged += s.acknowledged;
  total.inFlight += s.inFlight;
  total.unsent += s.unsent;
  for (const [key, n] of Object.entries(s.refused)) total.refused[key] = (total.refused[key] ?? 0) + n;
}

function describeDoubt(inDoubt: InDoubtTally): string {
  const parts = Object.entries(inDoubt).map(([kind, t]) => `${kind} ${t.committed}/${t.total}`);
  return parts.length ? parts.join(', ') : 'none';
}

async function restartAndVerify(
  app: ChaosApp,
  dataDir: string,
  ledger: Ledger,
  label: string,
  how: string,
): Promise<Omit<RoundResult, 'stats'>> {
  const pgLog = path.join(dataDir, 'postgres.log');
  const offset = fileSize(pgLog);
  const start = await app.start(label);
  const recovery = recoveryLines(pgLog, offset);
  const verification = await verify(databaseUrl(dataDir, start.pgPort), ledger);
  return { label, how, start, recovery, verification };
}

function printRound(r: RoundResult): void {
  const v = r.verification;
  log(
    `${r.label} (${r.how}): sent ${r.stats.sent}, acknowledged ${r.stats.acknowledged}, no answer ${r.stats.inFlight}` +
      ` (committed after all: ${describeDoubt(v.inDoubt)}); back up in ${(r.start.readyMs / 1000).toFixed(1)} s` +
      (r.start.rebuilt ? ' (rebuilt first)' : ''),
  );
  log(`  start log: ${r.start.leftoverMessage ?? '(no message about the database the kill left)'}`);
  for (const line of r.recovery) log(`  postgres.log: ${line}`);
  log(
    `  checks: ${v.checks - v.violations.length} passed, ${v.violations.length} violations` +
      ` (database: ${v.totals.leads} leads, ${v.totals.referrals} referrals, ${v.totals.paid} paid, ${v.totals.auditEntries} audit entries)`,
  );
  for (const violation of v.violations.slice(0, 20)) log(`  VIOLATION: ${violation}`);
  if (v.violations.length > 20) log(`  ... and ${v.violations.length - 20} more`);
}

function printSummary(
  options: ChaosOptions,
  results: RoundResult[],
  settings: string,
  failed: string | null,
): boolean {
  const total = results.reduce((t, r) => (addStats(t, r.stats), t), emptyStats());
  const passed = results.reduce((n, r) => n + r.verification.checks - r.verification.violations.length, 0);
  const violations = results.reduce((n, r) => n + r.verification.violations.length, 0);
  const doubt: InDoubtTally = {};
  for (const r of results) {
    for (const [kind, t] of Object.entries(r.verification.inDoubt)) {
      const d = (doubt[kind] ??= { total: 0, committed: 0 });
      d.total += t.total;
      d.committed += t.committed;
    }
  }
  const kills = results.filter((r) => r.label !== 'final');
  // Every restart after a kill must say what it found: a database left running, or one that crashed.
  const silent = kills.filter((r) => !r.start.leftoverMessage).map((r) => r.label);
  // ... and the right thing: a whole-group kill took PostgreSQL with it; an app kill left it running.
  const misread = kills
    .filter((r) => r.start.leftoverMessage)
    .filter((r) =>
      r.how.startsWith('whole group')
        ? !/not shut down cleanly/.test(r.start.leftoverMessage!)
        : !/left running/.test(r.start.leftoverMessage!),
    )
    .map((r) => r.label);
  const ok =
    violations === 0 &&
    failed === null &&
    kills.length === options.rounds &&
    silent.length === 0 &&
    misread.length === 0;
  const lines = [
    `Chaos summary (seed ${options.seed}, ${options.workers} workers, --duration ${options.duration} s, --mode ${options.mode})`,
    `  rounds (SIGKILL + restart): ${kills.length} of ${options.rounds}: ${kills.map((r) => `${r.label.replace('round ', '')}: ${r.how}`).join('; ')}`,
    `  requests sent: ${total.sent}, acknowledged (2xx): ${total.acknowledged}, no answer (in flight at a kill): ${total.inFlight}, never sent (connection refused): ${total.unsent}`,
    `  refused answers (non-2xx): ${
      Object.keys(total.refused).length
        ? Object.entries(total.refused)
            .map(([k, n]) => `${n} x ${k}`)
            .join('; ')
        : 'none'
    }`,
    `  in flight at the kills, found committed after restart: ${describeDoubt(doubt)}`,
    `  start.ts on the database each kill left: ${
      results
        .filter((r) => r.start.leftoverMessage)
        .map((r) => `${r.label}: "${r.start.leftoverMessage}"`)
        .join('; ') || 'none met'
    }`,
    silent.length ? `  ERROR: no message from start.ts after ${silent.join(', ')}` : '',
    misread.length ? `  ERROR: start.ts misread the database after ${misread.join(', ')}` : '',
    `  PostgreSQL: ${settings}`,
    `  checks passed: ${passed} (over ${results.length} verifications), violations: ${violations}`,
    failed ? `  ERROR: ${failed}` : '',
    `  RESULT: ${ok ? 'PASS' : 'FAIL'}`,
  ].filter(Boolean);
  console.log(`\n${lines.join('\n')}`);
  return ok;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const killRandom = seededRandom(options.seed);
  const choiceRandom = seededRandom(options.seed ^ 0x9e3779b9);
  const tag = `${options.seed.toString(36)}${Date.now().toString(36)}`;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-chaos-'));
  // 755: as root the embedded server runs as the postgres user, which must reach DATA_DIR (else runtime.ts
  // would keep the cluster in /var/tmp instead, outside the folder this run removes).
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, 'data');
  let port = options.port;
  if (!(await portIsFree(port))) {
    const fallback = await freePort();
    log(`Port ${port} is taken; using ${fallback}.`);
    port = fallback;
  }
  const admin = { email: 'chaos-admin@example.com', password: randomBytes(18).toString('base64url') };
  const app = new ChaosApp({
    port,
    dataDir,
    distDir: options.distDir,
    admin,
    logFile: path.join(tmp, 'app.log'),
    log,
  });

  let thaw = () => {};
  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await app.stop().catch((error: Error) => log(`Stopping the app: ${error.message}`));
      await app.closeLog();
      thaw();
      if (options.keep) log(`Kept the data folder and logs in ${tmp}`);
      else fs.rmSync(tmp, { recursive: true, force: true });
    })());
  const interrupted = () => {
    log('Interrupted: stopping everything ...');
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);

  const results: RoundResult[] = [];
  let settings = '?';
  let failed: string | null = null;
  try {
    log(`Seed ${options.seed} (replay with --seed ${options.seed}); data in ${tmp}; app on ${app.url}`);
    buildIfNeeded(options.distDir, log);
    if (options.freezeBuild) {
      thaw = freezeBuild(options.distDir);
      log(`Froze the build in ${options.distDir} for this run: no restart will rebuild it.`);
    }

    log('Starting the app (npx tsx scripts/start.ts) on a fresh embedded database ...');
    const first = await app.start('first start');
    log(`Up in ${(first.readyMs / 1000).toFixed(1)} s (embedded PostgreSQL on 127.0.0.1:${first.pgPort}).`);
    settings = await durabilitySettings(databaseUrl(dataDir, first.pgPort));
    const clients = await seedClients(await signIn(app.url, admin), REFERRERS, tag);
    log(`Added ${clients.length} referrers: ${clients.map((c) => c.cardNumber).join(', ')}`);
    const ledger = newLedger(clients);

    for (let round = 1; round <= options.rounds; round++) {
      const mode = killModeOf(options.mode, round);
      // 2-6 s into the load, never past the round's --duration.
      const low = Math.min(2, options.duration / 2);
      const high = Math.min(6, options.duration);
      const killAtMs = Math.round((low + killRandom() * (high - low)) * 1000);
      const stats = emptyStats();
      let stopped = false;
      const staff = await signIn(app.url, admin);
      log(
        `Round ${round}: ${options.workers} workers; SIGKILL (${mode === 'group' ? 'whole group' : 'all but PostgreSQL'}) at ${(killAtMs / 1000).toFixed(1)} s ...`,
      );
      const load = runLoad(
        {
          ledger,
          stats,
          visitor: { url: app.url, cookie: null },
          staff,
          random: choiceRandom,
          tag: `${tag}r${round}`,
          stopped: () => stopped,
        },
        options.workers,
      );
      await sleep(killAtMs);
      stopped = true; // no new requests: those in flight now are the ones the kill catches
      const killed = await app.kill(mode);
      await load;
      if (killed.leftRunning)
        log(`  killed; PostgreSQL (pid ${killed.postmaster}) left running on the data.`);
      else log(`  killed, PostgreSQL (pid ${killed.postmaster}) with it.`);
      const at = `${(killAtMs / 1000).toFixed(1)} s`;
      const how =
        mode === 'group'
          ? `whole group SIGKILLed at ${at}`
          : `app SIGKILLed at ${at}, PostgreSQL left running`;
      const restartAfterMs = Date.now() - killed.killedAt;
      const result = { stats, ...(await restartAndVerify(app, dataDir, ledger, `round ${round}`, how)) };
      results.push(result);
      printRound(result);
      if (mode === 'group') {
        // The postmaster died too; it may still have been a zombie (not yet reaped) when the restart looked,
        // which start.ts must not mistake for a server left running.
        const reaped = killed.reapedAfterMs();
        log(
          `  the killed postmaster (pid ${killed.postmaster}) was reaped ` +
            (reaped === null ? 'not yet' : `${reaped} ms after the kill`) +
            `; the restart began ${restartAfterMs} ms after the kill`,
        );
      }
    }

    // The other way the app stops: Ctrl-C (SIGINT to the group), which must lose nothing either.
    log('Final: a clean stop (SIGINT, as Ctrl-C sends it), a restart and the same checks ...');
    await app.stop();
    const final = {
      stats: emptyStats(),
      ...(await restartAndVerify(app, dataDir, ledger, 'final', 'clean stop: SIGINT to the group')),
    };
    results.push(final);
    printRound(final);
  } catch (error) {
    failed = (error as Error).message;
    log(`Failed: ${failed}`);
  } finally {
    await cleanup();
  }
  return printSummary(options, results, settings, failed) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`[chaos] ${error.message}`);
    process.exit(1);
  },
);
