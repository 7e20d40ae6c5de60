/**
 * The bench's verdict: one table of every target (with its ratio to its ceiling), the issue's targets as
 * PASS/FAIL marks (reported, never asserted: numbers on a shared 2-core machine are noisy), and the same in
 * JSON under bench-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { firstLoadMakeup, type PageCheck } from './browser-check';
import type { Measurement } from './measure';
import type { MemoryMakeup } from './memory';
import { IMPORT_GROWTH_MB, IMPORT_ROWS, IMPORT_SECONDS, type ImportMeasurement } from './import';
import { PRACTICE_RECORDS, PRACTICE_SECONDS, type PracticeMeasurement } from './practice';
import type { MemoryReading } from './processes';
import { DASHBOARD_FIRST_VIEW, FIRST_LOAD_JS_KB, type Target } from './targets';

export interface TargetResult {
  name: string;
  label: string;
  kind: Target['kind'];
  server: Target['server'];
  note?: string;
  ceiling?: Target['ceiling'];
  probe?: {
    status: number;
    ms: number;
    bodyBytes: number;
    gzipBytes: number;
    totalCount?: string;
    nextCursor?: boolean;
  };
  measurement?: Measurement;
  /** Latency targets: the same requests at one connection (one person waiting). */
  single?: Measurement;
  /** Cached pages: what the cache answered when each was asked again after the run, and an entry's size. */
  cache?: { sampled: number; counts: Record<string, number>; htmlBytes: number; rscBytes: number };
  /** Why it was not put under load. */
  skipped?: string;
  /** req/s divided by the ceiling's req/s. */
  ratio?: number;
}

export interface LeadCheck {
  acknowledged: number;
  missing: number;
  /** Leads with the bench's email pattern found in the database (≥ acknowledged: a timed-out request may still land). */
  stored: number;
}

export interface Check {
  target: string;
  actual: string;
  pass: boolean | null; // null: not measured in this run
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: Record<string, string | number>;
  options: Record<string, unknown>;
  seed: { scale: number; seconds: number; counts: Record<string, number> } | null;
  staticPage: string;
  targets: TargetResult[];
  dashboardFirstView: { serverMs: number; bytes: number; parts: string[]; missing: string[] } | null;
  frameworkCost: number | null;
  leads: LeadCheck | null;
  /** Issue 33: a file of clients uploaded, previewed and run (null when not measured). */
  imported?: ImportMeasurement | null;
  practice?: PracticeMeasurement | null;
  browser: PageCheck[];
  peakRssBytes: number | null;
  /** The app's memory (issue 32): idle before and after the load, and what it was made of at its peak. */
  memory?: {
    idleBefore: MemoryReading | null;
    idleAfter: MemoryReading | null;
    peak: { target: string; rssBytes: number; makeup: MemoryMakeup } | null;
    /** The --app-env settings of this run (none in a standard run). */
    appEnv: Record<string, string>;
  };
  checks: Check[];
}

/** Issue 32's goals for a 1 GB server, beside PostgreSQL. */
export const PEAK_RSS_MB = 450;
export const IDLE_RSS_MB = 250;

/** Cores used outside the bench above which a measurement is flagged as disturbed. */
export const NOISY_CORES = 0.25;
const MB = 1024 * 1024;
const KB = 1024;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const badCount = (m: Measurement) => m.badStatus + m.errors; // autocannon's errors include its timeouts
const describe = (m: Measurement) =>
  m.requests ? `p99 ${fmt(m.p99Ms)} ms, ${badCount(m)} errors` : 'no answer completed during the run';

export function ratiosToCeilings(results: TargetResult[]): void {
  const rps = (name: string) => results.find((r) => r.name === name)?.measurement?.requestsPerSecond;
  for (const r of results) {
    const ceiling = r.ceiling ? rps(r.ceiling) : undefined;
    if (r.measurement && ceiling) r.ratio = r.measurement.requestsPerSecond / ceiling;
  }
}

export function dashboardFirstView(results: TargetResult[]): BenchReport['dashboardFirstView'] {
  const parts = DASHBOARD_FIRST_VIEW.map((d) => results.find((r) => r.name === d.name));
  if (parts.every((p) => !p)) return null; // not selected in this run
  const measured = parts.filter((p) => p?.measurement?.requests);
  return {
    // One admin opening the dashboard: each request's p50 at one connection.
    serverMs: measured.reduce((sum, p) => sum + (p!.single ?? p!.measurement!).p50Ms, 0),
    bytes: measured.reduce((sum, p) => sum + p!.measurement!.bytesPerResponse, 0),
    parts: DASHBOARD_FIRST_VIEW.map((d) => d.label),
    missing: DASHBOARD_FIRST_VIEW.filter((d, i) => !parts[i]?.measurement?.requests).map((d) => d.name),
  };
}

export function evaluate(report: Omit<BenchReport, 'checks'>): Check[] {
  const by = (name: string) => report.targets.find((r) => r.name === name);
  const checks: Check[] = [];
  const add = (target: string, actual: string | null, pass: boolean | null) =>
    checks.push({ target, actual: actual ?? 'not measured', pass: actual === null ? null : pass });

  const ratioCheck = (name: string, label: string, min: number, ceiling: string) => {
    const r = by(name);
    add(
      `${label} ≥ ${min} × ${ceiling} req/s`,
      r?.ratio !== undefined ? `${fmt(r.ratio, 2)} ×` : null,
      r?.ratio !== undefined && r.ratio >= min,
    );
  };
  // Issue 19's table, row by row.
  ratioCheck('card-api', 'GET /api/card/{token}', 0.85, 'the trivial route');
  ratioCheck('card-page', 'Card page HTML', 0.9, 'the static page');

  const reportTarget = by('report');
  // Only a 200's size counts: a refusal (a 403, say) is small and would pass for a small report.
  const reportAnswered =
    (reportTarget?.measurement?.statusCodes['200'] ?? 0) > 0 || reportTarget?.probe?.status === 200;
  const reportBytes = reportAnswered
    ? (reportTarget?.measurement?.bytesPerResponse ?? reportTarget?.probe?.bodyBytes)
    : undefined;
  add(
    'Monthly report (last month, first page): ≤ 200 KB an answer',
    reportBytes !== undefined ? `${fmt(reportBytes / KB, 1)} KB` : null,
    reportBytes !== undefined && reportBytes > 0 && reportBytes <= 200 * KB,
  );
  ratioCheck('report', 'Monthly report (last month, first page)', 0.3, 'the trivial route');
  ratioCheck('outstanding', 'Outstanding payments (first page)', 0.5, 'the trivial route');
  ratioCheck('clients', 'Clients first page with referrals', 0.4, 'the trivial route');

  const dash = report.dashboardFirstView;
  add(
    "Dashboard first view: server ≤ 300 ms (sum of the 4 requests' p50s at 1 connection)",
    dash
      ? `${fmt(dash.serverMs)} ms, ${fmt(dash.bytes / KB, 1)} KB` +
          (dash.missing.length ? ` without ${dash.missing.join(', ')} (not measured)` : '')
      : null,
    !!dash && !dash.missing.length && dash.serverMs <= 300,
  );

  const lead = by('lead-post');
  const leads = report.leads;
  add(
    'POST /api/leads ≥ 0.5 × the trivial route req/s, none lost',
    lead?.measurement && leads
      ? `${lead.ratio !== undefined ? `${fmt(lead.ratio, 2)} × (` : ''}${fmt(lead.measurement.requestsPerSecond)} req/s` +
          `${lead.ratio !== undefined ? ')' : ''}, ${badCount(lead.measurement)} errors, ` +
          `${leads.missing} of ${fmt(leads.acknowledged)} acknowledged missing`
      : null,
    !!lead?.measurement &&
      !!leads &&
      (lead.ratio ?? 0) >= 0.5 &&
      badCount(lead.measurement) === 0 &&
      leads.missing === 0,
  );

  add(
    `The app's peak resident memory under the bench ≤ ${PEAK_RSS_MB} MB`,
    report.peakRssBytes !== null
      ? `peak ${fmt(report.peakRssBytes / MB)} MB` +
          (report.memory?.peak ? ` (during ${report.memory.peak.target})` : '')
      : null,
    report.peakRssBytes !== null && report.peakRssBytes <= PEAK_RSS_MB * MB,
  );
  const idle = report.memory?.idleBefore;
  const after = report.memory?.idleAfter;
  add(
    `The app's idle resident memory ≤ ${IDLE_RSS_MB} MB`,
    idle
      ? `${fmt(idle.rssBytes / MB)} MB after a first request to each route` +
          (after ? `; ${fmt(after.rssBytes / MB)} MB after the load, settled (information)` : '')
      : null,
    !!idle && idle.rssBytes <= IDLE_RSS_MB * MB,
  );

  const imported = report.imported;
  add(
    `Import of ${fmt(IMPORT_ROWS)} clients (preview and run) ≤ ${IMPORT_SECONDS} s, the app's memory growing ≤ ${IMPORT_GROWTH_MB} MB`,
    imported
      ? imported.error
        ? `did not finish: ${imported.error}`
        : `${fmt(imported.totalSeconds, 1)} s (preview ${fmt(imported.previewSeconds, 1)} s, run ` +
          `${fmt(imported.runSeconds, 1)} s), ${fmt(imported.added)} added; memory ` +
          `${fmt(imported.rssBeforeBytes / MB)} → ${fmt(imported.peakRssBytes / MB)} MB (+${fmt((imported.peakRssBytes - imported.rssBeforeBytes) / MB)})`
      : null,
    !!imported &&
      !imported.error &&
      imported.added === imported.rows &&
      imported.totalSeconds <= IMPORT_SECONDS &&
      imported.peakRssBytes - imported.rssBeforeBytes <= IMPORT_GROWTH_MB * MB,
  );

  const practice = report.practice;
  add(
    `${fmt(PRACTICE_RECORDS)} practice records matched against the referrals ≤ ${PRACTICE_SECONDS} s`,
    practice
      ? practice.error
        ? `did not finish: ${practice.error}`
        : `${fmt(practice.seconds, 1)} s (slowest call of 500: ${fmt(practice.slowestCallSeconds, 1)} s); ` +
          `${fmt(practice.new)} new, ${fmt(practice.matched)} matched (${fmt(practice.planted.byEmail)} friends ` +
          `planted by email, ${fmt(practice.planted.byPhone)} by phone and surname), ${fmt(practice.proposed)} proposed`
      : null,
    !!practice &&
      !practice.error &&
      practice.new === practice.records &&
      practice.matched >= practice.planted.byEmail + practice.planted.byPhone &&
      practice.seconds <= PRACTICE_SECONDS,
  );

  for (const page of report.browser) {
    const maxKb = FIRST_LOAD_JS_KB[page.name] ?? 150;
    add(
      `${page.label}: first-load JS ≤ ${maxKb} KB gzip, no request to another host`,
      page.error
        ? `error: ${page.error}`
        : `${fmt(page.jsGzipBytes / KB, 1)} KB gzip in ${page.scripts} scripts, ${page.foreignRequests.length} requests elsewhere`,
      !page.error &&
        page.status === 200 &&
        page.jsGzipBytes <= maxKb * KB &&
        page.foreignRequests.length === 0,
    );
  }

  // Latency of the reads people wait on (issue 7), kept.
  const p50Check = (name: string, label: string, max: number) => {
    const r = by(name);
    const m = r?.single ?? r?.measurement;
    add(
      `${label} p50 ≤ ${max} ms${r?.single ? ' (1 connection)' : ''}`,
      m ? (m.requests ? `${fmt(m.p50Ms)} ms` : describe(m)) : r?.skipped ? `skipped: ${r.skipped}` : null,
      !!m && m.requests > 0 && m.p50Ms <= max,
    );
  };
  p50Check('client-search', 'Client search', 50);
  p50Check('report', 'Monthly report', 300);

  // Issue 20: the owner's Insights. Answers are kept until the data changes, so the load measures the kept
  // answer; the probe (the target's first request, after the bench's writes) is the one computed by SQL.
  p50Check('insights', 'Insights (12 months)', 300);
  ratioCheck('insights', 'Insights (12 months)', 0.3, 'the trivial route');
  const insightsProbe = by('insights')?.probe;
  add(
    'Insights (12 months): the first answer, computed from the database, ≤ 300 ms',
    insightsProbe ? `${fmt(insightsProbe.ms)} ms, ${fmt(insightsProbe.bodyBytes / KB, 1)} KB` : null,
    !!insightsProbe && insightsProbe.status === 200 && insightsProbe.ms <= 300,
  );
  return checks;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 0 || i === r.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function render(report: BenchReport): string {
  const m = report.machine;
  const o = report.options;
  const head = [
    `Benchmark — ${report.startedAt}`,
    `Machine: ${m.cpu} × ${m.cores} cores, ${m.memory}, Node ${m.node}, ${m.postgres}, Next ${m.next}`,
    `Load: autocannon, ${o.connections} connections, ${o.warmup} s warm-up + ${o.duration} s per target, ${o.timeout} s timeout`,
    report.seed
      ? `Data (scale ${report.seed.scale}): ${Object.entries(report.seed.counts)
          .map(([k, v]) => `${fmt(v)} ${k.replaceAll('_', ' ')}`)
          .join(', ')}; seeded in ${fmt(report.seed.seconds, 1)} s`
      : '',
    `Static-page ceiling: ${report.staticPage}`,
  ].filter(Boolean);

  const rows = [
    [
      'target',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'bytes/resp',
      'peak RSS',
      'vs ceiling',
      'other CPU',
      'note',
    ],
  ];
  const single = (r: TargetResult) =>
    r.probe ? `; one answer alone: ${fmt(r.probe.ms)} ms, ${fmt(r.probe.bodyBytes)} B` : '';
  for (const r of report.targets) {
    const x = r.measurement;
    const vs =
      r.ratio !== undefined ? `${fmt(r.ratio, 2)} × ${r.ceiling}` : r.kind === 'ceiling' ? '(ceiling)' : '';
    if (!x) {
      rows.push([r.name, '—', '—', '—', '—', '—', '—', '', '', `${r.label} — skipped: ${r.skipped ?? '?'}`]);
      continue;
    }
    const errors = badCount(x) ? `${badCount(x)}${x.timeouts ? ` (${x.timeouts} t/o)` : ''}` : '0';
    rows.push([
      r.name,
      fmt(x.requestsPerSecond),
      fmt(x.p50Ms),
      fmt(x.p99Ms),
      errors,
      fmt(x.bytesPerResponse),
      x.peakRssBytes !== null ? `${fmt(x.peakRssBytes / MB)} MB` : '—',
      vs,
      `${fmt(x.otherCpuCores, 2)}${x.otherCpuCores >= NOISY_CORES ? '!' : ''}`,
      r.label +
        (r.note ? ` — ${r.note}` : '') +
        (r.single?.requests
          ? `; at 1 connection p50 ${fmt(r.single.p50Ms)} ms, p99 ${fmt(r.single.p99Ms)} ms`
          : '') +
        (x.requests ? '' : `; no answer completed${single(r)}`),
    ]);
  }
  const noisy = report.targets.filter((r) => (r.measurement?.otherCpuCores ?? 0) >= NOISY_CORES).length;
  if (noisy) {
    head.push(
      `Warning: processes outside the bench used ≥ ${NOISY_CORES} cores during ${noisy} target(s) (marked ! under ` +
        "'other CPU'): those figures, and the ratios involving them, are disturbed. Run again on a quiet machine.",
    );
  }

  const extra: string[] = [];
  if (report.frameworkCost !== null) {
    extra.push(
      `Framework cost (not a target): GET /api/card/{token} serves ${fmt(report.frameworkCost, 2)} × the bare node:http + pg server's req/s.`,
    );
  }
  if (report.dashboardFirstView) {
    const d = report.dashboardFirstView;
    extra.push(
      `Dashboard first view: ${fmt(d.serverMs)} ms server time (sum of p50s at 1 connection), ${fmt(d.bytes / KB, 1)} KB (${d.parts.join(' + ')}).`,
    );
  }
  for (const r of report.targets) {
    if (!r.cache) continue;
    const hits = r.cache.counts.HIT ?? 0;
    extra.push(
      `Cache of ${r.name}: asked again after the run, ${fmt(hits)} of ${fmt(r.cache.sampled)} came from the cache ` +
        `(x-nextjs-cache ${Object.entries(r.cache.counts)
          .map(([k, v]) => `${k} ${fmt(v)}`)
          .join(
            ', ',
          )}); an entry holds ${fmt(r.cache.htmlBytes / KB, 1)} KB of HTML and ${fmt(r.cache.rscBytes / KB, 1)} KB of RSC payload.`,
    );
  }
  if (report.memory) {
    const made = (m: MemoryMakeup | null) =>
      m
        ? ` (C allocator's main heap ${fmt(m.mallocHeap / MB)} MB, other anonymous ${fmt(m.anonymous / MB)} MB, ` +
          `mapped files ${fmt(m.files / MB)} MB)`
        : '';
    const { idleBefore, idleAfter, peak, appEnv } = report.memory;
    extra.push(
      `Memory of the app (next-server's process tree, resident): idle after a first request to each route ` +
        (idleBefore ? `${fmt(idleBefore.rssBytes / MB)} MB${made(idleBefore.makeup)}` : 'not read') +
        (peak ? `; peak ${fmt(peak.rssBytes / MB)} MB during ${peak.target}${made(peak.makeup)}` : '') +
        (idleAfter
          ? `; after the load, settled, ${fmt(idleAfter.rssBytes / MB)} MB${made(idleAfter.makeup)}`
          : '') +
        '.' +
        (Object.keys(appEnv).length
          ? ` Run with the app's environment changed (--app-env): ${Object.entries(appEnv)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}.`
          : ''),
    );
  }
  if (report.leads) {
    extra.push(
      `Leads: ${fmt(report.leads.acknowledged)} acknowledged (2xx, warm-up included), ${report.leads.missing} of them missing from the database; ${fmt(report.leads.stored)} bench leads stored.`,
    );
  }
  const makeup = firstLoadMakeup(report.browser);
  for (const p of report.browser) {
    extra.push(
      `Browser ${p.name} ${p.path}: status ${p.status ?? '—'}, ${p.requests} requests, ${p.scripts} scripts, ` +
        `${fmt(p.jsBytes / KB, 1)} KB JS (${fmt(p.jsGzipBytes / KB, 1)} KB gzip)` +
        (p.foreignRequests.length ? `; OTHER HOSTS: ${p.foreignRequests.join(', ')}` : '; no other host') +
        (makeup.has(p.name) ? `; made of ${makeup.get(p.name)}` : '') +
        (p.error ? `; error: ${p.error}` : ''),
    );
  }

  const marks = report.checks.map(
    (c) => `  ${c.pass === null ? '[ -- ]' : c.pass ? '[PASS]' : '[FAIL]'}  ${c.target}: ${c.actual}`,
  );
  return [...head, '', table(rows), '', ...extra, '', 'Targets (reported, not asserted):', ...marks, ''].join(
    '\n',
  );
}

export function writeReport(report: BenchReport, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const files = [path.join(dir, `${stamp}.json`), path.join(dir, 'latest.json')];
  const text = `${JSON.stringify(report, null, 2)}\n`;
  for (const file of files) fs.writeFileSync(file, text);
  return files;
}
