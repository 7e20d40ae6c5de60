import type PgBoss from 'pg-boss';

/**
 * Whether this process runs the job queue (pg-boss, started by instrumentation.ts through lib/jobs/queue.ts), for
 * /api/ready and /metrics. One state per process, on globalThis (Next may load this module more than once).
 */
export type JobQueueStatus = 'not-started' | 'starting' | 'running' | 'stopped' | 'failed' | 'disabled';

export interface JobQueueState {
  status: JobQueueStatus;
  /** When the status last changed. */
  since: Date;
  /** Why it failed (the error's first line), for the readiness answer: no data, only what went wrong. */
  reason?: string;
  boss?: PgBoss;
}

const holder = globalThis as unknown as { __smileJobQueue?: JobQueueState };

export function jobQueueState(): JobQueueState {
  return (holder.__smileJobQueue ??= { status: 'not-started', since: new Date() });
}

function set(state: Omit<JobQueueState, 'since'>): void {
  holder.__smileJobQueue = { ...state, since: new Date() };
}

export function markJobQueueStarting(): void {
  set({ status: 'starting' });
}

/** Running: readiness holds until pg-boss says it stopped. */
export function markJobQueueRunning(boss: PgBoss): void {
  set({ status: 'running', boss });
  boss.on('stopped', () => {
    if (jobQueueState().boss === boss) set({ status: 'stopped' });
  });
}

export function markJobQueueFailed(error: unknown): void {
  const first = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  set({ status: 'failed', reason: first.slice(0, 200) });
}

/** JOBS_DISABLED=1: this instance runs no queue on purpose. */
export function markJobQueueDisabled(): void {
  set({ status: 'disabled' });
}

/** Tests: back to a process that never started the queue. */
export function resetJobQueueState(): void {
  holder.__smileJobQueue = undefined;
}
