/**
 * `npm run lighthouse`: Lighthouse (mobile form factor, default simulated throttling) in the system Chromium on
 * the two pages a client's friends see first: the reward card (/card/{token}) and the recommendation form
 * (/recommendation-details?ref={card number}). It builds the app if needed, starts it as `npm start` does on a
 * throwaway embedded database, registers one client through the API, audits both pages, prints each page's four
 * category scores with PASS/FAIL against the targets (accessibility 100, best practices ≥ 95, performance ≥ 95),
 * writes the reports to lighthouse-results/ and stops everything it started. Exit code 1 when a target is missed.
 *
 * Options: --runs N (audit each page N times and keep the run with the median performance score; default 1),
 * --port N (default 3280, or LIGHTHOUSE_PORT). NEXT_DIST_DIR and CHROMIUM_PATH are honoured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../../lib/build';
import { PROJECT_ROOT } from '../../lib/runtime';

const ADMIN = { email: 'lighthouse-admin@clinic.test', password: 'Lighthouse-admin-password-1' };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The targets of issue 8; SEO is printed but has none. */
const TARGETS: Partial<Record<Category, number>> = {
  accessibility: 100,
  'best-practices': 95,
  performance: 95,
};
const LABELS: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

function log(message: string): void {
  console.log(`[lighthouse] ${message}`);
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0`);
  return n;
}

/** Starts the production app as `npm start` does, on a fresh embedded database in `dataDir`. */
function startApp(port: number, dataDir: string, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  return spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'start.ts')], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      EPHEMERAL_DATA_DIR: '1',
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
}

async function waitUntilUp(baseUrl: string, app: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null || app.signalCode !== null) {
      throw new Error(`The app stopped while starting; see ${logFile}`);
    }
    try {
      const res = await fetch(`${baseUrl}/login`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The app did not answer GET /login within 10 minutes; see ${logFile}`);
}

async function stopApp(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null || app.signalCode !== null) return;
  const exited = new Promise((resolve) => app.once('exit', resolve));
  app.kill('SIGTERM'); // start.ts stops the web server, then the database, and removes DATA_DIR
  const timer = setTimeout(() => app.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Registers one client through the API, as the first full admin: its card token and card number. */
async function registerClient(baseUrl: string): Promise<{ inviteToken: string; cardNumber: string }> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`POST /api/login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${baseUrl}/api/admin/clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      firstName: 'Olivia',
      lastName: 'Lighthouse',
      email: `lighthouse-${Date.now()}@clinic.test`,
    }),
  });
  if (res.status !== 201)
    throw new Error(`POST /api/admin/clients answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { inviteToken: string; cardNumber: string };
}

interface PageResult {
  name: string;
  url: string;
  scores: Record<Category, number>;
  /** Audits that lost points in a category with a target: id, title, score. */
  shortfalls: { category: Category; id: string; title: string; score: number | null }[];
  /** The performance metrics, as Lighthouse displays them. */
  metrics: Record<string, string>;
  /** Lighthouse's measure of this machine's speed: the 4x CPU slowdown assumes a fast desktop (about 1500+). */
  benchmarkIndex: number;
  file: string;
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

async function main(): Promise<void> {
  const runs = positiveInteger(option('runs'), 1, 'runs');
  const port = positiveInteger(option('port') ?? process.env.LIGHTHOUSE_PORT, 3280, 'port');
  const baseUrl = `http://127.0.0.1:${port}`;
  const resultsDir = path.join(PROJECT_ROOT, 'lighthouse-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const logFile = path.join(resultsDir, `app-${stamp}.log`);

  buildIfNeeded(log);

  // Both are ES modules; loaded here so that this CommonJS script can use them.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smile-referrals-lighthouse-'));
  log(`Starting the app on ${baseUrl} (throwaway database in ${dataDir}; log in ${logFile}) ...`);
  const app = startApp(port, dataDir, logFile);
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  const stopAll = async () => {
    chrome?.kill();
    chrome = undefined;
    await stopApp(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: PageResult[] = [];
  try {
    await waitUntilUp(baseUrl, app, logFile);
    const client = await registerClient(baseUrl);
    const pages = [
      { name: 'card', url: `${baseUrl}/card/${client.inviteToken}` },
      { name: 'recommendation-form', url: `${baseUrl}/recommendation-details?ref=${client.cardNumber}` },
    ];
    // Warm each page once (the first request of a route renders it; the card is then served from the cache).
    for (const page of pages) await (await fetch(page.url)).arrayBuffer();

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });

    for (const page of pages) {
      const candidates: { lhr: import('lighthouse').Result; json: string }[] = [];
      for (let run = 1; run <= runs; run += 1) {
        log(`Auditing ${page.name}${runs > 1 ? ` (run ${run} of ${runs})` : ''}: ${page.url}`);
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        if (result.lhr.runtimeError) {
          throw new Error(`Lighthouse failed on ${page.url}: ${result.lhr.runtimeError.message}`);
        }
        candidates.push({ lhr: result.lhr, json: result.report as string });
      }
      // The run with the median performance score (performance is the one that varies between runs).
      candidates.sort(
        (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
      );
      const { lhr, json } = candidates[Math.floor((candidates.length - 1) / 2)]!;
      const file = path.join(resultsDir, `${page.name}-${stamp}.json`);
      fs.writeFileSync(file, json);
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      const shortfalls: PageResult['shortfalls'] = [];
      for (const category of CATEGORIES) {
        if (TARGETS[category] === undefined) continue;
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
          shortfalls.push({ category, id: audit.id, title: audit.title, score: audit.score });
        }
      }
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '?']),
      );
      const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
      results.push({ name: page.name, url: page.url, scores, shortfalls, metrics, benchmarkIndex, file });
    }
  } finally {
    log('Stopping Chromium and the app ...');
    await stopAll();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  // ------------------------------------------------------------------------------------------ the report
  let failed = false;
  console.log('');
  for (const result of results) {
    console.log(`${result.name}  ${result.url.replace(baseUrl, '')}`);
    for (const category of CATEGORIES) {
      const score = result.scores[category];
      const target = TARGETS[category];
      const verdict =
        target === undefined ? '(no target)' : score >= target ? `PASS (≥ ${target})` : `FAIL (< ${target})`;
      if (target !== undefined && score < target) failed = true;
      console.log(`  ${LABELS[category].padEnd(15)} ${String(score).padStart(3)}  ${verdict}`);
    }
    const metrics = Object.entries(result.metrics).map(([label, value]) => `${label} ${value}`);
    console.log(`    ${metrics.join(', ')}; benchmarkIndex ${result.benchmarkIndex}`);
    for (const s of result.shortfalls) {
      console.log(`    - ${LABELS[s.category]}: ${s.id} (${s.title}) scored ${s.score}`);
    }
    console.log(`  report: ${path.relative(PROJECT_ROOT, result.file)}`);
    console.log('');
  }
  const summary = path.join(resultsDir, `summary-${stamp}.json`);
  fs.writeFileSync(
    summary,
    `${JSON.stringify({ date: new Date().toISOString(), runs, targets: TARGETS, results }, null, 2)}\n`,
  );
  console.log(failed ? 'FAIL: a target was missed.' : 'PASS: every target was met.');
  process.exitCode = failed ? 1 : 0;
}

main().then(
  // Lighthouse and chrome-launcher may leave handles open: leave once the report is out.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(`[lighthouse] ${(error as Error).message}`);
    process.exit(1);
  },
);
