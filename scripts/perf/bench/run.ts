/**
 * `npm run bench` (issue 7): the app's throughput and latency at scale, next to the ceilings of this machine.
 *  1. build the production app (into .next-bench, leaving the developer's .next alone);
 *  2. a throwaway embedded PostgreSQL, migrated, seeded with the scale data set;
 *  3. the app via scripts/start.ts, and a bare node:http + pg server with the card lookup's SQL;
 *  4. every target under autocannon (warm-up, then measured), each with a probe first;
 *  5. the public pages in Chromium; the table, PASS/FAIL marks, and bench-results/*.json.
 * Everything it starts is stopped and its folder removed at the end, on an error and on Ctrl-C.
 * See docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfNeeded } from '../../lib/build';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../lib/embedded-postgres';
import { applyMigrations } from '../../lib/migrations';
import { PROJECT_ROOT } from '../../lib/runtime';
import { guardFiles } from '../../lib/build';
import { signIn, startApp, startBareServer, type Started } from './app';
import { checkPages, screenshotPage, type PageCheck } from './browser-check';
import { measure, probe, type LoadSpec } from './measure';
import { IMPORT_ROWS, type ImportMeasurement, measureImport } from './import';
import { measurePracticeRecords, PRACTICE_RECORDS, type PracticeMeasurement } from './practice';
import { parseOptions } from './options';
import {
  findNextServer,
  freePort,
  sampleMemory,
  settledMemory,
  stopChild,
  waitForIdle,
  type MemoryReading,
} from './processes';
import type { MemoryMakeup } from './memory';
import {
  dashboardFirstView,
  evaluate,
  NOISY_CORES,
  ratiosToCeilings,
  render,
  writeReport,
  type BenchReport,
  type LeadCheck,
  type TargetResult,
} from './report';
import { countLeadsLike, pickSamples, seedScaleData, storedLeadEmails } from './seed';
import { BROWSER_PAGES, buildTargets, leadEmail, type Target } from './targets';

const RESULTS_DIR = path.join(PROJECT_ROOT, 'bench-results');
/** A route whose single answer takes longer than this is reported from its probe, not loaded. */
const PROBE_SLOW_MS = 2000;
const log = (message: string) => console.log(`[bench] ${message}`);

/** The month before the current one in the UK, for the monthly report. */
function lastUkMonth(now = new Date()): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const year = Number(parts.year);
  const month = Number(parts.month);
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/**
 * The ceiling for HTML: a page Next serves without rendering it. A page the build prerendered as static (○ in the
 * build output) when there is one. Every page of this app names the clinic from the database, so there is none
 * since issue 16 (even the not-found page reads the session and the clinic), and since issue 28 every page is
 * rendered per request for its CSP nonce; then one card page, asked again and again, stands in. Since issue 32
 * no instance keeps a copy of a card, so it is rendered from the database like the card target: the card
 * target's ratio to it is what a thousand different cards cost over one card (PostgreSQL's own cache), no
 * longer a cached page against an uncached one.
 */
function staticPage(
  distDir: string,
  cardToken: string,
): { path: string; expectStatus: number; note: string } {
  const file = path.join(PROJECT_ROOT, distDir, 'prerender-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    routes: Record<
      string,
      {
        initialStatus?: number;
        initialRevalidateSeconds?: number | false;
        dataRoute?: string | null;
        renderingMode?: string;
      }
    >;
  };
  const candidates = Object.entries(manifest.routes)
    .filter(
      ([route, r]) =>
        !route.startsWith('/_') && !r.initialStatus && r.initialRevalidateSeconds === false && r.dataRoute,
    )
    .map(([route]) => route);
  const preferred = ['/smile-story-offer', '/login', '/referral-reward-card'].find((p) =>
    candidates.includes(p),
  );
  const chosen = preferred ?? candidates.sort()[0];
  if (chosen) return { path: chosen, expectStatus: 200, note: `${chosen}: prerendered, static (○)` };
  return {
    path: `/card/${cardToken}`,
    expectStatus: 200,
    note: 'no app page is prerendered (every page names the clinic from the database and carries its own CSP nonce), so one card page asked again and again stands in (rendered per request from the database, like every card page)',
  };
}

async function machineFacts(databaseUrl: string): Promise<Record<string, string | number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  await client.end();
  const nextPkg = JSON.parse(
    fs.readFileSync(path.join(PROJECT_ROOT, 'node_modules/next/package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    postgres: `PostgreSQL ${rows[0]?.server_version ?? '?'}`,
    next: nextPkg.version,
  };
}

const EXTRA_CHECKS = ['import', 'practice', 'browser'];

/** The targets to run: those --only names, plus the ceilings they are compared with. */
function selectTargets(all: Target[], only: string[] | null): Target[] {
  if (!only) return all;
  // 'browser' and 'import' are checks of their own, not load targets.
  const unknown = only.filter((n) => !EXTRA_CHECKS.includes(n) && !all.some((t) => t.name === n));
  if (unknown.length) {
    throw new Error(
      `Unknown --only name(s): ${unknown.join(', ')}. Known: ${[...all.map((t) => t.name), ...EXTRA_CHECKS].join(', ')}`,
    );
  }
  const wanted = new Set(only);
  for (const t of all) {
    if (!wanted.has(t.name)) continue;
    if (t.ceiling) wanted.add(t.ceiling);
    if (t.name === 'card-api') wanted.add('bare-card');
  }
  return all.filter((t) => wanted.has(t.name));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date().toISOString();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-bench-'));
  fs.chmodSync(tmp, 0o755); // the embedded server runs as the postgres user, which must reach its data
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const appLog = path.join(RESULTS_DIR, 'last-run-app.log');
  fs.writeFileSync(appLog, '');

  let pgServer: EmbeddedPostgres | null = null;
  let app: Started | null = null;
  let bare: Started | null = null;
  const restoreFiles = guardFiles(
    [path.join(PROJECT_ROOT, 'tsconfig.json'), path.join(PROJECT_ROOT, 'next-env.d.ts')],
    options.distDir,
  );
  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await stopChild(bare?.child ?? null, 5000);
      await stopChild(app?.child ?? null);
      await pgServer?.stop().catch(() => {});
      fs.rmSync(tmp, { recursive: true, force: true });
      restoreFiles();
    })());
  const interrupted = () => {
    if (cleaning) return; // Ctrl-C reaches both npm and this process: one stop is enough
    log('Interrupted: stopping everything ...');
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);

  try {
    process.env.NEXT_DIST_DIR = options.distDir;
    const buildStarted = Date.now();
    buildIfNeeded(log);
    restoreFiles();
    log(`Build ready in ${options.distDir} (${((Date.now() - buildStarted) / 1000).toFixed(0)} s).`);

    const kept = options.reuseData ? keptDatabase(path.resolve(options.reuseData), options.scale) : null;
    log(
      kept
        ? `Starting the kept embedded PostgreSQL in ${kept.dir} ...`
        : 'Starting a throwaway embedded PostgreSQL ...',
    );
    pgServer = await startEmbeddedPostgres({
      dataDir: kept ? path.join(kept.dir, 'pg') : path.join(tmp, 'pg'),
      password: kept?.password ?? randomBytes(12).toString('hex'),
      logFile: path.join(tmp, 'postgres.log'),
      log,
    });
    await pgServer.createDatabase('bench');
    const databaseUrl = pgServer.url('bench');
    const applied = await applyMigrations(databaseUrl);
    log(`Migrated (${applied.join(', ')}).`);
    let seeded: Seeded;
    if (kept?.seeded) {
      seeded = kept.seeded;
      log(`Reusing the data set seeded at scale ${options.scale} in ${kept.dir}.`);
    } else {
      log(`Seeding the scale data set at scale ${options.scale} ...`);
      seeded = await seedScaleData(databaseUrl, options.scale, log);
      log(`Seeded in ${seeded.seconds.toFixed(1)} s.`);
      kept?.markSeeded(seeded);
    }
    const samples = await pickSamples(databaseUrl);
    const machine = await machineFacts(databaseUrl);

    const admin = {
      email: 'bench-admin@bench.example',
      password: kept?.secret('admin-password', 18, 'base64url') ?? randomBytes(18).toString('base64url'),
    };
    log('Starting the app (scripts/start.ts) ...');
    app = await startApp({
      databaseUrl,
      port: await freePort(),
      distDir: options.distDir,
      dataDir: path.join(tmp, 'data'),
      admin,
      secrets: {
        session: kept?.secret('session-secret', 32, 'base64url') ?? randomBytes(32).toString('base64url'),
        encryption: kept?.secret('encryption-key', 32, 'base64') ?? randomBytes(32).toString('base64'),
      },
      logFile: appLog,
      log,
      env: options.appEnv,
    });
    if (Object.keys(options.appEnv).length)
      log(`The app's extra environment: ${JSON.stringify(options.appEnv)}`);
    restoreFiles(); // in case start.ts rebuilt
    const appPid = app.child.pid!;
    let nextPid = findNextServer(appPid);
    const nextServer = () => (nextPid ??= findNextServer(appPid));
    bare = await startBareServer({ databaseUrl, port: await freePort(), logFile: appLog });
    const cookie = await signIn(app.url, admin);
    log(`App on ${app.url} (next-server pid ${nextServer() ?? '?'}), bare server on ${bare.url}; signed in.`);

    const page = staticPage(options.distDir, samples.tokens[0]!);
    const leadPrefix = `bench-${Date.now().toString(36)}-`;
    const targets = selectTargets(
      buildTargets({ samples, staticPage: page, reportMonth: lastUkMonth(), leadPrefix }),
      options.only,
    );
    const acknowledged = new Set<string>();
    const results: TargetResult[] = [];

    // The idle app: every page and route the bench measures asked once (their code loaded, the pool open),
    // then left alone for a few seconds, as a clinic's server sits between visits.
    log('Asking each measured route once, then reading the idle memory ...');
    await firstRequests(app.url, targets, cookie, options.timeout * 1000);
    const idleBefore = await settledMemory(nextServer);
    log(`Idle app: ${describeReading(idleBefore)}.`);
    let peakMakeup: { target: string; rssBytes: number; makeup: MemoryMakeup } | null = null;

    for (const t of targets) {
      const origin = t.server === 'app' ? app.url : bare.url;
      const headers: Record<string, string> = t.signedIn ? { cookie } : {};
      if (t.method === 'POST')
        Object.assign(headers, { 'content-type': 'application/json', origin: app.url });
      const result: TargetResult = {
        name: t.name,
        label: t.label,
        kind: t.kind,
        server: t.server,
        note: t.note,
        ceiling: t.ceiling,
      };
      results.push(result);
      // Up to 2 minutes: requests the previous target gave up on (timeouts) may still be running.
      await waitForIdle(120_000);

      if (t.method === 'GET') {
        try {
          const p = await probe(origin + t.paths[0], headers, options.timeout * 1000);
          const rows = p.headers['content-type']?.includes('json') ? safeArrayLength(p.body) : undefined;
          result.probe = {
            status: p.status,
            ms: Math.round(p.ms),
            bodyBytes: p.bodyBytes,
            gzipBytes: p.gzipBytes,
            ...(p.headers['x-total-count'] ? { totalCount: String(p.headers['x-total-count']) } : {}),
            ...(t.name.includes('clients') ? { nextCursor: Boolean(p.headers['x-next-cursor']) } : {}),
          };
          if (rows !== undefined && /limit=50/.test(t.paths[0]!) && rows > 50) {
            result.note = `${result.note ? `${result.note}; ` : ''}ignores limit: ${rows} rows`;
          }
          const expected = t.expectStatus ?? 200;
          if (p.status !== expected) {
            result.skipped = `answered ${p.status} (expected ${expected})`;
          } else if (p.ms > PROBE_SLOW_MS && !t.keptAnswer) {
            // Under N connections such a route would only queue: report the single answer instead.
            result.skipped = `one answer alone took ${(p.ms / 1000).toFixed(1)} s (${(p.bodyBytes / 1048576).toFixed(1)} MB)`;
          }
        } catch (error) {
          result.skipped = (error as Error).message;
        }
        if (result.skipped) {
          log(`${t.name}: skipped (${result.skipped})`);
          continue;
        }
      }

      for (let round = 0; round < (t.warmEach ?? 0); round++) {
        await warmEach(origin, t.paths, headers, options.timeout * 1000);
      }
      const bareChild = bare.child;
      const memoryRoot = t.server === 'app' ? nextServer : () => bareChild.pid ?? null;
      const spec: LoadSpec = {
        origin,
        method: t.method,
        headers,
        expectStatus: t.expectStatus,
        request: (n: number) => ({
          path: t.paths[n % t.paths.length]!,
          ...(t.body ? { body: t.body(n) } : {}),
        }),
        onResponse:
          t.name === 'lead-post'
            ? (n: number, status: number) => {
                if (status < 300) acknowledged.add(leadEmail(leadPrefix, n));
              }
            : undefined,
      };
      const sampler = sampleMemory(memoryRoot);
      const m = await measure(spec, options, () => sampler);
      result.measurement = m;
      const makeup = sampler.makeupAtPeak();
      if (
        t.server === 'app' &&
        makeup &&
        m.peakRssBytes !== null &&
        m.peakRssBytes > (peakMakeup?.rssBytes ?? 0)
      )
        peakMakeup = { target: t.name, rssBytes: m.peakRssBytes, makeup };
      if (t.warmEach && t.paths[0]?.startsWith('/card/')) {
        await waitForIdle(30_000);
        result.cache = await cacheTally(origin, t.paths.slice(0, 200), headers, options.timeout * 1000);
        log(
          `${t.name}: after the run, ${JSON.stringify(result.cache.counts)} of ${result.cache.sampled} (x-nextjs-cache); ` +
            `HTML ${(result.cache.htmlBytes / 1024).toFixed(1)} KB, RSC ${(result.cache.rscBytes / 1024).toFixed(1)} KB an entry`,
        );
      }
      if (t.latency) {
        await waitForIdle(30_000);
        result.single = await measure(
          spec,
          { ...options, connections: 1, warmup: 0, duration: Math.min(5, options.duration) },
          () => null,
        );
      }
      log(
        `${t.name}: ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, ` +
          `${m.badStatus + m.errors} errors, ${Math.round(m.bytesPerResponse)} B/resp` +
          (m.otherCpuCores >= NOISY_CORES
            ? ` (other processes used ${m.otherCpuCores.toFixed(1)} cores meanwhile)`
            : ''),
      );
    }

    const idleAfter = await settledMemory(nextServer);
    log(`The app after the load, settled: ${describeReading(idleAfter)}.`);

    let leads: LeadCheck | null = null;
    if (targets.some((t) => t.name === 'lead-post')) {
      await waitForIdle();
      const emails = [...acknowledged];
      const stored = await storedLeadEmails(databaseUrl, emails);
      leads = {
        acknowledged: emails.length,
        missing: emails.filter((e) => !stored.has(e)).length,
        stored: await countLeadsLike(databaseUrl, `${leadPrefix}%`),
      };
    }

    // Issue 33: the import of 50,000 clients, after the load (it adds them to the data set).
    let imported: ImportMeasurement | null = null;
    if (!options.only || options.only.includes('import')) {
      await waitForIdle();
      log(`Importing ${IMPORT_ROWS.toLocaleString('en-GB')} clients from a CSV (upload, preview, run) ...`);
      imported = await measureImport({
        origin: app.url,
        cookie,
        rows: IMPORT_ROWS,
        prefix: `${leadPrefix}import-`,
        rootPid: nextServer,
      });
      log(
        imported.error
          ? `The import did not finish: ${imported.error}.`
          : `Imported ${imported.added} clients: preview ${imported.previewSeconds.toFixed(1)} s, run ` +
              `${imported.runSeconds.toFixed(1)} s; the app's memory ${Math.round(imported.rssBeforeBytes / 1048576)} → ` +
              `${Math.round(imported.peakRssBytes / 1048576)} MB at its peak.`,
      );
    }

    // Issue 34: 10,000 practice records matched against the seeded referrals through the integration API.
    let practice: PracticeMeasurement | null = null;
    if (!options.only || options.only.includes('practice')) {
      await waitForIdle();
      log(
        `Matching ${PRACTICE_RECORDS.toLocaleString('en-GB')} practice records through the integration API ...`,
      );
      practice = await measurePracticeRecords({
        origin: app.url,
        cookie,
        databaseUrl,
        prefix: `${leadPrefix}practice-`,
      });
      log(
        practice.error
          ? `The practice records were not all taken: ${practice.error}.`
          : `Took ${practice.records} practice records in ${practice.seconds.toFixed(1)} s (slowest call of 500: ` +
              `${practice.slowestCallSeconds.toFixed(1)} s): ${practice.new} new, ${practice.matched} matched, ` +
              `${practice.proposed} proposed.`,
      );
    }

    let browser: PageCheck[] = [];
    if (options.browser && (!options.only || options.only.includes('browser'))) {
      log('Loading the public pages in Chromium ...');
      browser = await checkPages(app.url, BROWSER_PAGES(samples));
    }
    if (options.screenshot) {
      await screenshotPage(app.url, '/insights', cookie, path.resolve(PROJECT_ROOT, options.screenshot));
      log(`Saved a screenshot of the Insights page in ${options.screenshot}.`);
    }

    ratiosToCeilings(results);
    const rps = (name: string) => results.find((r) => r.name === name)?.measurement?.requestsPerSecond;
    const cardApi = rps('card-api');
    const bareCard = rps('bare-card');
    const appPeaks = results
      .filter((r) => r.server === 'app' && r.measurement?.peakRssBytes != null)
      .map((r) => r.measurement!.peakRssBytes!);
    const partial: Omit<BenchReport, 'checks'> = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine,
      options: { ...options },
      seed: { scale: options.scale, seconds: seeded.seconds, counts: seeded.counts },
      staticPage: page.note,
      targets: results,
      dashboardFirstView: dashboardFirstView(results),
      frameworkCost: cardApi && bareCard ? cardApi / bareCard : null,
      leads,
      imported,
      practice,
      browser,
      peakRssBytes: appPeaks.length ? Math.max(...appPeaks) : null,
      memory: {
        idleBefore,
        idleAfter,
        peak: peakMakeup,
        appEnv: options.appEnv,
      },
    };
    const report: BenchReport = { ...partial, checks: evaluate(partial) };
    console.log(`\n${render(report)}`);
    const files = writeReport(report, RESULTS_DIR);
    log(
      `Written ${files.map((f) => path.relative(PROJECT_ROOT, f)).join(' and ')}; the app's log is in ${path.relative(PROJECT_ROOT, appLog)}.`,
    );
  } finally {
    log('Stopping the servers and removing the throwaway database ...');
    await cleanup();
  }
}

function describeReading(reading: MemoryReading | null): string {
  if (!reading) return 'not read (the server is gone)';
  const mb = (n: number) => `${Math.round(n / 1048576)} MB`;
  const m = reading.makeup;
  return (
    `${mb(reading.rssBytes)} resident` +
    (m ? ` (C heap ${mb(m.mallocHeap)}, other anonymous ${mb(m.anonymous)}, files ${mb(m.files)})` : '')
  );
}

/**
 * `--reuse-data DIR`: the database's folder, its password (made on the first run and kept beside it), and
 * whether it already holds the data set at this scale (a marker written once the seed finished: a seed that
 * was interrupted is not reused). A folder seeded at another scale is refused rather than mixed.
 */
type Seeded = Awaited<ReturnType<typeof seedScaleData>>;

function keptDatabase(dir: string, scale: number) {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755); // the embedded server runs as the postgres user, which must reach its data
  // The database's password, the first admin's and the app's secrets: made on the first run, kept beside the
  // data, so that a later run signs in as the same admin and reads what the first one encrypted.
  const secret = (name: string, bytes: number, encoding: BufferEncoding) => {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(bytes).toString(encoding), { mode: 0o600 });
    return fs.readFileSync(file, 'utf8').trim();
  };
  const markerFile = path.join(dir, 'seeded.json');
  const marker = fs.existsSync(markerFile)
    ? (JSON.parse(fs.readFileSync(markerFile, 'utf8')) as { scale: number; seeded: Seeded })
    : null;
  if (marker && marker.scale !== scale) {
    throw new Error(`${dir} holds the data set at scale ${marker.scale}, not ${scale}: use another folder`);
  }
  return {
    dir,
    password: secret('password', 12, 'hex'),
    secret,
    seeded: marker?.seeded ?? null,
    markSeeded: (seeded: Seeded) => fs.writeFileSync(markerFile, JSON.stringify({ scale, seeded })),
  };
}

/**
 * One request to each of the app's targets (the first of its paths; one lead for the lead target), one after
 * another, so the idle reading is of an app that has served each of them, not of one that has loaded nothing.
 */
async function firstRequests(
  origin: string,
  targets: Target[],
  cookie: string,
  timeoutMs: number,
): Promise<void> {
  for (const t of targets) {
    if (t.server !== 'app') continue;
    const headers: Record<string, string> = t.signedIn ? { cookie } : {};
    const init: RequestInit =
      t.method === 'POST'
        ? {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', origin },
            // Far past the load's numbers: this lead never clashes with the ones the load sends.
            body: t.body?.(1_000_000_000),
          }
        : { headers };
    await fetch(origin + t.paths[0]!, { ...init, signal: AbortSignal.timeout(timeoutMs) })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  }
}

function safeArrayLength(body: Buffer): number | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return Array.isArray(value) ? value.length : undefined;
  } catch {
    return undefined;
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] ${(error as Error).message}`);
    if (process.env.DEBUG_STACK) console.error(error);
    process.exit(1);
  },
);

/**
 * Whether the cache still held what the warm-up put in it: each path asked once more, one at a time, with the
 * answer's x-nextjs-cache header tallied (HIT, STALE, MISS, or none when the page was rendered for the
 * request), and the size of what one entry keeps (the HTML, and the RSC payload Next stores beside it).
 */
async function cacheTally(
  origin: string,
  paths: string[],
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<NonNullable<TargetResult['cache']>> {
  const counts: Record<string, number> = {};
  let htmlBytes = 0;
  for (const path of paths) {
    const res = await fetch(origin + path, { headers, signal: AbortSignal.timeout(timeoutMs) });
    htmlBytes += (await res.arrayBuffer()).byteLength;
    const state = res.headers.get('x-nextjs-cache') ?? 'none';
    counts[state] = (counts[state] ?? 0) + 1;
  }
  const rsc = await fetch(origin + paths[0]!, {
    headers: { ...headers, rsc: '1' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const rscBytes = (await rsc.arrayBuffer()).byteLength;
  return { sampled: paths.length, counts, htmlBytes: Math.round(htmlBytes / paths.length), rscBytes };
}

/**
 * Asks for every path once (8 at a time), so that a cached route is measured on its cache, as a clinic's
 * cards are once each has been opened, rather than on the first visits of a thousand cards.
 */
async function warmEach(
  origin: string,
  paths: string[],
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      await fetch(origin + path, { headers, signal: AbortSignal.timeout(timeoutMs) })
        .then((res) => res.arrayBuffer())
        .catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
