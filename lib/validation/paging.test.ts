import {
  clientListQuerySchema,
  CURSOR_TEXT,
  decodeCursor,
  encodeCursor,
  LIMIT_TEXT,
  pageQuerySchema,
  referralListQuerySchema,
} from './paging';

const cursor = {
  createdAt: new Date('2026-11-01T10:00:00.123Z'),
  id: '0199a3b2-0000-7000-8000-000000000001',
};

describe('cursors', () => {
  it('round-trip', () => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });
  it('keep the far ends of the years a row can have', () => {
    for (const time of ['2000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      const edge = { ...cursor, createdAt: new Date(time) };
      expect(decodeCursor(encodeCursor(edge))).toEqual(edge);
    }
  });
  it.each([
    'garbage',
    Buffer.from('["2026-11-01T10:00:00Z"]').toString('base64url'),
    Buffer.from('["not a date","0199a3b2-0000-7000-8000-000000000001"]').toString('base64url'),
    Buffer.from('["2026-11-01T10:00:00Z","1; DROP TABLE clients"]').toString('base64url'),
    // Times no row can have, some of which PostgreSQL cannot even hold (issue 14 point 10).
    Buffer.from('["+275760-09-13T00:00:00.000Z","0199a3b2-0000-7000-8000-000000000001"]').toString(
      'base64url',
    ),
    Buffer.from('["-271821-04-20T00:00:00.000Z","0199a3b2-0000-7000-8000-000000000001"]').toString(
      'base64url',
    ),
    Buffer.from('["+010000-01-01T00:00:00.000Z","0199a3b2-0000-7000-8000-000000000001"]').toString(
      'base64url',
    ),
    Buffer.from('["1999-12-31T23:59:59.999Z","0199a3b2-0000-7000-8000-000000000001"]').toString('base64url'),
  ])('refuse %p', (text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});

describe('pageQuerySchema', () => {
  it('defaults to 100 and no search; a blank parameter counts as absent', () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(pageQuerySchema.parse({ limit: '', q: '  ', cursor: '' })).toEqual({ limit: 100 });
  });
  it('reads the limit, the cursor and a trimmed search', () => {
    expect(pageQuerySchema.parse({ limit: '500', cursor: encodeCursor(cursor), q: ' jane ' })).toEqual({
      limit: 500,
      cursor,
      q: 'jane',
    });
  });
  it.each(['0', '501', '1.5', 'ten', '-3'])('refuses limit=%p', (limit) => {
    const result = pageQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(LIMIT_TEXT);
  });
  it('refuses a bad cursor with one clear message', () => {
    expect(pageQuerySchema.safeParse({ cursor: 'x' }).error?.issues[0]?.message).toBe(CURSOR_TEXT);
  });
});

describe('list options', () => {
  it('clients: referrals come unless referrals=false', () => {
    expect(clientListQuerySchema.parse({}).referrals).toBe(true);
    expect(clientListQuerySchema.parse({ referrals: 'false' }).referrals).toBe(false);
    expect(clientListQuerySchema.safeParse({ referrals: 'no' }).success).toBe(false);
  });
  it('referrals: clientId must be an id', () => {
    expect(referralListQuerySchema.safeParse({ clientId: 'nope' }).success).toBe(false);
    expect(referralListQuerySchema.parse({ clientId: cursor.id }).clientId).toBe(cursor.id);
  });
});
