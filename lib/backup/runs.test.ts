import { BackupError } from './format';
import { describeFailure, statusOf, type BackupRunRow } from './runs';

const HOUR = 3_600_000;
const now = new Date('2026-11-27T12:00:00Z');
const row = (o: Partial<BackupRunRow>): BackupRunRow => ({
  id: 'r',
  reason: 'daily',
  status: 'succeeded',
  startedAt: new Date(now.getTime() - HOUR),
  finishedAt: new Date(now.getTime() - HOUR + 5_000),
  fileName: 'smile-referrals-x.backup',
  bytes: 1234,
  encrypted: false,
  error: null,
  ...o,
});

describe('statusOf', () => {
  it("is 'never' without any run, and calm after a recent success", () => {
    expect(statusOf(null, null, now).warning).toBe('never');
    const ok = row({});
    expect(statusOf(ok, ok, now)).toEqual({
      lastSuccess: { at: ok.finishedAt, bytes: 1234, fileName: ok.fileName, encrypted: false },
      lastRun: { at: ok.startedAt, status: 'succeeded' },
      warning: null,
    });
  });

  it("is 'stale' when the last success is older than 36 hours", () => {
    const old = row({
      startedAt: new Date(now.getTime() - 37 * HOUR),
      finishedAt: new Date(now.getTime() - 37 * HOUR),
    });
    expect(statusOf(old, old, now).warning).toBe('stale');
    const fresh = row({
      startedAt: new Date(now.getTime() - 35 * HOUR),
      finishedAt: new Date(now.getTime() - 35 * HOUR),
    });
    expect(statusOf(fresh, fresh, now).warning).toBeNull();
  });

  it("is 'failed' when the last finished run failed, with its cause", () => {
    const ok = row({ startedAt: new Date(now.getTime() - 25 * HOUR) });
    const failed = row({
      id: 'f',
      status: 'failed',
      fileName: null,
      bytes: null,
      error: 'The disk is full.',
    });
    const status = statusOf(failed, ok, now);
    expect(status.warning).toBe('failed');
    expect(status.lastRun).toEqual({ at: failed.startedAt, status: 'failed', error: 'The disk is full.' });
    expect(status.lastSuccess?.fileName).toBe(ok.fileName);
  });

  it('a run in progress changes no warning; one running for hours did not finish', () => {
    const ok = row({});
    const running = row({
      id: 'n',
      status: 'running',
      startedAt: new Date(now.getTime() - 60_000),
      finishedAt: null,
    });
    expect(statusOf(running, ok, now, ok)).toMatchObject({ warning: null, lastRun: { status: 'running' } });
    const stuck = row({
      id: 's',
      status: 'running',
      startedAt: new Date(now.getTime() - 7 * HOUR),
      finishedAt: null,
    });
    expect(statusOf(stuck, null, now, stuck)).toMatchObject({
      warning: 'failed',
      lastRun: { status: 'failed', error: expect.stringMatching(/did not finish/) },
    });
  });
});

describe('describeFailure', () => {
  it("keeps the backup's own message, and words the database's and the disk's errors", () => {
    expect(describeFailure(new BackupError('disk-full', 'The disk is full: …'))).toBe('The disk is full: …');
    expect(
      describeFailure(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toMatch(/^The database could not be reached/);
    expect(describeFailure(Object.assign(new Error('x'), { code: '3D000' }))).toBe(
      'The database does not exist.',
    );
    expect(describeFailure(new Error('first line\nsecond line'))).toBe('first line');
    expect(describeFailure(new Error('y'.repeat(900))).length).toBe(500);
  });
});
