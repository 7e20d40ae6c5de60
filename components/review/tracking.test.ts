import {
  isUniqueVisitor,
  MAX_SCANNED_MEMBERS,
  newSessionId,
  parseScannedMembers,
  rememberScannedMember,
  reportPlatform,
  reportScan,
  REVIEW_STORAGE_KEYS,
  reviewSessionId,
  type KeyValueStorage,
} from './tracking';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MEMBER = '3f2b8c1e-7d4a-4e2b-9c6d-1a2b3c4d5e6f';
const OTHER = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

/** Storage that a browser has blocked: every access throws. */
const blockedStorage: KeyValueStorage = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('blocked', 'QuotaExceededError');
  },
};

describe('newSessionId', () => {
  it('uses crypto.randomUUID where the browser has it', () => {
    expect(newSessionId({ randomUUID: () => 'from-random-uuid', getRandomValues: (a) => a })).toBe(
      'from-random-uuid',
    );
  });

  it('makes a version 4 UUID from getRandomValues on plain http (no randomUUID)', () => {
    const id = newSessionId({ getRandomValues: (a) => globalThis.crypto.getRandomValues(a) });
    expect(id).toMatch(UUID_V4);
    expect(newSessionId({ getRandomValues: (a) => globalThis.crypto.getRandomValues(a) })).not.toBe(id);
  });

  it('still makes one without any crypto', () => {
    expect(newSessionId(undefined)).toMatch(UUID_V4);
  });
});

describe('reviewSessionId', () => {
  it('makes a session id when absent and stores it', () => {
    const storage = memoryStorage();
    const id = reviewSessionId(storage, () => 'new-session-0001');
    expect(id).toBe('new-session-0001');
    expect(storage.data.get(REVIEW_STORAGE_KEYS.sessionId)).toBe('new-session-0001');
  });

  it('keeps the stored one', () => {
    const storage = memoryStorage({ [REVIEW_STORAGE_KEYS.sessionId]: 'kept-session-0001' });
    const make = jest.fn(() => 'unused-session');
    expect(reviewSessionId(storage, make)).toBe('kept-session-0001');
    expect(make).not.toHaveBeenCalled();
  });

  it('replaces a stored value the server would refuse', () => {
    for (const bad of ['', 'short', 'has spaces in it', '<script>alert(1)</script>', 'x'.repeat(101)]) {
      const storage = memoryStorage({ [REVIEW_STORAGE_KEYS.sessionId]: bad });
      expect(reviewSessionId(storage, () => 'replacement-0001')).toBe('replacement-0001');
      expect(storage.data.get(REVIEW_STORAGE_KEYS.sessionId)).toBe('replacement-0001');
    }
  });

  it('works, without remembering, when storage is blocked or missing', () => {
    expect(reviewSessionId(blockedStorage, () => 'fresh-session-01')).toBe('fresh-session-01');
    expect(reviewSessionId(null, () => 'fresh-session-02')).toBe('fresh-session-02');
    expect(reviewSessionId(null)).toMatch(UUID_V4);
  });
});

describe('the scanned members list', () => {
  it('reads only member ids, each once, newest last', () => {
    expect(parseScannedMembers(JSON.stringify([MEMBER, 7, null, 'bad id', OTHER, MEMBER]))).toEqual([
      OTHER,
      MEMBER,
    ]);
  });

  it('treats anything else as empty', () => {
    for (const text of [null, '', '{', '"text"', '{"a":1}', '42'])
      expect(parseScannedMembers(text)).toEqual([]);
  });

  it('keeps at most the newest ids', () => {
    const ids = Array.from({ length: MAX_SCANNED_MEMBERS + 5 }, (_, i) => `member-${i}`);
    const parsed = parseScannedMembers(JSON.stringify(ids));
    expect(parsed).toHaveLength(MAX_SCANNED_MEMBERS);
    expect(parsed.at(-1)).toBe(`member-${MAX_SCANNED_MEMBERS + 4}`);
    expect(parsed).not.toContain('member-0');
  });

  it('a member is a unique visit until remembered, and only that member', () => {
    const storage = memoryStorage();
    expect(isUniqueVisitor(storage, MEMBER)).toBe(true);
    rememberScannedMember(storage, MEMBER);
    expect(isUniqueVisitor(storage, MEMBER)).toBe(false);
    expect(isUniqueVisitor(storage, OTHER)).toBe(true);
    rememberScannedMember(storage, OTHER);
    rememberScannedMember(storage, MEMBER);
    expect(JSON.parse(storage.data.get(REVIEW_STORAGE_KEYS.scannedMembers)!)).toEqual([OTHER, MEMBER]);
  });

  it('repairs a broken stored list when remembering', () => {
    const storage = memoryStorage({ [REVIEW_STORAGE_KEYS.scannedMembers]: '{broken' });
    rememberScannedMember(storage, MEMBER);
    expect(JSON.parse(storage.data.get(REVIEW_STORAGE_KEYS.scannedMembers)!)).toEqual([MEMBER]);
  });

  it('without storage every visit counts as unique and nothing throws', () => {
    expect(isUniqueVisitor(blockedStorage, MEMBER)).toBe(true);
    expect(() => rememberScannedMember(blockedStorage, MEMBER)).not.toThrow();
    expect(isUniqueVisitor(null, MEMBER)).toBe(true);
  });
});

describe('reportScan', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('reports a first visit as unique, then remembers the member', async () => {
    const storage = memoryStorage();
    const post = jest.fn().mockResolvedValue({ scanId: 's1', created: true });
    await expect(
      reportScan({ memberId: MEMBER, sessionId: 'session-0001', userAgent: 'Phone UA', storage, post }),
    ).resolves.toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/track-scan', {
      teamMemberId: MEMBER,
      userAgent: 'Phone UA',
      sessionId: 'session-0001',
      isUniqueVisitor: true,
    });
    expect(isUniqueVisitor(storage, MEMBER)).toBe(false);

    // The next visit to the same member is not unique.
    await reportScan({ memberId: MEMBER, sessionId: 'session-0001', userAgent: 'Phone UA', storage, post });
    expect(post).toHaveBeenLastCalledWith(
      '/api/track-scan',
      expect.objectContaining({ teamMemberId: MEMBER, isUniqueVisitor: false }),
    );
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a failed call is logged only, and the member is not remembered', async () => {
    const storage = memoryStorage();
    const post = jest.fn().mockRejectedValue(new Error('429: Too many requests'));
    await expect(
      reportScan({ memberId: MEMBER, sessionId: 'session-0001', userAgent: 'UA', storage, post }),
    ).resolves.toBe(false);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(isUniqueVisitor(storage, MEMBER)).toBe(true);
  });

  it('caps a very long user agent at what the server stores', async () => {
    const post = jest.fn().mockResolvedValue({});
    await reportScan({
      memberId: MEMBER,
      sessionId: 's-00000001',
      userAgent: 'u'.repeat(5000),
      storage: null,
      post,
    });
    expect((post.mock.calls[0]?.[1] as { userAgent: string }).userAgent).toHaveLength(1000);
  });
});

describe('reportPlatform', () => {
  it('posts the choice with the member and session', async () => {
    const post = jest.fn().mockResolvedValue({ id: 'c1' });
    await expect(
      reportPlatform({ memberId: MEMBER, sessionId: 'session-0001', platform: 'trustpilot', post }),
    ).resolves.toBe(true);
    expect(post).toHaveBeenCalledWith('/api/track-review-platform', {
      teamMemberId: MEMBER,
      platform: 'trustpilot',
      sessionId: 'session-0001',
    });
  });

  it('a failure is logged only', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const post = jest.fn().mockRejectedValue(new Error('Network error'));
    await expect(
      reportPlatform({ memberId: MEMBER, sessionId: 'session-0001', platform: 'google', post }),
    ).resolves.toBe(false);
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});
