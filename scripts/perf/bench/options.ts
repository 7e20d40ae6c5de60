/** The bench's command-line flags (`npm run bench -- --scale 0.1 --duration 5`). */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Seconds measured per route, after the warm-up. */
  duration: number;
  /** Seconds of load per route before measuring (discarded), so JIT, caches and pools are warm. */
  warmup: number;
  /** Fraction of the scale data set to seed (1 = 100,000 clients and 500,000 referrals). */
  scale: number;
  connections: number;
  /** Seconds before one request counts as a timeout. */
  timeout: number;
  /** Only these targets (by name); the ceilings they are compared with are measured too. */
  only: string[] | null;
  /** The production build's folder, so the bench never disturbs the developer's own .next. */
  distDir: string;
  /** Skip the Chromium page check (first-load JavaScript, other hosts). */
  browser: boolean;
  /** Where to save a screenshot of the Insights page over the seeded data (the README's picture). */
  screenshot: string | null;
  /** Extra environment for the app (e.g. MALLOC_ARENA_MAX=4), to measure a setting without editing start.ts. */
  appEnv: Record<string, string>;
  /**
   * A folder that keeps the seeded database between runs (seeded on the first run, reused after), for trying
   * settings one after another without a ten-minute seed each time. Null: a throwaway database, seeded anew.
   */
  reuseData: string | null;
}

const HELP = `Usage: npm run bench -- [options]

  --duration <s>      seconds measured per route (default 10)
  --warmup <s>        seconds of warm-up load per route, not measured (default 3)
  --scale <f>         fraction of the data set to seed: 1 = 100,000 clients, 500,000 referrals (default 1)
  --connections <n>   concurrent connections (default 32)
  --timeout <s>       seconds before a request counts as a timeout (default 10)
  --only <a,b,...>    measure only these targets (names as in the table); their ceilings are measured too;
                      'import' (the 50,000-client import) and 'browser' (the Chromium check) name those
  --dist-dir <dir>    build folder (default .next-bench)
  --no-browser        skip the Chromium check of first-load JavaScript and third-party requests
  --screenshot <png>  save a screenshot of the Insights page over the seeded data set (e.g. docs/insights.png)
  --app-env <K=V>     set an environment variable for the app (repeatable), e.g. --app-env NODE_OPTIONS=...
  --reuse-data <dir>  keep the seeded database in <dir> and reuse it on later runs (for comparing settings;
                      the lead target adds leads each run, so figures for the docs come from a fresh seed)
  --help              this text
`;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** `KEY=VALUE` pairs (the value may hold '=' and spaces). */
export function parseAppEnv(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(pair.slice(0, at)))
      throw new Error(`--app-env takes KEY=VALUE, not "${pair}"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      scale: { type: 'string' },
      connections: { type: 'string' },
      timeout: { type: 'string' },
      only: { type: 'string' },
      'dist-dir': { type: 'string' },
      'no-browser': { type: 'boolean' },
      screenshot: { type: 'string' },
      'app-env': { type: 'string', multiple: true },
      'reuse-data': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const scale = positive('scale', values.scale, 1);
  if (scale > 10)
    throw new Error('--scale above 10 would seed over a million clients; that is not meant here');
  return {
    duration: positive('duration', values.duration, 10),
    warmup: values.warmup === '0' ? 0 : positive('warmup', values.warmup, 3),
    scale,
    connections: Math.round(positive('connections', values.connections, 32)),
    timeout: positive('timeout', values.timeout, 10),
    only: values.only
      ? values.only
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
    distDir: values['dist-dir'] ?? '.next-bench',
    browser: !values['no-browser'],
    screenshot: values.screenshot ?? null,
    appEnv: parseAppEnv(values['app-env'] ?? []),
    reuseData: values['reuse-data'] ?? null,
  };
}
