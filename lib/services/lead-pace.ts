/**
 * When an accepted public lead may be answered (issue 28, point 6). A new lead's writes (the lead, its referral,
 * their indexes and triggers, two messages) take longer than finding a lead sent before, and by how much grows
 * with the machine's load: 17 ms apart in the tests, 500 ms apart on a machine loaded to seven times its cores.
 * So no accepted lead is answered sooner than the slowest of the recent ones took to record, nor sooner than
 * LEAD_ANSWER_MIN_MS: a repeat then waits as long as a new lead takes, at any load. Kept per process (each
 * instance paces its own answers), and capped, so one stalled write cannot hold every later answer for long.
 */
export const LEAD_PACE_WINDOW = 20;
export const LEAD_PACE_CAP_MS = 3_000;

export class LeadPace {
  private readonly recent: number[] = [];

  /** Records how long one accepted lead took to record (ms). */
  note(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > LEAD_PACE_WINDOW) this.recent.shift();
  }

  /** The least time an answer takes now: the floor, or the slowest recent lead's time (at most the cap). */
  minimumMs(floorMs: number): number {
    const slowest = Math.min(Math.max(0, ...this.recent), LEAD_PACE_CAP_MS);
    return Math.max(floorMs, floorMs === 0 ? 0 : slowest);
  }
}

/** This process's pace for the public lead form (the API and the form's server action share it). */
export const leadPace: LeadPace = ((globalThis as { __smileLeadPace?: LeadPace }).__smileLeadPace ??=
  new LeadPace());
