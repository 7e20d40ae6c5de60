/**
 * Runs once when a server process starts (Next's instrumentation hook): the job queue starts beside the web
 * server, on the same PostgreSQL (lib/jobs/queue.ts). Not during `next build`, and not in the Edge runtime.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  if (!process.env.DATABASE_URL || process.env.JOBS_DISABLED === '1') return;
  const { startJobs } = await import('./lib/jobs/queue');
  try {
    await startJobs(process.env.DATABASE_URL);
  } catch (error) {
    // The web pages work without the queue; the next start tries again.
    console.error('[jobs] The job queue could not start:', error);
  }
}
