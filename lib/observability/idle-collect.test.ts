import { idleCollector } from './idle-collect.js';

describe('idleCollector (a full collection once the server falls quiet)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('collects once, idleMs after the last request finished', () => {
    const gc = jest.fn();
    const idle = idleCollector({ idleMs: 10_000, gc });
    idle.started();
    idle.finished();
    jest.advanceTimersByTime(9_999);
    expect(gc).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
    // Still quiet: nothing more to give back until requests come again.
    jest.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(idle.collections).toBe(1);
  });

  it('never while a request is in flight, and a new request puts the collection off', () => {
    const gc = jest.fn();
    const idle = idleCollector({ idleMs: 10_000, gc });
    idle.started();
    idle.started();
    idle.finished(); // one still in flight
    jest.advanceTimersByTime(30_000);
    expect(gc).not.toHaveBeenCalled();
    idle.finished();
    jest.advanceTimersByTime(5_000);
    idle.started(); // a request arrives before the quiet spell is long enough
    jest.advanceTimersByTime(30_000);
    expect(gc).not.toHaveBeenCalled();
    idle.finished();
    jest.advanceTimersByTime(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a collector (node without --expose-gc) or before any request', () => {
    const idle = idleCollector({ idleMs: 10, gc: undefined });
    idle.started();
    idle.finished();
    jest.advanceTimersByTime(1_000);
    expect(idle.collections).toBe(0);
    const gc = jest.fn();
    idleCollector({ idleMs: 10, gc });
    jest.advanceTimersByTime(1_000);
    expect(gc).not.toHaveBeenCalled();
  });
});
