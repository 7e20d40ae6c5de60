/** The chaos run's command-line flags (`npm run chaos -- --rounds 5 --seed 42`), and its seeded randomness. */
import { parseArgs } from 'node:util';

/**
 * How the app is killed in a round:
 *  - `group`: SIGKILL to the app's whole process group (npx, tsx, start.ts, the web server and the PostgreSQL
 *    postmaster, which start.ts spawns into the same group). PostgreSQL's own children put themselves in
 *    their own sessions, so they outlive the postmaster for a moment: the next start meets a crashed server.
 *  - `app`: SIGKILL to every process of the group except the embedded PostgreSQL, which is left running,
 *    orphaned: the next start meets a live server on its data (what a crash of Node alone leaves behind).
 *  - `alternate` (default): `group`, `app`, `group`, ... so one run covers both.
 */
export type KillMode = 'group' | 'app' | 'alternate';

export interface ChaosOptions {
  rounds: number;
  /** Seconds of load per round; the kill falls 2-6 s in (never after the end of the round). */
  duration: number;
  workers: number;
  port: number;
  seed: number;
  mode: KillMode;
  /** The build folder; a private one (not `.next`) is frozen for the run (see build.ts). */
  distDir: string;
  freezeBuild: boolean;
  /** Leave the throwaway DATA_DIR (database, logs) behind for a post-mortem. */
  keep: boolean;
}

const HELP = `Usage: npm run chaos -- [options]

  --rounds <n>     kill/restart rounds (default 3)
  --duration <s>   seconds of load per round; the SIGKILL falls 2-6 s in (default 8)
  --workers <n>    concurrent clients (default 8)
  --port <n>       the app's port (default 3310; another free one when it is taken)
  --seed <n>       seed for kill moments and choices, to replay a run (default: random, printed)
  --mode <m>       group | app | alternate (default alternate): kill PostgreSQL with the app, or leave it running
  --dist-dir <d>   serve a private build folder, e.g. .next-chaos, built once (if stale) and frozen for the run,
                   so colleagues' edits meanwhile cause no rebuild at a restart (default: NEXT_DIST_DIR or .next,
                   as npm start)
  --keep           keep the throwaway data folder (database and logs) instead of removing it
  --help           this text
`;

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

export function parseOptions(argv: string[]): ChaosOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      rounds: { type: 'string' },
      duration: { type: 'string' },
      workers: { type: 'string' },
      port: { type: 'string' },
      seed: { type: 'string' },
      mode: { type: 'string' },
      'dist-dir': { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const duration = Number(values.duration ?? 8);
  if (!Number.isFinite(duration) || duration < 1 || duration > 120) {
    throw new Error('--duration must be between 1 and 120 seconds');
  }
  const mode = (values.mode ?? 'alternate') as KillMode;
  if (!['group', 'app', 'alternate'].includes(mode))
    throw new Error('--mode must be group, app or alternate');
  const rounds = positiveInt('rounds', values.rounds, 3);
  const distDir = values['dist-dir'] ?? (process.env.NEXT_DIST_DIR || '.next');
  if (!/^\.next[\w.-]*$/.test(distDir)) {
    throw new Error(
      '--dist-dir must be a folder of the checkout named .next or .next-something (git-ignored)',
    );
  }
  if (rounds > 50) throw new Error('--rounds above 50 is not meant here');
  return {
    rounds,
    duration,
    workers: Math.min(positiveInt('workers', values.workers, 8), 64),
    port: positiveInt('port', values.port, 3310),
    seed:
      values.seed !== undefined ? positiveInt('seed', values.seed, 1) : Math.floor(Math.random() * 2 ** 31),
    mode,
    distDir,
    freezeBuild: values['dist-dir'] !== undefined && distDir !== '.next',
    keep: values.keep ?? false,
  };
}

/** What round `round` (1-based) does under `mode`. */
export function killModeOf(mode: KillMode, round: number): 'group' | 'app' {
  if (mode !== 'alternate') return mode;
  return round % 2 === 1 ? 'group' : 'app';
}

/**
 * mulberry32: a tiny seeded generator, so `--seed` replays the same kill moments and the same choices of
 * what each worker does next (the server's timing still varies, so a replay is close, not identical).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
