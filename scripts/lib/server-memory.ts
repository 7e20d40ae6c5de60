/**
 * The web server's memory settings (issue 32, point 6: the app within 450 MB at peak and 250 MB idle, beside
 * PostgreSQL on a 1 GB server). `npm start` gives them to scripts/server.js through its environment; measured
 * with `npm run bench` (docs/benchmarks.md, "Memory for a small server").
 *
 * - V8's young generation: each semi-space at most SEMI_SPACE_MB. Under load V8 grows it to 16 MB a
 *   semi-space (plus the pages it keeps for the next collection); a smaller one is collected more often, but
 *   each collection is shorter, and the requests' garbage dies young either way.
 * - V8's old generation: at most OLD_SPACE_MB. The live objects are ~100 MB under the bench's load; without a
 *   cap V8 lets the heap grow several times that before it collects, sized for a big machine. A cap makes it
 *   collect sooner. It is a ceiling, not a reservation: an app that truly needs more fails with "heap out of
 *   memory", so it sits well above what was measured.
 * - glibc's malloc: MALLOC_ARENA_MAX arenas, instead of eight per core for the threads (libuv's pool,
 *   V8's helpers), each keeping memory it has freed; and blocks of MMAP_THRESHOLD bytes or more mapped on
 *   their own, so that freeing one returns it to the system (by default glibc raises that threshold up to
 *   32 MB as large blocks are freed, and then keeps them in its heap, where freed memory between live blocks
 *   stays resident).
 *
 * - `--expose-gc`, so that the server can run one full collection when it falls quiet
 *   (lib/observability/idle-collect.js): otherwise an idle server keeps the heap its last burst of requests
 *   grew. Node refuses it in NODE_OPTIONS, so it goes on the server's command line (SERVER_NODE_FLAGS, which an
 *   operator may set to other flags or to nothing). `--optimize-for-size` was measured and not kept: idle
 *   208–237 MB against 234–241 MB without it, but the trivial route fell from 470 to 285 req/s.
 *
 * Each is a default: a flag already in NODE_OPTIONS, or a MALLOC_* variable already set, wins.
 */
export const SEMI_SPACE_MB = 4;
export const OLD_SPACE_MB = 320;
export const ARENA_MAX = '2';
export const MMAP_THRESHOLD = '131072';
export const SERVER_NODE_FLAGS = '--expose-gc';

/** The flags before scripts/server.js on node's command line: SERVER_NODE_FLAGS when set (even to ''), else the default. */
export function serverNodeFlags(env: Record<string, string | undefined>): string[] {
  return (env.SERVER_NODE_FLAGS ?? SERVER_NODE_FLAGS).split(/\s+/).filter(Boolean);
}

/** The environment scripts/server.js starts with: `env` plus the memory defaults it does not override. */
type Env = Record<string, string | undefined>;
type MemoryEnv = { NODE_OPTIONS: string; MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string };

export function serverMemoryEnv<E extends Env>(env: E): E & MemoryEnv {
  const options = env.NODE_OPTIONS?.trim() ?? '';
  const has = (flag: string) => new RegExp(`(^|\\s)${flag}(=|\\s|$)`).test(options.replaceAll('_', '-'));
  const defaults = [
    has('--max-semi-space-size') ? null : `--max-semi-space-size=${SEMI_SPACE_MB}`,
    has('--max-old-space-size') ? null : `--max-old-space-size=${OLD_SPACE_MB}`,
  ].filter(Boolean);
  return {
    ...env,
    NODE_OPTIONS: [...defaults, options].filter(Boolean).join(' '),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || ARENA_MAX,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || MMAP_THRESHOLD,
  };
}
