/**
 * Runs once when a server process starts (Next's instrumentation hook): the job queue starts beside the web
 * server, on the same PostgreSQL (lib/jobs/queue.ts). Not during `next build`, and not in the Edge runtime.
 * Whether it runs is kept for /api/ready and /metrics (lib/observability/jobs-state.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const state = await import('./lib/observability/jobs-state');
  if (process.env.JOBS_DISABLED === '1') {
    state.markJobQueueDisabled();
    return;
  }
  if (!process.env.DATABASE_URL) return;
  const [{ startJobs }, { log }] = await Promise.all([import('./lib/jobs/queue'), import('./lib/log')]);
  state.markJobQueueStarting();
  try {
    state.markJobQueueRunning(await startJobs(process.env.DATABASE_URL));
  } catch (error) {
    // The web pages work without the queue (/api/ready says it is not running); the next start tries again.
    state.markJobQueueFailed(error);
    log.error({ err: error }, 'The job queue could not start.');
  }
}
