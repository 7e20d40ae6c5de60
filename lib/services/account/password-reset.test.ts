import {
  answerNoSoonerThan,
  hashOfToken,
  inMinutes,
  resetLinkProblem,
  resetRowState,
  RESET_LINK_EXPIRED_TEXT,
  RESET_LINK_INVALID_TEXT,
  RESET_LINK_RETIRED_TEXT,
  RESET_LINK_USED_TEXT,
  RESET_REQUEST_FLOOR_MS,
} from './password-reset';

describe('answerNoSoonerThan: the request’s answer is padded to a floor', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits until the floor has passed since the request began, and not longer', async () => {
    const startedAt = Date.now();
    jest.advanceTimersByTime(30); // the request's own work
    let done = false;
    const answer = answerNoSoonerThan(startedAt, RESET_REQUEST_FLOOR_MS).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(RESET_REQUEST_FLOOR_MS - 30 - 1);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await answer;
    expect(done).toBe(true);
    expect(Date.now() - startedAt).toBe(RESET_REQUEST_FLOOR_MS);
  });

  it('answers at once when the work took longer than the floor', async () => {
    const startedAt = Date.now();
    jest.advanceTimersByTime(RESET_REQUEST_FLOOR_MS + 50);
    let done = false;
    const answer = answerNoSoonerThan(startedAt, RESET_REQUEST_FLOOR_MS).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(0);
    await answer;
    expect(done).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a quick path and a slow path finish at the same moment', async () => {
    const startedAt = Date.now();
    const finished: number[] = [];
    const path = async (workMs: number) => {
      await new Promise((resolve) => setTimeout(resolve, workMs));
      await answerNoSoonerThan(startedAt, RESET_REQUEST_FLOOR_MS);
      finished.push(Date.now() - startedAt);
    };
    const both = Promise.all([path(5), path(120)]);
    await jest.advanceTimersByTimeAsync(RESET_REQUEST_FLOOR_MS);
    await both;
    expect(finished).toEqual([RESET_REQUEST_FLOOR_MS, RESET_REQUEST_FLOOR_MS]);
  });
});

describe('resetRowState', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  const earlier = new Date(now.getTime() - 60_000);

  it('is valid until it expires, unused and not replaced', () => {
    expect(resetRowState({ usedAt: null, retiredAt: null, expiresAt: later }, now)).toBe('valid');
    expect(resetRowState({ usedAt: null, retiredAt: null, expiresAt: now }, now)).toBe('expired');
  });

  it('says used first, then replaced, then expired', () => {
    expect(resetRowState({ usedAt: earlier, retiredAt: earlier, expiresAt: earlier }, now)).toBe('used');
    expect(resetRowState({ usedAt: null, retiredAt: earlier, expiresAt: earlier }, now)).toBe('retired');
    expect(resetRowState({ usedAt: null, retiredAt: null, expiresAt: earlier }, now)).toBe('expired');
  });
});

describe('resetLinkProblem', () => {
  it('answers each state in the page’s words, with its status and state', () => {
    expect(resetLinkProblem('valid')).toBeNull();
    const cases = [
      ['used', 409, RESET_LINK_USED_TEXT, { state: 'used' }],
      ['expired', 410, RESET_LINK_EXPIRED_TEXT, { state: 'expired' }],
      ['retired', 410, RESET_LINK_RETIRED_TEXT, { state: 'retired' }],
      ['invalid', 404, RESET_LINK_INVALID_TEXT, {}],
    ] as const;
    for (const [state, status, message, extra] of cases) {
      expect(resetLinkProblem(state)).toMatchObject({ status, message, extra });
    }
  });
});

describe('the link’s token and the limits’ words', () => {
  it('stores a SHA-256 of the token, never the token', () => {
    const token = 'a'.repeat(43);
    expect(hashOfToken(token)).toBe('ZtNPunH49FD35FWYhT5Tv8I7vRKQJ8uxMaL0_9eHjNA');
    expect(hashOfToken(token)).not.toContain(token);
  });

  it('says minutes, rounded up, at least one', () => {
    expect(inMinutes(1)).toBe('1 minute');
    expect(inMinutes(60)).toBe('1 minute');
    expect(inMinutes(61)).toBe('2 minutes');
    expect(inMinutes(3600)).toBe('60 minutes');
  });
});
