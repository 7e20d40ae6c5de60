/**
 * `npm run bench:explain` (issue 19): what each of the staff's heavier reads spends its time on, at full scale.
 *
 * The services are called for real (as the API calls them) against the bench's scale data set; every statement
 * they send is captured from Prisma's query log and run again under EXPLAIN (ANALYZE, BUFFERS) with its own
 * parameters. For each read it prints the median time of the whole call, and for each statement its execution
 * time, the pages it touched and the plan's costliest step. The plans themselves go to
 * bench-results/explain-<time>.json.
 *
 *   npm run bench:explain                        seed a throwaway database at scale 1 (about 8 minutes), then explain
 *   npm run bench:explain -- --scale 0.1         a smaller data set
 *   npm run bench:explain -- --keep              keep the seeded data folder (in the system's temp folder) for later runs
 *   npm run bench:explain -- --reuse             start PostgreSQL on the kept folder and explain again, without seeding
 *   npm run bench:explain -- --database-url URL  explain against a database seeded some other way (nothing is written)
 *
 * Run with `tsx --conditions=react-server` (the npm script does) so the app's server-only modules load.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../../../lib/generated/prisma/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../lib/embedded-postgres';
import { applyMigrations } from '../../lib/migrations';
import { PROJECT_ROOT } from '../../lib/runtime';
import { seedScaleData } from '../bench/seed';

interface Captured {
  query: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

interface StatementReport {
  sql: string;
  executionMs: number;
  planningMs: number;
  sharedHit: number;
  sharedRead: number;
  costliest: string;
  seqScans: string[];
  plan: string;
}

interface ReadReport {
  name: string;
  callMsP50: number;
  statements: StatementReport[];
}

const LARGE_TABLES = new Set(['clients', 'leads', 'referrals', 'review_scans', 'team_reviews']);

/** A node's own time: its total over every loop, less its children's. */
function exclusiveMs(node: PlanNode): number {
  const total = (node['Actual Total Time'] ?? 0) * (node['Actual Loops'] ?? 1);
  const children = (node.Plans ?? []).reduce(
    (sum, c) => sum + (c['Actual Total Time'] ?? 0) * (c['Actual Loops'] ?? 1),
    0,
  );
  return Math.max(0, total - children);
}

function describe(node: PlanNode): string {
  const on = node['Index Name'] ?? node['Relation Name'];
  return `${node['Node Type']}${on ? ` on ${on}` : ''} (${exclusiveMs(node).toFixed(2)} ms, ${node['Actual Loops'] ?? 1} loop${node['Actual Loops'] === 1 ? '' : 's'}, ${node['Actual Rows'] ?? 0} rows)`;
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      'database-url': { type: 'string' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'boolean', default: false },
      runs: { type: 'string', default: '15' },
    },
  });
  const log = (m: string) => console.log(`[explain] ${m}`);
  const runs = Math.max(1, Number(values.runs) || 15);
  let server: EmbeddedPostgres | null = null;
  let url = values['database-url'];
  // The kept folder: the cluster and its password, so a later --reuse can start it again.
  const kept = path.join(os.tmpdir(), 'smile-referrals-explain');
  const passwordFile = path.join(kept, 'password');
  const keep = values.keep || values.reuse;
  let explainer: pg.Client | null = null;
  let prisma: PrismaClient | null = null;

  try {
    if (!url) {
      const reusing = values.reuse && fs.existsSync(passwordFile);
      if (values.reuse && !reusing) throw new Error(`Nothing kept in ${kept}: run with --keep first.`);
      if (!reusing) fs.rmSync(kept, { recursive: true, force: true });
      fs.mkdirSync(kept, { recursive: true });
      const password = reusing ? fs.readFileSync(passwordFile, 'utf8') : randomBytes(12).toString('hex');
      log(
        reusing
          ? `Starting PostgreSQL on the data kept in ${kept} ...`
          : 'Starting a throwaway embedded PostgreSQL ...',
      );
      server = await startEmbeddedPostgres({
        dataDir: path.join(kept, 'pg'),
        password,
        logFile: path.join(kept, 'postgres.log'),
        log,
      });
      url = server.url('explain');
      // Migrations added since the data was kept (new indexes) apply to it first.
      if (reusing) log(`Migrated (${(await applyMigrations(url)).join(', ') || 'nothing new'}).`);
      if (!reusing) {
        const scale = Number(values.scale);
        if (!Number.isFinite(scale) || scale <= 0) throw new Error('--scale must be a positive number');
        await server.createDatabase('explain');
        await applyMigrations(url);
        log(`Seeding at scale ${scale} ...`);
        const seeded = await seedScaleData(url, scale, log);
        log(`Seeded in ${seeded.seconds.toFixed(0)} s.`);
        fs.writeFileSync(passwordFile, password);
      }
    }

    const captured: Captured[] = [];
    let capturing = false;
    const logged = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: 4 }),
      log: [{ emit: 'event', level: 'query' }],
    });
    prisma = logged;
    logged.$on('query', (e) => {
      if (capturing) captured.push({ query: e.query, params: JSON.parse(e.params) as unknown[] });
    });
    (globalThis as { prisma?: PrismaClient }).prisma = logged;
    process.env.DATABASE_URL = url;
    // The seed writes no bank details, so any key reads them; the services still ask for one.
    process.env.ENCRYPTION_KEY ??= randomBytes(32).toString('base64');

    // Imported only now: lib/db.ts picks up the client above.
    const { clientCount, clientLeaderboard, listClients } = await import('../../../lib/services/clients');
    const { listOutstanding, monthlyReport } = await import('../../../lib/services/payments');
    const { currentUkMonth } = await import('../../../lib/uk-time');
    const { computeInsights } = await import('../../../lib/services/insights');
    const viewer = { origin: 'https://bench.example', isFullAdmin: true };
    const { year, month } = currentUkMonth();
    const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

    const reads: [string, () => Promise<unknown>][] = [
      [
        'GET /api/clients?limit=50 (with referrals)',
        () => listClients({ limit: 50, withReferrals: true }, viewer),
      ],
      [
        'GET /api/clients?limit=50&referrals=false',
        () => listClients({ limit: 50, withReferrals: false }, viewer),
      ],
      ['GET /api/clients/leaderboard', () => clientLeaderboard(viewer)],
      ['the clients count (dashboard tab)', () => clientCount()],
      ['GET /api/payments/outstanding?limit=50', () => listOutstanding({ limit: 50 })],
      [
        `GET /api/payments/report?year=${last.year}&month=${last.month}`,
        () => monthlyReport(last.year, last.month, { limit: 50 }),
      ],
      // Issue 20: the owner's Insights as computed from the database (the API keeps the answer until a change).
      ['GET /api/insights?months=12 (computed)', () => computeInsights(12, new Date())],
    ];

    explainer = new pg.Client({ connectionString: url });
    explainer.on('error', () => {}); // reported by the query that meets it
    await explainer.connect();
    const reports: ReadReport[] = [];
    for (const [name, fn] of reads) {
      await fn(); // warm: caches, prepared statements
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await fn();
        times.push(performance.now() - started);
      }
      captured.length = 0;
      capturing = true;
      await fn();
      capturing = false;
      const statements: StatementReport[] = [];
      for (const { query, params } of captured.filter((c) => /^\s*(SELECT|WITH)/i.test(c.query))) {
        const res = await explainer.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`, params);
        const out = (
          res.rows[0] as {
            'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
          }
        )['QUERY PLAN'][0]!;
        const text = await explainer.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
        let costliest: PlanNode = out.Plan;
        const seqScans: string[] = [];
        walk(out.Plan, (n) => {
          if (exclusiveMs(n) > exclusiveMs(costliest)) costliest = n;
          if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && LARGE_TABLES.has(n['Relation Name'])) {
            seqScans.push(n['Relation Name']);
          }
        });
        statements.push({
          sql: query.replace(/\s+/g, ' ').trim(),
          executionMs: out['Execution Time'],
          planningMs: out['Planning Time'],
          sharedHit: out.Plan['Shared Hit Blocks'] ?? 0,
          sharedRead: out.Plan['Shared Read Blocks'] ?? 0,
          costliest: describe(costliest),
          seqScans,
          plan: (text.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'),
        });
      }
      reports.push({ name, callMsP50: median(times), statements });
    }

    for (const r of reports) {
      const sum = r.statements.reduce((s, x) => s + x.executionMs, 0);
      console.log(
        `\n${r.name}: ${r.callMsP50.toFixed(1)} ms a call (median of ${runs}), ${r.statements.length} statements, ${sum.toFixed(1)} ms in PostgreSQL`,
      );
      for (const s of r.statements) {
        console.log(
          `  ${s.executionMs.toFixed(2).padStart(8)} ms  ${String(s.sharedHit + s.sharedRead).padStart(6)} pages  ${s.sql.slice(0, 110)}`,
        );
        console.log(
          `  ${' '.repeat(25)}costliest: ${s.costliest}${s.seqScans.length ? `; seq scan of ${s.seqScans.join(', ')}` : ''}`,
        );
      }
    }
    const dir = path.join(PROJECT_ROOT, 'bench-results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `explain-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({ runs, reports }, null, 2));
    log(`Plans written to ${path.relative(PROJECT_ROOT, file)}`);
  } finally {
    await explainer?.end().catch(() => undefined);
    await prisma?.$disconnect().catch(() => undefined);
    await server?.stop();
    if (server && !keep) fs.rmSync(kept, { recursive: true, force: true });
    if (server && keep) log(`Data kept in ${kept}: npm run bench:explain -- --reuse`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
