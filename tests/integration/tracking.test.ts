/**
 * The review page's public calls (issue 6, spec section 7): POST /api/track-scan and POST
 * /api/track-review-platform, against the real route handlers and a real PostgreSQL. No sign-in; rate-limited
 * per address, so every call gets its own address unless a test says otherwise.
 */
import { randomUUID } from 'node:crypto';
import { POST as createMemberRoute } from '@/app/api/team-members/route';
import { POST as trackPlatformRoute } from '@/app/api/track-review-platform/route';
import { POST as trackScanRoute } from '@/app/api/track-scan/route';
import { db } from '@/lib/db';
import type { TeamMemberDto } from '@/lib/dto/team';
import { PLATFORM_TEXT } from '@/lib/validation/team';
import { fixtureReviewLink } from '../support/fixtures';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type CallOptions, type TestStaff } from '../support/http';

setUpTestDatabase();

const MEMBER_NOT_FOUND_TEXT = 'That team member does not exist.';
const RATE_LIMIT_TEXT = 'Too many requests from this address. Please try again later.';
const TOO_LARGE_TEXT = 'The request is too large.';
const MINUTE = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

let staff: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  await fixtureReviewLink();
});

let n = 0;
const nextIp = () => {
  n += 1;
  return `10.30.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
const newSession = () => `sess-${randomUUID()}`;

async function newMember(firstName = 'clara', lastName = 'oswald'): Promise<TeamMemberDto> {
  const res = await call(createMemberRoute, {
    path: '/api/team-members',
    body: { firstName, lastName },
    cookie: staff.cookie,
  });
  if (res.status !== 201) throw new Error(`member not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TeamMemberDto;
}

const scan = (body: unknown, options: Omit<CallOptions, 'body'> = {}) =>
  call(trackScanRoute, { path: '/api/track-scan', body, ip: nextIp(), ...options });
const choose = (body: unknown, options: Omit<CallOptions, 'body'> = {}) =>
  call(trackPlatformRoute, { path: '/api/track-review-platform', body, ip: nextIp(), ...options });

const counts = async () => ({
  scans: await db.reviewScan.count(),
  choices: await db.reviewPlatformChoice.count(),
  members: await db.teamMember.count(),
  reviews: await db.teamReview.count(),
});

const scanRow = (id: string) => db.reviewScan.findUniqueOrThrow({ where: { id } });
/** Moves a scan back in time, as if it had been made `minutes` ago. */
const age = (id: string, minutes: number) =>
  db.reviewScan.update({ where: { id }, data: { createdAt: new Date(Date.now() - minutes * MINUTE) } });

// ---------- POST /api/track-scan ----------

describe('POST /api/track-scan: a visit to the review page', () => {
  it('is public: records a pending scan for the member (201) with the session, user agent and unique flag', async () => {
    const member = await newMember();
    const sessionId = newSession();
    const res = await scan({ teamMemberId: member.id, userAgent: UA, sessionId, isUniqueVisitor: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ scanId: expect.stringMatching(UUID), created: true, counted: true });
    expect(await scanRow(res.body.scanId)).toMatchObject({
      teamMemberId: member.id,
      sessionId,
      userAgent: UA,
      isUniqueVisitor: true,
      status: 'pending',
      resolvedAt: null,
      resolvedBy: null,
    });
  });

  it('finds the member by their TM- code in any case, and by their id in capitals', async () => {
    const member = await newMember('danny', 'pink');
    const refs = [member.qrCode, member.qrCode.toLowerCase(), ` ${member.qrCode} `, member.id.toUpperCase()];
    for (const teamMemberId of refs) {
      const res = await scan({ teamMemberId, sessionId: newSession(), isUniqueVisitor: true });
      expect({ teamMemberId, status: res.status }).toEqual({ teamMemberId, status: 201 });
      expect((await scanRow(res.body.scanId)).teamMemberId).toBe(member.id);
    }
    expect(await db.reviewScan.count({ where: { teamMemberId: member.id } })).toBe(refs.length);
  });

  it('works without a user agent, and for a signed-in visitor too', async () => {
    const member = await newMember();
    const bare = await scan({ teamMemberId: member.id, sessionId: newSession(), isUniqueVisitor: false });
    expect(bare.status).toBe(201);
    expect(await scanRow(bare.body.scanId)).toMatchObject({ userAgent: null, isUniqueVisitor: false });
    const signedIn = await scan(
      { teamMemberId: member.id, userAgent: null, sessionId: newSession(), isUniqueVisitor: true },
      { cookie: staff.cookie },
    );
    expect(signedIn.status).toBe(201);
  });

  it('answers 200 with the same scan, writing nothing, when the same session re-opens the page within 30 minutes', async () => {
    const member = await newMember();
    const sessionId = newSession();
    const first = await scan({ teamMemberId: member.id, userAgent: UA, sessionId, isUniqueVisitor: true });
    expect(first.status).toBe(201);
    const before = await counts();

    const again = await scan({ teamMemberId: member.id, userAgent: UA, sessionId, isUniqueVisitor: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ scanId: first.body.scanId, created: false, counted: true });
    // By code, it is the same member and the same visit.
    const byCode = await scan({
      teamMemberId: member.qrCode.toLowerCase(),
      sessionId,
      isUniqueVisitor: true,
    });
    expect(byCode.status).toBe(200);
    expect(byCode.body).toEqual({ scanId: first.body.scanId, created: false, counted: true });

    // Still the same visit 29 minutes later.
    await age(first.body.scanId, 29);
    const later = await scan({ teamMemberId: member.id, sessionId, isUniqueVisitor: true });
    expect(later.status).toBe(200);
    expect(later.body).toEqual({ scanId: first.body.scanId, created: false, counted: true });

    expect(await counts()).toEqual(before);
    expect(await db.reviewScan.count({ where: { teamMemberId: member.id } })).toBe(1);
  });

  it('records a new scan (201) when the same session comes back after 30 minutes, no longer a unique visitor', async () => {
    const member = await newMember();
    const sessionId = newSession();
    const first = await scan({ teamMemberId: member.id, userAgent: UA, sessionId, isUniqueVisitor: true });
    expect(first.status).toBe(201);
    await age(first.body.scanId, 31);

    // The browser forgot its list (or lies): the server still knows this session scanned this member.
    const back = await scan({ teamMemberId: member.id, userAgent: UA, sessionId, isUniqueVisitor: true });
    expect(back.status).toBe(201);
    expect(back.body).toEqual({ scanId: expect.stringMatching(UUID), created: true, counted: true });
    expect(back.body.scanId).not.toBe(first.body.scanId);
    expect(await scanRow(back.body.scanId)).toMatchObject({ isUniqueVisitor: false, status: 'pending' });
    expect(await scanRow(first.body.scanId)).toMatchObject({ isUniqueVisitor: true, status: 'pending' });

    // Within 30 minutes of the newer scan, it is again the same visit.
    const again = await scan({ teamMemberId: member.id, sessionId, isUniqueVisitor: true });
    expect(again.status).toBe(200);
    expect(again.body.scanId).toBe(back.body.scanId);

    const rows = await db.reviewScan.findMany({ where: { teamMemberId: member.id } });
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.isUniqueVisitor)).toHaveLength(1);
  });

  it('counts a unique visitor only when the browser says so and it is this session’s first scan of this member', async () => {
    const alice = await newMember('alice', 'first');
    const bob = await newMember('bob', 'second');
    const sessionA = newSession();
    const sessionB = newSession();
    const unique = async (teamMemberId: string, sessionId: string, isUniqueVisitor: boolean) => {
      const res = await scan({ teamMemberId, sessionId, isUniqueVisitor, userAgent: UA });
      expect(res.status).toBe(201);
      return (await scanRow(res.body.scanId)).isUniqueVisitor;
    };

    // The browser says it has seen this member before: not unique, even on the session's first scan.
    expect(await unique(alice.id, sessionA, false)).toBe(false);
    await db.reviewScan.updateMany({
      where: { sessionId: sessionA },
      data: { createdAt: new Date(Date.now() - 60 * MINUTE) },
    });
    // The browser says new, but this session already scanned Alice: not unique.
    expect(await unique(alice.id, sessionA, true)).toBe(false);
    // The same session's first scan of another member, and the browser says new: unique.
    expect(await unique(bob.id, sessionA, true)).toBe(true);
    // A second session is unique again.
    expect(await unique(alice.id, sessionB, true)).toBe(true);
    // isUniqueVisitor left out: the server does not assume a new visitor.
    const silent = await scan({ teamMemberId: alice.id, sessionId: newSession() });
    expect(silent.status).toBe(201);
    expect((await scanRow(silent.body.scanId)).isUniqueVisitor).toBe(false);

    expect(await db.reviewScan.count({ where: { teamMemberId: alice.id, isUniqueVisitor: true } })).toBe(1);
    expect(await db.reviewScan.count({ where: { teamMemberId: bob.id, isUniqueVisitor: true } })).toBe(1);
  });

  it('records one scan when the same page load reports twice at once', async () => {
    const member = await newMember();
    const sessionId = newSession();
    const body = { teamMemberId: member.id, userAgent: UA, sessionId, isUniqueVisitor: true };
    const results = await Promise.all([scan(body), scan(body), scan(body), scan(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.scanId)).size).toBe(1);
    const rows = await db.reviewScan.findMany({ where: { teamMemberId: member.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isUniqueVisitor).toBe(true);
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['an unknown TM- code', () => 'TM-ZZZZ-ZZZZ-ZZZZ-ZZZZ'],
    ['a malformed code', () => 'TM-ABCD'],
    ['a made-up reference', () => "x' OR '1'='1"],
  ])("answers 404 'That team member does not exist.' for %s, writing nothing", async (_, ref) => {
    await newMember();
    const before = await counts();
    const res = await scan({
      teamMemberId: ref(),
      userAgent: UA,
      sessionId: newSession(),
      isUniqueVisitor: true,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: MEMBER_NOT_FOUND_TEXT });
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for a member who has been deleted', async () => {
    const member = await newMember();
    await db.teamMember.delete({ where: { id: member.id } });
    const res = await scan({ teamMemberId: member.qrCode, sessionId: newSession(), isUniqueVisitor: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MEMBER_NOT_FOUND_TEXT);
  });

  describe('bad input: 400 with a clear message, nothing written', () => {
    let member: TeamMemberDto;
    beforeAll(async () => {
      member = await newMember();
    });
    const valid = () => ({ teamMemberId: member.id, userAgent: UA, sessionId: 'abc', isUniqueVisitor: true });

    it.each([
      [{ teamMemberId: undefined }, 'teamMemberId must be a team member id', 'teamMemberId'],
      [{ teamMemberId: '' }, 'teamMemberId must be a team member id', 'teamMemberId'],
      [{ teamMemberId: 42 }, 'teamMemberId must be a team member id', 'teamMemberId'],
      [{ sessionId: undefined }, 'sessionId must be text', 'sessionId'],
      [{ sessionId: '   ' }, 'sessionId is required', 'sessionId'],
      [{ sessionId: 'x'.repeat(101) }, 'sessionId must be at most 100 characters', 'sessionId'],
      [{ isUniqueVisitor: 'yes' }, 'isUniqueVisitor must be true or false', 'isUniqueVisitor'],
      [{ userAgent: 12 }, 'userAgent must be text', 'userAgent'],
      [{ userAgent: 'u'.repeat(1001) }, 'userAgent must be at most 1000 characters', 'userAgent'],
    ])('%p → 400 %p', async (change, message, field) => {
      const before = await counts();
      const res = await scan({ ...valid(), ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fieldErrors[field]).toContain(message);
      expect(await counts()).toEqual(before);
    });

    it('answers 400 for a body that is not a JSON object, and 415 for one that is not JSON', async () => {
      const before = await counts();
      const broken = await call(trackScanRoute, { rawBody: '{"teamMemberId":', ip: nextIp() });
      expect(broken.status).toBe(400);
      expect(broken.body.message).toBe('The request body is not valid JSON.');
      const empty = await call(trackScanRoute, { rawBody: '', ip: nextIp() });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toEqual(expect.any(String));
      for (const body of [[], 'scan', 42, null]) {
        const res = await scan(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      const form = await call(trackScanRoute, {
        rawBody: `teamMemberId=${member.id}&sessionId=abc`,
        contentType: 'application/x-www-form-urlencoded',
        ip: nextIp(),
      });
      expect(form.status).toBe(415);
      expect(await counts()).toEqual(before);
    });

    it('answers 413 for a body over 4 KB, writing nothing', async () => {
      const before = await counts();
      const res = await scan({ ...valid(), sessionId: newSession(), padding: 'x'.repeat(5 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(TOO_LARGE_TEXT);
      expect(await counts()).toEqual(before);
    });
  });
});

// ---------- POST /api/track-review-platform ----------

describe('POST /api/track-review-platform: the visitor’s choice of platform', () => {
  it.each(['google', 'trustpilot'] as const)('is public: records %s (201 { id })', async (platform) => {
    const member = await newMember('martha', 'jones');
    const sessionId = newSession();
    const res = await choose({ teamMemberId: member.id, platform, sessionId });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(UUID) });
    const row = await db.reviewPlatformChoice.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ teamMemberId: member.id, platform, sessionId });
  });

  it('finds the member by their TM- code in any case', async () => {
    const member = await newMember();
    for (const teamMemberId of [member.qrCode, member.qrCode.toLowerCase()]) {
      const res = await choose({ teamMemberId, platform: 'google', sessionId: newSession() });
      expect(res.status).toBe(201);
      expect(
        (await db.reviewPlatformChoice.findUniqueOrThrow({ where: { id: res.body.id } })).teamMemberId,
      ).toBe(member.id);
    }
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['an unknown TM- code', () => 'tm-zzzz-zzzz-zzzz-zzzz'],
    ['a made-up reference', () => 'nonsense'],
  ])("answers 404 'That team member does not exist.' for %s, writing nothing", async (_, ref) => {
    const before = await counts();
    const res = await choose({ teamMemberId: ref(), platform: 'google', sessionId: newSession() });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: MEMBER_NOT_FOUND_TEXT });
    expect(await counts()).toEqual(before);
  });

  describe('bad input: 400 with a clear message, nothing written', () => {
    let member: TeamMemberDto;
    beforeAll(async () => {
      member = await newMember();
    });

    it.each([
      [{ platform: 'facebook' }, PLATFORM_TEXT, 'platform'],
      [{ platform: 'Google' }, PLATFORM_TEXT, 'platform'],
      [{ platform: undefined }, PLATFORM_TEXT, 'platform'],
      [{ platform: null }, PLATFORM_TEXT, 'platform'],
      [{ sessionId: undefined }, 'sessionId must be text', 'sessionId'],
      [{ sessionId: '' }, 'sessionId is required', 'sessionId'],
      [{ teamMemberId: '' }, 'teamMemberId must be a team member id', 'teamMemberId'],
      [{ teamMemberId: undefined }, 'teamMemberId must be a team member id', 'teamMemberId'],
    ])('%p → 400 %p', async (change, message, field) => {
      const before = await counts();
      const res = await choose({ teamMemberId: member.id, platform: 'google', sessionId: 'abc', ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fieldErrors[field]).toContain(message);
      expect(await counts()).toEqual(before);
    });

    it('answers 400 for malformed JSON and 413 for a body over 4 KB, writing nothing', async () => {
      const before = await counts();
      const broken = await call(trackPlatformRoute, { rawBody: 'platform=google', ip: nextIp() });
      expect(broken.status).toBe(400);
      expect(broken.body.message).toBe('The request body is not valid JSON.');
      const large = await choose({
        teamMemberId: member.id,
        platform: 'google',
        sessionId: 'abc',
        padding: 'x'.repeat(5 * 1024),
      });
      expect(large.status).toBe(413);
      expect(large.body.message).toBe(TOO_LARGE_TEXT);
      expect(await counts()).toEqual(before);
    });
  });
});

// ---------- rate limits ----------

describe('rate limit per address (TRACKING_RATE_LIMIT_PER_HOUR)', () => {
  const saved = process.env.TRACKING_RATE_LIMIT_PER_HOUR;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRACKING_RATE_LIMIT_PER_HOUR;
    else process.env.TRACKING_RATE_LIMIT_PER_HOUR = saved;
  });

  const expectLimited = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: RATE_LIMIT_TEXT });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  };

  it('track-scan answers 429 with Retry-After once an address has used its allowance, writing nothing; other addresses are not affected', async () => {
    process.env.TRACKING_RATE_LIMIT_PER_HOUR = '3';
    const ip = '203.0.113.41';
    const member = await newMember('rita', 'limit');
    for (let i = 0; i < 3; i++) {
      const res = await scan(
        { teamMemberId: member.id, sessionId: newSession(), isUniqueVisitor: true },
        { ip },
      );
      expect(res.status).toBe(201);
    }
    const before = await counts();
    expectLimited(
      await scan({ teamMemberId: member.id, sessionId: newSession(), isUniqueVisitor: true }, { ip }),
    );
    // Still limited on the next try, also for the page's other call.
    expectLimited(await scan({ teamMemberId: member.qrCode, sessionId: newSession() }, { ip }));
    expectLimited(
      await choose({ teamMemberId: member.id, platform: 'google', sessionId: newSession() }, { ip }),
    );
    expect(await counts()).toEqual(before);

    // Another address is not affected.
    const other = await scan(
      { teamMemberId: member.id, sessionId: newSession(), isUniqueVisitor: true },
      { ip: '203.0.113.42' },
    );
    expect(other.status).toBe(201);
  });

  it('track-review-platform answers 429 with Retry-After once an address has used its allowance, writing nothing; other addresses are not affected', async () => {
    process.env.TRACKING_RATE_LIMIT_PER_HOUR = '2';
    const ip = '203.0.113.51';
    const member = await newMember('ruby', 'limit');
    for (let i = 0; i < 2; i++) {
      const res = await choose(
        { teamMemberId: member.id, platform: 'trustpilot', sessionId: newSession() },
        { ip },
      );
      expect(res.status).toBe(201);
    }
    const before = await counts();
    expectLimited(
      await choose({ teamMemberId: member.id, platform: 'google', sessionId: newSession() }, { ip }),
    );
    expect(await counts()).toEqual(before);
    const other = await choose(
      { teamMemberId: member.id, platform: 'google', sessionId: newSession() },
      { ip: '203.0.113.52' },
    );
    expect(other.status).toBe(201);
  });

  it('allows 120 calls an hour from one address by default', async () => {
    delete process.env.TRACKING_RATE_LIMIT_PER_HOUR;
    const ip = '203.0.113.61';
    const member = await newMember('default', 'limit');
    const sessionId = newSession();
    for (let i = 0; i < 120; i++) {
      // Re-opening the page (200) is a call like any other.
      const res = await scan({ teamMemberId: member.id, sessionId, isUniqueVisitor: true }, { ip });
      expect(res.status).toBe(i === 0 ? 201 : 200);
    }
    expectLimited(await scan({ teamMemberId: member.id, sessionId, isUniqueVisitor: true }, { ip }));
  });
});
