/**
 * Team Reviews API (issue 6, docs/api-team.md), against the real route handlers and a real PostgreSQL.
 *
 * The test file shares one database, so every test makes its own team members and works in its own calendar
 * month where reviews are grouped by month: 2024-01 empty, 2024-03 manual add, 2024-04 month grouping,
 * 2024-06/07 Pay All, 2024-08 approve defaults, 2024-09 concurrency, 2024-10 statuses, 2024-11 Mark Paid,
 * 2024-12 access; this UK month for the members' figures.
 */
import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import { NextRequest } from 'next/server';
import { PATCH as patchSettingsRoute } from '@/app/api/settings/route';
import { GET as qrRoute } from '@/app/api/team-members/[id]/qr/route';
import { DELETE as deleteMemberRoute } from '@/app/api/team-members/[id]/route';
import { GET as listMembersRoute, POST as createMemberRoute } from '@/app/api/team-members/route';
import { DELETE as undoPaymentRoute, POST as markPaidRoute } from '@/app/api/team-reviews/[id]/payment/route';
import { POST as payAllRoute } from '@/app/api/team-reviews/pay-all/route';
import { GET as monthRoute, POST as createReviewRoute } from '@/app/api/team-reviews/route';
import { POST as undoBulkRoute } from '@/app/api/team-reviews/undo-bulk/route';
import { POST as approveRoute } from '@/app/api/team-scans/[id]/approve/route';
import { POST as rejectRoute } from '@/app/api/team-scans/[id]/reject/route';
import { GET as pendingScansRoute } from '@/app/api/team-scans/route';
import { GET as statsRoute } from '@/app/api/team-stats/route';
import { POST as trackPlatformRoute } from '@/app/api/track-review-platform/route';
import { POST as trackScanRoute } from '@/app/api/track-scan/route';
import { PNG } from 'pngjs';
import { db } from '@/lib/db';
import type { PendingScanDto, TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import { currentUkMonth, ukDateString } from '@/lib/uk-time';
import { NAMES_REQUIRED_TEXT } from '@/lib/validation/clients';
import { PLATFORM_TEXT, REVIEW_DATE_TEXT, REVIEWER_NAME_TEXT, TEAM_MEMBER_TEXT } from '@/lib/validation/team';
import { REVIEW_URL_HOST_TEXT, REVIEW_URL_HTTPS_TEXT, REVIEW_URL_TEXT } from '@/lib/review-url';
import { fixtureReviewLink } from '../support/fixtures';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, ORIGIN, type CallResult, type TestStaff } from '../support/http';

setUpTestDatabase();

const SIGN_IN_TEXT = 'You need to sign in.';
const ADMIN_ONLY_TEXT = 'Only a full admin can do this.';
const MEMBER_NOT_FOUND_TEXT = 'That team member does not exist.';
const SCAN_NOT_FOUND_TEXT = 'That scan does not exist.';
const REVIEW_NOT_FOUND_TEXT = 'That review does not exist.';
const SCAN_RESOLVED_TEXT = 'This scan has already been verified or rejected.';
const ALREADY_PAID_TEXT = "This review's bonus is already marked paid.";
const NOT_PAID_TEXT = "This review's bonus is not marked paid.";
const NOT_VERIFIED_TEXT = 'Only a verified review earns a bonus.';
const NONE_PAID_TEXT = 'None of these bonuses is marked paid.';
const FUTURE_TEXT = 'The review date cannot be in the future';
const YEAR_TEXT = 'year must be a year such as 2025';
const MONTH_TEXT = 'month must be 1 (January) to 12 (December)';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** TM- then four groups of four from A–Z without O, and 0–9 (spec section 3). */
const TM_CODE = /^TM-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}-[A-NP-Z0-9]{4}$/;
const UNKNOWN_ID = '0192f5e0-0000-7000-8000-00000000dead';
const MALFORMED_IDS = ['nope', '123', "1' OR '1'='1", 'TM-ABCD-EFGH-JKLM-NPQR'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let staff: TestStaff;
let admin: TestStaff;
let admin2: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
  admin2 = await makeStaff({ isFullAdmin: true });
  await fixtureReviewLink();
});

// ---------- helpers: everything is made through the app's own routes; times are moved in the database ----------

let n = 0;
const nextIp = () => {
  n += 1;
  return `10.40.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
const newSession = () => `sess-${randomUUID()}`;
const pad = (v: number) => String(v).padStart(2, '0');

async function newMember(firstName: string, lastName: string, cookie = staff.cookie): Promise<TeamMemberDto> {
  const res = await call(createMemberRoute, {
    path: '/api/team-members',
    body: { firstName, lastName },
    cookie,
  });
  if (res.status !== 201) throw new Error(`member not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TeamMemberDto;
}

/** A visit to the member's review page (the public call), optionally with a platform choice and moved in time. */
async function newScan(
  member: { id: string },
  options: {
    sessionId?: string;
    unique?: boolean;
    platform?: 'google' | 'trustpilot';
    at?: string | Date;
  } = {},
): Promise<string> {
  const sessionId = options.sessionId ?? newSession();
  const res = await call(trackScanRoute, {
    path: '/api/track-scan',
    body: { teamMemberId: member.id, userAgent: 'jest', sessionId, isUniqueVisitor: options.unique ?? true },
    ip: nextIp(),
  });
  if (res.status !== 201) throw new Error(`scan not made: ${res.status} ${JSON.stringify(res.body)}`);
  if (options.platform) {
    const choice = await call(trackPlatformRoute, {
      path: '/api/track-review-platform',
      body: { teamMemberId: member.id, platform: options.platform, sessionId },
      ip: nextIp(),
    });
    if (choice.status !== 201)
      throw new Error(`choice not made: ${choice.status} ${JSON.stringify(choice.body)}`);
  }
  if (options.at) {
    await db.reviewScan.update({ where: { id: res.body.scanId }, data: { createdAt: new Date(options.at) } });
  }
  return res.body.scanId as string;
}

const listMembers = (cookie = staff.cookie) => call(listMembersRoute, { path: '/api/team-members', cookie });
async function memberFigures(id: string): Promise<TeamMemberDto> {
  const res = await listMembers();
  expect(res.status).toBe(200);
  const found = (res.body as TeamMemberDto[]).find((m) => m.id === id);
  if (!found) throw new Error(`member ${id} not listed`);
  return found;
}

/** A review's own link, different every time (issue 18: one link is credited once). */
let links = 0;
const newLink = (platform: 'google' | 'trustpilot' = 'google') => {
  links += 1;
  return platform === 'google'
    ? `https://g.page/r/team-test-${links}-${randomUUID()}/review`
    : `https://uk.trustpilot.com/reviews/team-test-${links}-${randomUUID()}`;
};
/** Bodies without a link get one of their platform's (what these tests check is something else). */
const withLink = (body: unknown) =>
  body && typeof body === 'object' && !Array.isArray(body) && !('reviewUrl' in body)
    ? {
        reviewUrl: newLink(
          (body as { platform?: unknown }).platform === 'trustpilot' ? 'trustpilot' : 'google',
        ),
        ...body,
      }
    : body;

const addReview = (body: unknown, cookie = admin.cookie) =>
  call(createReviewRoute, { path: '/api/team-reviews', body: withLink(body), cookie });
async function review(
  member: { id: string },
  reviewDate: string,
  options: { reviewerName?: string; platform?: 'google' | 'trustpilot' } = {},
): Promise<TeamReviewDto> {
  const res = await addReview({
    teamMemberId: member.id,
    reviewerName: options.reviewerName ?? 'Sarah Jane',
    reviewDate,
    platform: options.platform ?? 'google',
    // Tests add many reviews by one reviewer name: each is another review (issue 18 asks to confirm that).
    confirmSameReviewer: true,
  });
  if (res.status !== 201) throw new Error(`review not added: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TeamReviewDto;
}

/** A review that was never verified (the API only makes verified ones; older data may hold others). */
const unverifiedReview = (member: { id: string }, reviewDate: string, reviewerName = 'Not Verified') =>
  db.teamReview.create({
    data: {
      teamMemberId: member.id,
      reviewerName,
      reviewDate: new Date(`${reviewDate}T00:00:00Z`),
      platform: 'google',
      bonusPence: 1000,
    },
  });

const approve = (id: string, body: unknown, cookie = admin.cookie) =>
  call(approveRoute, { path: `/api/team-scans/${id}/approve`, params: { id }, body: withLink(body), cookie });
const reject = (id: string, cookie = admin.cookie) =>
  call(rejectRoute, { method: 'POST', path: `/api/team-scans/${id}/reject`, params: { id }, cookie });
const pendingScans = (cookie = admin.cookie) => call(pendingScansRoute, { path: '/api/team-scans', cookie });
const markPaid = (id: string, cookie = admin.cookie) =>
  call(markPaidRoute, { method: 'POST', path: `/api/team-reviews/${id}/payment`, params: { id }, cookie });
const undoPayment = (id: string, cookie = admin.cookie) =>
  call(undoPaymentRoute, {
    method: 'DELETE',
    path: `/api/team-reviews/${id}/payment`,
    params: { id },
    cookie,
  });
const payAll = (body: unknown, cookie = admin.cookie) =>
  call(payAllRoute, { path: '/api/team-reviews/pay-all', body, cookie });
const undoBulk = (body: unknown, cookie = admin.cookie) =>
  call(undoBulkRoute, { path: '/api/team-reviews/undo-bulk', body, cookie });
const month = (year: number | string, m: number | string, cookie = admin.cookie) =>
  call(monthRoute, { path: `/api/team-reviews?year=${year}&month=${m}`, cookie });
const stats = (cookie = staff.cookie) => call(statsRoute, { path: '/api/team-stats', cookie });
const deleteMember = (id: string, cookie = admin.cookie) =>
  call(deleteMemberRoute, { method: 'DELETE', path: `/api/team-members/${id}`, params: { id }, cookie });

async function setBonus(pounds: number) {
  const res = await call(patchSettingsRoute, {
    method: 'PATCH',
    path: '/api/settings',
    body: { teamBonusAmount: pounds },
    cookie: admin.cookie,
  });
  if (res.status !== 200) throw new Error(`bonus not set: ${res.status} ${JSON.stringify(res.body)}`);
}
/** The API takes whole pounds; a setting of pence (£12.50) is stored as pence, so it is set in the database. */
const setBonusPence = (pence: number) =>
  db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, teamBonusPence: pence },
    update: { teamBonusPence: pence },
  });

const reviewRow = (id: string) => db.teamReview.findUniqueOrThrow({ where: { id } });
const scanRow = (id: string) => db.reviewScan.findUniqueOrThrow({ where: { id } });
const auditOf = (reviewIds: string[]) =>
  db.teamBonusPayment.findMany({ where: { teamReviewId: { in: reviewIds } }, orderBy: { createdAt: 'asc' } });

/** Every row the Team Reviews API may write: compared before and after a refused call. */
const snapshot = async () => ({
  members: await db.teamMember.findMany({ orderBy: { id: 'asc' } }),
  reviews: await db.teamReview.findMany({ orderBy: { id: 'asc' } }),
  scans: await db.reviewScan.findMany({ orderBy: { id: 'asc' } }),
  choices: await db.reviewPlatformChoice.findMany({ orderBy: { id: 'asc' } }),
  payments: await db.teamBonusPayment.findMany({ orderBy: { id: 'asc' } }),
  settings: await db.settings.findMany(),
});

/** Today's UK date, and the UK date `days` from it. */
const ukToday = () => ukDateString(new Date());
const ukDay = (days: number) =>
  new Date(Date.parse(`${ukToday()}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The first instant of this UK month (midnight in London, 23:00 UTC the day before in summer). */
function ukMonthStart(): Date {
  const { year, month: m } = currentUkMonth();
  const first = `${year}-${pad(m)}-01`;
  const summer = new Date(Date.parse(`${first}T00:00:00Z`) - HOUR);
  return ukDateString(summer) === first ? summer : new Date(`${first}T00:00:00Z`);
}

function decodePng(png: Buffer) {
  const image = PNG.sync.read(png);
  return {
    width: image.width,
    text: jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data,
  };
}

/** The QR route answers bytes: read them raw (the `call` helper decodes text). */
async function getQr(id: string, query = '', cookie = staff.cookie) {
  const headers: Record<string, string> = { 'x-forwarded-for': '127.0.0.1' };
  if (cookie) headers.cookie = cookie;
  const req = new NextRequest(new URL(`/api/team-members/${id}/qr${query}`, ORIGIN), { headers });
  const res = await qrRoute(req, { params: Promise.resolve({ id }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

const expectError = (res: CallResult, status: number, message: string) => {
  expect({ status: res.status, message: res.body?.message }).toEqual({ status, message });
};

// ---------- access: 401 signed out, 403 for staff on full-admin routes ----------

describe('access (spec section 6): members and stats for staff; verifying, paying and deleting for full admins', () => {
  let member: TeamMemberDto;
  let scanId: string;
  let paidId: string;
  beforeAll(async () => {
    member = await newMember('access', 'fixture');
    scanId = await newScan(member);
    const r = await review(member, '2024-12-05');
    paidId = r.id;
    expect((await markPaid(paidId)).status).toBe(200);
  });

  type Row = [string, 'staff' | 'admin', () => Promise<CallResult>];
  const as = (cookie: string | undefined): Row[] => [
    ['GET /api/team-members', 'staff', () => call(listMembersRoute, { path: '/api/team-members', cookie })],
    [
      'POST /api/team-members',
      'staff',
      () =>
        call(createMemberRoute, {
          path: '/api/team-members',
          body: { firstName: 'A', lastName: 'B' },
          cookie,
        }),
    ],
    [
      'GET /api/team-members/{id}/qr',
      'staff',
      () => call(qrRoute, { path: `/api/team-members/${member.id}/qr`, params: { id: member.id }, cookie }),
    ],
    ['GET /api/team-stats', 'staff', () => call(statsRoute, { path: '/api/team-stats', cookie })],
    [
      'DELETE /api/team-members/{id}',
      'admin',
      () =>
        call(deleteMemberRoute, {
          method: 'DELETE',
          path: `/api/team-members/${member.id}`,
          params: { id: member.id },
          cookie,
        }),
    ],
    ['GET /api/team-scans', 'admin', () => call(pendingScansRoute, { path: '/api/team-scans', cookie })],
    [
      'POST /api/team-scans/{id}/approve',
      'admin',
      () =>
        call(approveRoute, {
          path: `/api/team-scans/${scanId}/approve`,
          params: { id: scanId },
          body: { reviewerName: 'Amy Pond' },
          cookie,
        }),
    ],
    [
      'POST /api/team-scans/{id}/reject',
      'admin',
      () =>
        call(rejectRoute, {
          method: 'POST',
          path: `/api/team-scans/${scanId}/reject`,
          params: { id: scanId },
          cookie,
        }),
    ],
    [
      'POST /api/team-reviews',
      'admin',
      () =>
        call(createReviewRoute, {
          path: '/api/team-reviews',
          body: {
            teamMemberId: member.id,
            reviewerName: 'Amy',
            reviewDate: '2024-12-06',
            platform: 'google',
          },
          cookie,
        }),
    ],
    [
      'GET /api/team-reviews',
      'admin',
      () => call(monthRoute, { path: '/api/team-reviews?year=2024&month=12', cookie }),
    ],
    [
      'POST /api/team-reviews/{id}/payment',
      'admin',
      () =>
        call(markPaidRoute, {
          method: 'POST',
          path: `/api/team-reviews/${paidId}/payment`,
          params: { id: paidId },
          cookie,
        }),
    ],
    [
      'DELETE /api/team-reviews/{id}/payment',
      'admin',
      () =>
        call(undoPaymentRoute, {
          method: 'DELETE',
          path: `/api/team-reviews/${paidId}/payment`,
          params: { id: paidId },
          cookie,
        }),
    ],
    [
      'POST /api/team-reviews/pay-all',
      'admin',
      () =>
        call(payAllRoute, {
          path: '/api/team-reviews/pay-all',
          body: { teamMemberId: member.id, year: 2024, month: 12 },
          cookie,
        }),
    ],
    [
      'POST /api/team-reviews/undo-bulk',
      'admin',
      () =>
        call(undoBulkRoute, { path: '/api/team-reviews/undo-bulk', body: { reviewIds: [paidId] }, cookie }),
    ],
  ];
  const names = as(undefined).map(([name, access], i) => [name, access, i] as const);

  it.each(names)("%s answers 401 'You need to sign in.' signed out, writing nothing", async (_, __, i) => {
    const before = await snapshot();
    const res = await as(undefined)[i]![2]();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SIGN_IN_TEXT });
    expect(await snapshot()).toEqual(before);
  });

  it.each(names.filter(([, access]) => access === 'admin'))(
    "%s answers 403 'Only a full admin can do this.' to other staff, writing nothing",
    async (_, __, i) => {
      const before = await snapshot();
      const res = await as(staff.cookie)[i]![2]();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: ADMIN_ONLY_TEXT });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(names.filter(([, access]) => access === 'staff'))(
    '%s answers staff who are not full admins',
    async (_, __, i) => {
      const res = await as(staff.cookie)[i]![2]();
      expect([200, 201]).toContain(res.status);
    },
  );

  it('answers 401 to a cookie that is not a valid session', async () => {
    const res = await call(listMembersRoute, {
      path: '/api/team-members',
      cookie: 'next-auth.session-token=forged',
    });
    expect(res.status).toBe(401);
  });
});

// ---------- team members ----------

describe('POST /api/team-members (add team member)', () => {
  it('adds a member for any staff: names trimmed and title-cased, a TM- code, the review link, zero figures', async () => {
    const res = await call(createMemberRoute, {
      path: '/api/team-members',
      body: { firstName: '  mary-jane ', lastName: "O'NEIL  " },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      firstName: 'Mary-Jane',
      lastName: "O'Neil",
      qrCode: expect.stringMatching(TM_CODE),
      reviewUrl: `${ORIGIN}/review/${res.body.qrCode}`,
      reviewsCount: 0,
      totalEarned: 0,
      monthlyEarned: 0,
      scans: 0,
      uniqueVisitors: 0,
      createdAt: expect.stringMatching(ISO),
      archivedAt: null,
    });
    const row = await db.teamMember.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ firstName: 'Mary-Jane', lastName: "O'Neil", code: res.body.qrCode });
    expect(await memberFigures(res.body.id)).toEqual(res.body);
  });

  it('gives every member a different code in the TM- format, even when added at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(createMemberRoute, {
          path: '/api/team-members',
          body: { firstName: `many${i}`, lastName: 'codes' },
          cookie: i % 2 ? staff.cookie : admin.cookie,
        }),
      ),
    );
    for (const r of results) expect(r.status).toBe(201);
    const codes = results.map((r) => r.body.qrCode as string);
    for (const code of codes) {
      expect(code).toMatch(TM_CODE);
      expect(code.slice(3)).not.toContain('O');
    }
    const all = await db.teamMember.findMany({ select: { code: true } });
    expect(new Set(all.map((m) => m.code)).size).toBe(all.length);
    expect(new Set(codes).size).toBe(25);
  });

  it.each([
    [{ firstName: '', lastName: 'Smith' }, NAMES_REQUIRED_TEXT, 'firstName'],
    [{ firstName: '   ', lastName: 'Smith' }, NAMES_REQUIRED_TEXT, 'firstName'],
    [{ firstName: 'Anna', lastName: ' \t ' }, NAMES_REQUIRED_TEXT, 'lastName'],
    [{ firstName: 'Anna' }, NAMES_REQUIRED_TEXT, 'lastName'],
    [{ lastName: 'Smith' }, NAMES_REQUIRED_TEXT, 'firstName'],
    [{ firstName: null, lastName: 'Smith' }, NAMES_REQUIRED_TEXT, 'firstName'],
    [{ firstName: 'a'.repeat(101), lastName: 'Smith' }, 'Names must be at most 100 characters', 'firstName'],
  ])('answers 400 for %p with %p, writing nothing', async (body, message, field) => {
    const before = await snapshot();
    const res = await call(createMemberRoute, { path: '/api/team-members', body, cookie: staff.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for unknown fields (no code of the caller’s choosing) and for a body that is not JSON', async () => {
    const before = await snapshot();
    const extra = await call(createMemberRoute, {
      path: '/api/team-members',
      body: { firstName: 'Anna', lastName: 'Smith', qrCode: 'TM-AAAA-AAAA-AAAA-AAAA' },
      cookie: staff.cookie,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toEqual(expect.any(String));
    const broken = await call(createMemberRoute, {
      path: '/api/team-members',
      rawBody: '{',
      cookie: staff.cookie,
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The request body is not valid JSON.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/team-members (the Team Members tab)', () => {
  it('lists members oldest first', async () => {
    const first = await newMember('older', 'member');
    const second = await newMember('newer', 'member');
    const res = await listMembers();
    expect(res.status).toBe(200);
    const list = res.body as TeamMemberDto[];
    expect(list.findIndex((m) => m.id === first.id)).toBeLessThan(list.findIndex((m) => m.id === second.id));
    const times = list.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(list).toHaveLength(await db.teamMember.count());
  });

  it('counts verified reviews, total and this UK month’s earnings, scans and unique visitors', async () => {
    const member = await newMember('figures', 'counted');
    const other = await newMember('someone', 'else');
    const start = ukMonthStart();

    // Verified this UK month: a manual review dated today, and a scan at the first instant of the month.
    await review(member, ukToday());
    const monthStartScan = await newScan(member, { at: start });
    const approvedStart = await approve(monthStartScan, { reviewerName: 'First Of Month' });
    expect(approvedStart.status).toBe(201);
    expect(approvedStart.body.date).toBe(ukDateString(start));
    expect(approvedStart.body.isThisMonth).toBe(true);
    // Verified in earlier months: a scan a moment before this UK month began, and an old manual review.
    const lastMonthScan = await newScan(member, { at: new Date(start.getTime() - 1), unique: false });
    const approvedBefore = await approve(lastMonthScan, { reviewerName: 'End Of Last Month' });
    expect(approvedBefore.status).toBe(201);
    expect(approvedBefore.body.isThisMonth).toBe(false);
    await review(member, '2024-03-10');
    // Not verified: counts for nothing.
    await unverifiedReview(member, ukToday());
    // Scans still waiting, or rejected: they are scans all the same.
    await newScan(member, { unique: true });
    const rejected = await newScan(member, { unique: false });
    expect((await reject(rejected)).status).toBe(204);
    // Another member's review and scan are not this member's.
    await review(other, ukToday());
    await newScan(other);

    const figures = await memberFigures(member.id);
    expect(figures).toMatchObject({
      firstName: 'Figures',
      lastName: 'Counted',
      reviewsCount: 4,
      totalEarned: 40,
      monthlyEarned: 20,
      scans: 4,
      uniqueVisitors: 2,
    });
    expect(await memberFigures(other.id)).toMatchObject({
      reviewsCount: 1,
      totalEarned: 10,
      monthlyEarned: 10,
      scans: 1,
      uniqueVisitors: 1,
    });
  });

  it('adds each review’s own bonus (fixed when it was verified) to the earnings', async () => {
    const member = await newMember('bonus', 'earner');
    try {
      await review(member, ukToday());
      await setBonus(15);
      await review(member, ukToday());
      await review(member, '2024-02-02');
      await setBonusPence(1250);
      await approve(await newScan(member), { reviewerName: 'Pence Bonus', reviewDate: ukToday() });
    } finally {
      await setBonus(10);
    }
    expect(await memberFigures(member.id)).toMatchObject({
      reviewsCount: 4,
      totalEarned: 52.5,
      monthlyEarned: 37.5,
    });
  });
});

describe('GET /api/team-members/{id}/qr', () => {
  it('is a 200 px PNG (300 px to download) of the member’s review page address', async () => {
    const member = await newMember('qr', 'holder');
    const shown = await getQr(member.id);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(decodePng(shown.bytes)).toEqual({ width: 200, text: `${ORIGIN}/review/${member.qrCode}` });
    expect(decodePng(shown.bytes).text).toBe(member.reviewUrl);
    const download = await getQr(member.id, '?size=300');
    expect(download.status).toBe(200);
    expect(decodePng(download.bytes)).toEqual({ width: 300, text: member.reviewUrl });
  });

  it('writes the address under the code with caption=1 (issue 18: a printed code says where it leads)', async () => {
    const member = await newMember('qr', 'caption');
    const plain = PNG.sync.read((await getQr(member.id, '?size=300')).bytes);
    const res = await getQr(member.id, '?size=300&caption=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const image = PNG.sync.read(res.bytes);
    expect(image.width).toBe(300);
    expect(image.height).toBeGreaterThan(300);
    // The code is still read as the address; the strip under it is not blank: the caption is drawn there.
    expect(decodePng(res.bytes).text).toBe(member.reviewUrl);
    const below = image.data.subarray(300 * 300 * 4);
    expect(below.some((v, i) => i % 4 !== 3 && v < 128)).toBe(true);
    expect(plain.height).toBe(300);
    expect((await getQr(member.id, '?size=300&caption=yes')).status).toBe(400);
  });

  it('answers 400 for another size, 401 signed out, 404 for an unknown or malformed id', async () => {
    const member = await newMember('qr', 'errors');
    const big = await getQr(member.id, '?size=5000');
    expect(big.status).toBe(400);
    expect(JSON.parse(big.bytes.toString()).message).toBe('size must be 200 or 300');
    expect((await getQr(member.id, '', '')).status).toBe(401);
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const res = await getQr(id);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(JSON.parse(res.bytes.toString()).message).toBe(MEMBER_NOT_FOUND_TEXT);
    }
  });
});

describe('DELETE /api/team-members/{id} (the member leaves; the bonus records stay)', () => {
  it('hides the member and stops their review page for a full admin (204); every month keeps its bonuses, paid and owed; pending scans are rejected', async () => {
    const member = await newMember('leaving', 'member');
    const keeper = await newMember('staying', 'member');
    const paid = await review(member, '2024-12-10', { reviewerName: 'Paid Reviewer' });
    expect((await markPaid(paid.id)).status).toBe(200);
    const due = await review(member, '2024-12-11');
    const approvedScan = await newScan(member, { platform: 'trustpilot' });
    expect((await approve(approvedScan, { reviewerName: 'From A Scan' })).status).toBe(201);
    const waiting = await newScan(member, { platform: 'google' });
    const keptReview = await review(keeper, '2024-12-10');
    const keptScan = await newScan(keeper);
    const logBefore = await db.teamBonusPayment.findMany({ where: { teamMemberId: member.id } });
    expect(logBefore).toHaveLength(1);
    const decBefore = (await month(2024, 12)).body;
    const leaving = decBefore.members.find((m: { teamMemberId: string }) => m.teamMemberId === member.id);
    expect(leaving).toMatchObject({ name: 'Leaving Member', totalPaid: 10, totalOwed: 10 });

    // Staff who are not full admins cannot.
    const before = await snapshot();
    const asStaff = await deleteMember(member.id, staff.cookie);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body).toEqual({ message: ADMIN_ONLY_TEXT });
    expect(await snapshot()).toEqual(before);

    const res = await deleteMember(member.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();

    // Issue 14, point 7: the money records are never rewritten. The month's bonus report is the same,
    // paid and owed, and the reviews behind it stay.
    // Issue 18: the member is archived, and only says so.
    expect((await month(2024, 12)).body).toEqual({
      ...decBefore,
      members: decBefore.members.map((m: { teamMemberId: string }) =>
        m.teamMemberId === member.id ? { ...m, archived: true } : m,
      ),
    });
    expect(await db.teamMember.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      archivedAt: expect.any(Date),
    });
    expect(await reviewRow(paid.id)).toMatchObject({ paidAt: expect.any(Date) });
    expect(await reviewRow(due.id)).toMatchObject({ paidAt: null, verifiedAt: expect.any(Date) });
    expect(await db.teamReview.count({ where: { teamMemberId: member.id } })).toBe(3);
    // The bonus still owed can be paid from the report.
    expect((await markPaid(due.id)).status).toBe(200);
    // A scan still waiting for verification is rejected: it earns nothing.
    expect(await scanRow(waiting)).toMatchObject({ status: 'rejected', resolvedBy: admin.email });
    // The bonus payment log keeps its names and amounts.
    const logAfter = await db.teamBonusPayment.findMany({
      where: { teamMemberId: member.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(logAfter[0]).toEqual(logBefore[0]);
    expect(logAfter[0]).toMatchObject({
      action: 'bonus_paid',
      memberName: 'Leaving Member',
      reviewerName: 'Paid Reviewer',
      amountPence: 1000,
      performedBy: admin.email,
    });
    // Nobody else's history is touched.
    expect(await reviewRow(keptReview.id)).toBeTruthy();
    expect(await scanRow(keptScan)).toMatchObject({ status: 'pending' });

    // Gone from the list, the pending scans and the leaderboard; the review page no longer counts visits.
    expect(((await listMembers()).body as TeamMemberDto[]).some((m) => m.id === member.id)).toBe(false);
    expect(((await pendingScans()).body as PendingScanDto[]).some((s) => s.teamMemberId === member.id)).toBe(
      false,
    );
    const board = (await stats()).body.leaderboard as { teamMemberId: string }[];
    expect(board.some((m) => m.teamMemberId === member.id)).toBe(false);
    const scanned = await call(trackScanRoute, {
      path: '/api/track-scan',
      body: { teamMemberId: member.id, userAgent: 'jest', sessionId: newSession(), isUniqueVisitor: true },
      ip: nextIp(),
    });
    expectError(scanned, 404, MEMBER_NOT_FOUND_TEXT);

    // A second archive changes nothing: the member keeps the date they left.
    const archivedAt = (await db.teamMember.findUniqueOrThrow({ where: { id: member.id } })).archivedAt;
    const again = await deleteMember(member.id);
    expect(again.status).toBe(204);
    expect((await db.teamMember.findUniqueOrThrow({ where: { id: member.id } })).archivedAt).toEqual(
      archivedAt,
    );
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS])(
    "answers 404 'That team member does not exist.' for %p",
    async (id) => {
      const before = await snapshot();
      const res = await deleteMember(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MEMBER_NOT_FOUND_TEXT });
      expect(await snapshot()).toEqual(before);
    },
  );
});

// ---------- pending scans ----------

describe('GET /api/team-scans (pending scans)', () => {
  it('lists pending scans newest first, with the member’s name and the visitor’s platform choice', async () => {
    const member = await newMember('scanned', 'member');
    const other = await newMember('other', 'scanned');
    const base = Date.now() - 10 * HOUR;
    const chosenTrustpilot = await newScan(member, { platform: 'trustpilot', at: new Date(base) });
    const noChoice = await newScan(member, { at: new Date(base + HOUR) });
    const chosenGoogle = await newScan(other, { platform: 'google', at: new Date(base + 2 * HOUR) });
    // The same session choosing for another member says nothing about this one.
    const session = newSession();
    const crossMember = await newScan(member, { sessionId: session, at: new Date(base + 3 * HOUR) });
    await call(trackPlatformRoute, {
      path: '/api/track-review-platform',
      body: { teamMemberId: other.id, platform: 'trustpilot', sessionId: session },
      ip: nextIp(),
    });

    const res = await pendingScans();
    expect(res.status).toBe(200);
    const list = res.body as PendingScanDto[];
    const ours = list.filter((s) => [member.id, other.id].includes(s.teamMemberId));
    expect(ours).toEqual([
      {
        id: crossMember,
        teamMemberId: member.id,
        memberName: 'Scanned Member',
        platform: null,
        scannedTime: new Date(base + 3 * HOUR).toISOString(),
      },
      {
        id: chosenGoogle,
        teamMemberId: other.id,
        memberName: 'Other Scanned',
        platform: 'google',
        scannedTime: new Date(base + 2 * HOUR).toISOString(),
      },
      {
        id: noChoice,
        teamMemberId: member.id,
        memberName: 'Scanned Member',
        platform: null,
        scannedTime: new Date(base + HOUR).toISOString(),
      },
      {
        id: chosenTrustpilot,
        teamMemberId: member.id,
        memberName: 'Scanned Member',
        platform: 'trustpilot',
        scannedTime: new Date(base).toISOString(),
      },
    ]);
    const times = list.map((s) => Date.parse(s.scannedTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list).toHaveLength(await db.reviewScan.count({ where: { status: 'pending' } }));
  });

  it('shows the visitor’s latest choice (approving records the platform of the review’s link)', async () => {
    const member = await newMember('changed', 'mind');
    const sessionId = newSession();
    const scanId = await newScan(member, { sessionId, platform: 'google' });
    await db.reviewPlatformChoice.updateMany({
      where: { sessionId },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    await call(trackPlatformRoute, {
      path: '/api/track-review-platform',
      body: { teamMemberId: member.id, platform: 'trustpilot', sessionId },
      ip: nextIp(),
    });
    const listed = ((await pendingScans()).body as PendingScanDto[]).find((s) => s.id === scanId);
    expect(listed?.platform).toBe('trustpilot');
    const res = await approve(scanId, { reviewerName: 'Changed Mind', reviewUrl: newLink('trustpilot') });
    expect(res.status).toBe(201);
    expect(res.body.platform).toBe('trustpilot');
  });

  it('leaves out approved and rejected scans, and a re-opened page adds no second scan', async () => {
    const member = await newMember('resolved', 'scans');
    const sessionId = newSession();
    const kept = await newScan(member, { sessionId });
    const reopened = await call(trackScanRoute, {
      path: '/api/track-scan',
      body: { teamMemberId: member.id, sessionId, isUniqueVisitor: true },
      ip: nextIp(),
    });
    expect(reopened.status).toBe(200);
    const approved = await newScan(member);
    const rejected = await newScan(member);
    expect((await approve(approved, { reviewerName: 'Approved One' })).status).toBe(201);
    expect((await reject(rejected)).status).toBe(204);
    const ids = ((await pendingScans()).body as PendingScanDto[])
      .filter((s) => s.teamMemberId === member.id)
      .map((s) => s.id);
    expect(ids).toEqual([kept]);
  });
});

describe('POST /api/team-scans/{id}/approve (Verify & Approve)', () => {
  it('makes a verified review at once (201) with the bonus of the moment; the scan leaves the list and the figures move', async () => {
    const member = await newMember('approved', 'member');
    const scanId = await newScan(member, { platform: 'trustpilot' });
    const beforeFigures = await memberFigures(member.id);
    const beforeStats = (await stats()).body;

    const link = newLink('trustpilot');
    const res = await approve(scanId, {
      reviewerName: '  Amy Pond  ',
      reviewDate: ukToday(),
      reviewUrl: link,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      teamMemberId: member.id,
      memberName: 'Approved Member',
      reviewerName: 'Amy Pond',
      date: ukToday(),
      platform: 'trustpilot',
      reviewUrl: link,
      bonusAmount: 10,
      verifiedDate: expect.stringMatching(ISO),
      paidDate: null,
      isThisMonth: true,
      isPaid: false,
      status: 'Bonus Due',
    });
    expect(await reviewRow(res.body.id)).toMatchObject({
      teamMemberId: member.id,
      bonusPence: 1000,
      verifiedBy: admin.email,
      scanId,
      paidAt: null,
    });
    expect(await scanRow(scanId)).toMatchObject({
      status: 'approved',
      resolvedBy: admin.email,
      resolvedAt: expect.any(Date),
    });
    expect(((await pendingScans()).body as PendingScanDto[]).some((s) => s.id === scanId)).toBe(false);

    const figures = await memberFigures(member.id);
    expect(figures.reviewsCount).toBe(beforeFigures.reviewsCount + 1);
    expect(figures.totalEarned).toBe(beforeFigures.totalEarned + 10);
    expect(figures.monthlyEarned).toBe(beforeFigures.monthlyEarned + 10);
    expect(figures.scans).toBe(beforeFigures.scans);
    const afterStats = (await stats()).body;
    expect(afterStats.pendingScans).toBe(beforeStats.pendingScans - 1);
    expect(afterStats.totalScans).toBe(beforeStats.totalScans);
  });

  it("dates the review on the scan's UK calendar date by default", async () => {
    const member = await newMember('dated', 'by-scan');
    // 23:30 UTC on 31 July 2024 is 00:30 on 1 August in London (summer time).
    const summer = await newScan(member, { at: '2024-07-31T23:30:00Z' });
    const res = await approve(summer, { reviewerName: 'Late Night' });
    expect(res.status).toBe(201);
    expect(res.body.date).toBe('2024-08-01');
    expect(res.body.isThisMonth).toBe(false);
    // In winter London is on UTC.
    const winter = await newScan(member, { at: '2024-12-31T23:30:00Z' });
    expect((await approve(winter, { reviewerName: 'New Year Eve' })).body.date).toBe('2024-12-31');
    // A date given by the admin wins.
    const given = await newScan(member, { at: '2024-08-20T10:00:00Z' });
    expect((await approve(given, { reviewerName: 'Given Date', reviewDate: '2024-08-18' })).body.date).toBe(
      '2024-08-18',
    );
    expect(
      (await month(2024, 8)).body.members
        .find((m: { teamMemberId: string }) => m.teamMemberId === member.id)
        ?.reviews.map((r: TeamReviewDto) => r.reviewerName),
    ).toEqual(['Late Night', 'Given Date']);
    expect(
      (await month(2024, 7)).body.members.some((m: { teamMemberId: string }) => m.teamMemberId === member.id),
    ).toBe(false);
  });

  it("records the platform of the review's link, never a guess: not the visitor's choice, not a default", async () => {
    const member = await newMember('platform', 'defaults');
    const choseTrustpilot = await newScan(member, { platform: 'trustpilot' });
    const none = await newScan(member);
    const sent = await newScan(member, { platform: 'trustpilot' });
    // The visitor chose Trustpilot but reviewed on Google: the link says Google.
    expect(
      (await approve(choseTrustpilot, { reviewerName: 'A', reviewUrl: newLink('google') })).body.platform,
    ).toBe('google');
    // No choice was made: the link says Trustpilot (nothing is taken for Google).
    expect((await approve(none, { reviewerName: 'C', reviewUrl: newLink('trustpilot') })).body.platform).toBe(
      'trustpilot',
    );
    // A platform that is sent must be the link's.
    const before = await snapshot();
    const wrong = await approve(sent, {
      reviewerName: 'D',
      platform: 'google',
      reviewUrl: newLink('trustpilot'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('This is a Trustpilot link: the platform follows from the review link');
    expect(await snapshot()).toEqual(before);
    expect(
      (await approve(sent, { reviewerName: 'D', platform: 'trustpilot', reviewUrl: newLink('trustpilot') }))
        .status,
    ).toBe(201);
  });

  it('fixes the bonus from the team bonus setting at the moment of approval, in pence', async () => {
    const member = await newMember('bonus', 'moment');
    const first = await newScan(member);
    const second = await newScan(member);
    const third = await newScan(member);
    try {
      await setBonus(25);
      const a = await approve(first, { reviewerName: 'Twenty Five' });
      await setBonusPence(1250);
      const b = await approve(second, { reviewerName: 'Twelve Fifty' });
      await setBonus(10);
      const c = await approve(third, { reviewerName: 'Ten' });
      expect([a.body.bonusAmount, b.body.bonusAmount, c.body.bonusAmount]).toEqual([25, 12.5, 10]);
      expect((await reviewRow(a.body.id)).bonusPence).toBe(2500);
      expect((await reviewRow(b.body.id)).bonusPence).toBe(1250);
      expect((await reviewRow(c.body.id)).bonusPence).toBe(1000);
    } finally {
      await setBonus(10);
    }
  });

  it("answers 409 'This scan has already been verified or rejected.' to a second approve or reject, writing nothing", async () => {
    const member = await newMember('twice', 'approved');
    const scanId = await newScan(member);
    expect((await approve(scanId, { reviewerName: 'Once' })).status).toBe(201);
    const before = await snapshot();
    expectError(await approve(scanId, { reviewerName: 'Twice' }, admin2.cookie), 409, SCAN_RESOLVED_TEXT);
    expectError(await reject(scanId), 409, SCAN_RESOLVED_TEXT);
    expect(await snapshot()).toEqual(before);
    expect(await db.teamReview.count({ where: { teamMemberId: member.id } })).toBe(1);
  });

  it('makes exactly one review when admins approve the same scan at once', async () => {
    const member = await newMember('race', 'approve');
    const scanId = await newScan(member);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        approve(scanId, { reviewerName: `Racer ${i}` }, (i % 2 ? admin : admin2).cookie),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(SCAN_RESOLVED_TEXT);
    const rows = await db.teamReview.findMany({ where: { teamMemberId: member.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(results.find((r) => r.status === 201)!.body.id);
    expect((await memberFigures(member.id)).reviewsCount).toBe(1);
  });

  it('lets either approve or reject win a race, never both', async () => {
    const member = await newMember('race', 'resolve');
    const scanId = await newScan(member);
    const results = await Promise.all([
      approve(scanId, { reviewerName: 'Racer' }),
      reject(scanId, admin2.cookie),
      approve(scanId, { reviewerName: 'Racer' }, admin2.cookie),
      reject(scanId),
    ]);
    const won = results.filter((r) => r.status === 201 || r.status === 204);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const reviews = await db.teamReview.count({ where: { teamMemberId: member.id } });
    expect(reviews).toBe(won[0]!.status === 201 ? 1 : 0);
    expect((await scanRow(scanId)).status).toBe(won[0]!.status === 201 ? 'approved' : 'rejected');
  });

  describe('bad input: 400 with a clear message; the scan stays pending', () => {
    let scanId: string;
    beforeAll(async () => {
      scanId = await newScan(await newMember('bad', 'approve'));
    });

    it.each([
      [{}, REVIEWER_NAME_TEXT, 'reviewerName'],
      [{ reviewerName: '' }, REVIEWER_NAME_TEXT, 'reviewerName'],
      [{ reviewerName: '    ' }, REVIEWER_NAME_TEXT, 'reviewerName'],
      [{ reviewerName: 'Amy', reviewDate: '2024-02-30' }, REVIEW_DATE_TEXT, 'reviewDate'],
      [{ reviewerName: 'Amy', reviewDate: '31/01/2024' }, REVIEW_DATE_TEXT, 'reviewDate'],
      [{ reviewerName: 'Amy', reviewDate: ukDay(3) }, FUTURE_TEXT, 'reviewDate'],
      [{ reviewerName: 'Amy', platform: 'facebook' }, PLATFORM_TEXT, 'platform'],
    ])('%p → 400 %p', async (body, message, field) => {
      const before = await snapshot();
      const res = await approve(scanId, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fieldErrors[field]).toContain(message);
      expect(await snapshot()).toEqual(before);
      expect((await scanRow(scanId)).status).toBe('pending');
    });

    it('answers 400 for unknown fields and for a body that is not JSON', async () => {
      const before = await snapshot();
      expect((await approve(scanId, { reviewerName: 'Amy', bonusAmount: 1000 })).status).toBe(400);
      const broken = await call(approveRoute, { rawBody: '{', params: { id: scanId }, cookie: admin.cookie });
      expect(broken.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS])("answers 404 'That scan does not exist.' for %p", async (id) => {
    const before = await snapshot();
    const res = await approve(id, { reviewerName: 'Nobody' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: SCAN_NOT_FOUND_TEXT });
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/team-scans/{id}/reject', () => {
  it('dismisses the scan (204) and keeps it on record as rejected; no review, no bonus', async () => {
    const member = await newMember('rejected', 'scan');
    const scanId = await newScan(member, { platform: 'google' });
    const beforeStats = (await stats()).body;
    const res = await reject(scanId);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await scanRow(scanId)).toMatchObject({
      status: 'rejected',
      resolvedBy: admin.email,
      resolvedAt: expect.any(Date),
      teamMemberId: member.id,
    });
    expect(((await pendingScans()).body as PendingScanDto[]).some((s) => s.id === scanId)).toBe(false);
    expect(await db.teamReview.count({ where: { teamMemberId: member.id } })).toBe(0);
    expect(await memberFigures(member.id)).toMatchObject({ reviewsCount: 0, totalEarned: 0, scans: 1 });
    const afterStats = (await stats()).body;
    expect(afterStats.pendingScans).toBe(beforeStats.pendingScans - 1);
    expect(afterStats.totalScans).toBe(beforeStats.totalScans);
  });

  it('answers 409 to a second reject and to an approve after it, writing nothing', async () => {
    const member = await newMember('twice', 'rejected');
    const scanId = await newScan(member);
    expect((await reject(scanId)).status).toBe(204);
    const before = await snapshot();
    expectError(await reject(scanId, admin2.cookie), 409, SCAN_RESOLVED_TEXT);
    expectError(await approve(scanId, { reviewerName: 'Too Late' }), 409, SCAN_RESOLVED_TEXT);
    expect(await snapshot()).toEqual(before);
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS])("answers 404 'That scan does not exist.' for %p", async (id) => {
    const res = await reject(id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: SCAN_NOT_FOUND_TEXT });
  });
});

// ---------- manual verified review ----------

describe('POST /api/team-reviews (add verified review by hand)', () => {
  it('adds a verified review (201) with the bonus of the moment; the figures move', async () => {
    const member = await newMember('manual', 'review');
    const link = newLink('trustpilot');
    const res = await addReview({
      teamMemberId: member.id,
      reviewUrl: link,
      reviewerName: '  Rory Williams ',
      reviewDate: ukToday(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      teamMemberId: member.id,
      memberName: 'Manual Review',
      reviewerName: 'Rory Williams',
      date: ukToday(),
      platform: 'trustpilot',
      reviewUrl: link,
      bonusAmount: 10,
      verifiedDate: expect.stringMatching(ISO),
      paidDate: null,
      isThisMonth: true,
      isPaid: false,
      status: 'Bonus Due',
    });
    expect(await reviewRow(res.body.id)).toMatchObject({
      bonusPence: 1000,
      verifiedBy: admin.email,
      scanId: null,
    });
    expect(await memberFigures(member.id)).toMatchObject({
      reviewsCount: 1,
      totalEarned: 10,
      monthlyEarned: 10,
    });

    const old = await addReview({
      teamMemberId: member.id,
      reviewerName: 'Old',
      reviewDate: '2024-03-15',
      platform: 'google',
    });
    expect(old.status).toBe(201);
    expect(old.body).toMatchObject({ date: '2024-03-15', isThisMonth: false, status: 'Bonus Due' });
    expect(await memberFigures(member.id)).toMatchObject({
      reviewsCount: 2,
      totalEarned: 20,
      monthlyEarned: 10,
    });
  });

  describe('bad input: 400 with a clear message, nothing written', () => {
    let member: TeamMemberDto;
    beforeAll(async () => {
      member = await newMember('bad', 'manual');
    });
    const valid = () => ({
      teamMemberId: member.id,
      reviewerName: 'Amy',
      reviewDate: '2024-03-01',
      platform: 'google',
    });

    it.each([
      [{ teamMemberId: undefined }, TEAM_MEMBER_TEXT, 'teamMemberId'],
      [{ teamMemberId: 'TM-ABCD-EFGH-JKLM-NPQR' }, TEAM_MEMBER_TEXT, 'teamMemberId'],
      [{ reviewerName: '' }, REVIEWER_NAME_TEXT, 'reviewerName'],
      [{ reviewerName: '   ' }, REVIEWER_NAME_TEXT, 'reviewerName'],
      [{ reviewerName: undefined }, REVIEWER_NAME_TEXT, 'reviewerName'],
      [{ reviewDate: undefined }, REVIEW_DATE_TEXT, 'reviewDate'],
      [{ reviewDate: '2024-02-30' }, REVIEW_DATE_TEXT, 'reviewDate'],
      [{ reviewDate: ukDay(2) }, FUTURE_TEXT, 'reviewDate'],
      [{ platform: 'yelp' }, PLATFORM_TEXT, 'platform'],
      [{ reviewUrl: undefined }, REVIEW_URL_TEXT, 'reviewUrl'],
      [{ reviewUrl: 'http://g.page/r/abc' }, REVIEW_URL_HTTPS_TEXT, 'reviewUrl'],
      [{ reviewUrl: 'https://example.com/my-review' }, REVIEW_URL_HOST_TEXT, 'reviewUrl'],
    ])('%p → 400 %p', async (change, message, field) => {
      const before = await snapshot();
      const res = await addReview({ ...valid(), ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fieldErrors[field]).toContain(message);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 for unknown fields (no bonus or payment of the caller’s choosing)', async () => {
      const before = await snapshot();
      expect((await addReview({ ...valid(), bonusAmount: 1000 })).status).toBe(400);
      expect((await addReview({ ...valid(), isPaid: true })).status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  it("answers 404 'That team member does not exist.' for an unknown member, writing nothing", async () => {
    const before = await snapshot();
    const res = await addReview({
      teamMemberId: UNKNOWN_ID,
      reviewerName: 'Amy',
      reviewDate: '2024-03-01',
      platform: 'google',
    });
    expectError(res, 404, MEMBER_NOT_FOUND_TEXT);
    expect(await snapshot()).toEqual(before);
  });
});

// ---------- the month's bonuses ----------

describe('GET /api/team-reviews?year=&month= (Bonus Payments)', () => {
  it("groups the month's reviews per member (by name), dated by the UK calendar, with what is owed and paid", async () => {
    const zed = await newMember('zed', 'zulu');
    const abe = await newMember('abe', 'able');
    const abeLast = await review(abe, '2024-04-30', { reviewerName: 'Abe Last' });
    const abeFirst = await review(abe, '2024-04-01', { reviewerName: 'Abe First', platform: 'trustpilot' });
    const pending = await unverifiedReview(abe, '2024-04-15', 'Abe Unverified');
    const zedPaid = await review(zed, '2024-04-15', { reviewerName: 'Zed Paid' });
    expect((await markPaid(zedPaid.id)).status).toBe(200);
    const zedDue = await review(zed, '2024-04-16', { reviewerName: 'Zed Due' });
    // Outside April: the days either side, and a scan late on 30 April UTC that is 1 May in London.
    await review(zed, '2024-03-31', { reviewerName: 'March' });
    await review(zed, '2024-05-01', { reviewerName: 'May' });
    const mayByUk = await approve(await newScan(zed, { at: '2024-04-30T23:30:00Z' }), {
      reviewerName: 'UK May',
    });
    expect(mayByUk.body.date).toBe('2024-05-01');
    // 23:30 UTC on 31 March 2024 is 00:30 on 1 April in London (summer time began that night).
    const aprilByUk = await approve(await newScan(zed, { at: '2024-03-31T23:30:00Z' }), {
      reviewerName: 'UK April',
    });
    expect(aprilByUk.body.date).toBe('2024-04-01');

    const res = await month(2024, 4);
    expect(res.status).toBe(200);
    const ours = res.body.members.filter((m: { teamMemberId: string }) =>
      [zed.id, abe.id].includes(m.teamMemberId),
    );
    expect(res.body.year).toBe(2024);
    expect(res.body.month).toBe(4);
    expect(ours.map((m: { name: string }) => m.name)).toEqual(['Abe Able', 'Zed Zulu']);
    const [abeGroup, zedGroup] = ours;
    expect(abeGroup).toEqual({
      teamMemberId: abe.id,
      name: 'Abe Able',
      archived: false,
      reviews: [
        { ...abeFirst },
        {
          id: pending.id,
          teamMemberId: abe.id,
          memberName: 'Abe Able',
          reviewerName: 'Abe Unverified',
          date: '2024-04-15',
          platform: 'google',
          reviewUrl: null,
          bonusAmount: 10,
          verifiedDate: null,
          paidDate: null,
          isThisMonth: false,
          isPaid: false,
          status: 'Pending Verification',
        },
        { ...abeLast },
      ],
      totalOwed: 20,
      totalPaid: 0,
    });
    expect(zedGroup.reviews.map((r: TeamReviewDto) => r.reviewerName)).toEqual([
      'UK April',
      'Zed Paid',
      'Zed Due',
    ]);
    expect(zedGroup.reviews.map((r: TeamReviewDto) => r.status)).toEqual([
      'Bonus Due',
      '£10.00 Paid',
      'Bonus Due',
    ]);
    expect(zedGroup).toMatchObject({ totalOwed: 20, totalPaid: 10 });
    expect(zedGroup.reviews.find((r: TeamReviewDto) => r.id === zedDue.id)).toEqual(zedDue);
    const names = res.body.members.map((m: { name: string }) => m.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, 'en-GB'))).toEqual(names);

    const may = await month(2024, 5);
    expect(
      may.body.members
        .find((m: { teamMemberId: string }) => m.teamMemberId === zed.id)
        .reviews.map((r: TeamReviewDto) => r.reviewerName),
    ).toEqual(['May', 'UK May']);
  });

  it('answers an empty month with no members', async () => {
    const res = await month(2024, 1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ year: 2024, month: 1, members: [] });
  });

  it('marks this UK month’s reviews isThisMonth', async () => {
    const member = await newMember('this', 'month');
    await review(member, ukToday());
    const { year, month: m } = currentUkMonth();
    const res = await month(year, m);
    const group = res.body.members.find((g: { teamMemberId: string }) => g.teamMemberId === member.id);
    expect(group.reviews).toHaveLength(1);
    expect(group.reviews[0]).toMatchObject({ date: ukToday(), isThisMonth: true });
  });

  it.each([
    ['year=2024', MONTH_TEXT],
    ['month=4', YEAR_TEXT],
    ['', YEAR_TEXT],
    ['year=abc&month=4', YEAR_TEXT],
    ['year=2024&month=13', MONTH_TEXT],
    ['year=2024&month=0', MONTH_TEXT],
    ['year=1999&month=12', 'year must be between 2000 and next year'],
  ])('answers 400 for ?%s with %p', async (query, message) => {
    const res = await call(monthRoute, { path: `/api/team-reviews?${query}`, cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

// ---------- Mark Paid and Undo ----------

describe('POST and DELETE /api/team-reviews/{id}/payment (Mark Paid, Undo)', () => {
  it('marks the bonus paid (200) and audits it; Undo un-pays it and audits that', async () => {
    const member = await newMember('paid', 'member');
    const r = await review(member, '2024-11-05', { reviewerName: 'Donna Noble' });
    const paid = await markPaid(r.id);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({
      ...r,
      paidDate: expect.stringMatching(ISO),
      isPaid: true,
      status: '£10.00 Paid',
    });
    expect((await reviewRow(r.id)).paidAt).toEqual(new Date(paid.body.paidDate));
    const [paidEntry] = await auditOf([r.id]);
    expect(paidEntry).toMatchObject({
      action: 'bonus_paid',
      teamReviewId: r.id,
      teamMemberId: member.id,
      memberName: 'Paid Member',
      reviewerName: 'Donna Noble',
      amountPence: 1000,
      performedById: admin.id,
      performedBy: admin.email,
    });

    // A second Mark Paid is refused and writes nothing.
    const before = await snapshot();
    expectError(await markPaid(r.id, admin2.cookie), 409, ALREADY_PAID_TEXT);
    expect(await snapshot()).toEqual(before);

    const undone = await undoPayment(r.id, admin2.cookie);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ ...r });
    expect((await reviewRow(r.id)).paidAt).toBeNull();
    const entries = await auditOf([r.id]);
    expect(entries.map((e) => e.action)).toEqual(['bonus_paid', 'bonus_undone']);
    expect(entries[1]).toMatchObject({
      teamReviewId: r.id,
      teamMemberId: member.id,
      memberName: 'Paid Member',
      reviewerName: 'Donna Noble',
      amountPence: 1000,
      performedById: admin2.id,
      performedBy: admin2.email,
    });

    // A second Undo is refused and writes nothing.
    const before2 = await snapshot();
    expectError(await undoPayment(r.id), 409, NOT_PAID_TEXT);
    expect(await snapshot()).toEqual(before2);

    // And it can be paid again.
    expect((await markPaid(r.id)).status).toBe(200);
    expect((await auditOf([r.id])).map((e) => e.action)).toEqual([
      'bonus_paid',
      'bonus_undone',
      'bonus_paid',
    ]);
  });

  it("answers 409 'Only a verified review earns a bonus.' for an unverified review", async () => {
    const member = await newMember('unverified', 'review');
    const row = await unverifiedReview(member, '2024-11-07');
    const before = await snapshot();
    expectError(await markPaid(row.id), 409, NOT_VERIFIED_TEXT);
    expectError(await undoPayment(row.id), 409, NOT_PAID_TEXT);
    expect(await snapshot()).toEqual(before);
  });

  it('pays once, with one audit entry, when admins click at once', async () => {
    const member = await newMember('race', 'paid');
    const r = await review(member, '2024-11-09');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => markPaid(r.id, (i % 2 ? admin : admin2).cookie)),
    );
    expect(results.map((x) => x.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const x of results.filter((y) => y.status === 409)) expect(x.body.message).toBe(ALREADY_PAID_TEXT);
    const entries = await auditOf([r.id]);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe('bonus_paid');
  });

  it('un-pays once, with one audit entry, when admins undo at once', async () => {
    const member = await newMember('race', 'undo');
    const r = await review(member, '2024-11-10');
    expect((await markPaid(r.id)).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => undoPayment(r.id, (i % 2 ? admin : admin2).cookie)),
    );
    expect(results.map((x) => x.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await auditOf([r.id])).map((e) => e.action)).toEqual(['bonus_paid', 'bonus_undone']);
  });

  it.each([UNKNOWN_ID, ...MALFORMED_IDS])("answers 404 'That review does not exist.' for %p", async (id) => {
    const before = await snapshot();
    expectError(await markPaid(id), 404, REVIEW_NOT_FOUND_TEXT);
    expectError(await undoPayment(id), 404, REVIEW_NOT_FOUND_TEXT);
    expect(await snapshot()).toEqual(before);
  });
});

// ---------- Pay All and Undo Bulk ----------

describe('POST /api/team-reviews/pay-all and /undo-bulk', () => {
  it('pays every verified, unpaid review of that member in that month, once, audited; Undo Bulk restores exactly those', async () => {
    const member = await newMember('pay', 'all');
    const neighbour = await newMember('next', 'door');
    const june1 = await review(member, '2024-06-01', { reviewerName: 'June One' });
    const june2 = await review(member, '2024-06-30', { reviewerName: 'June Two' });
    const alreadyPaid = await review(member, '2024-06-10', { reviewerName: 'Paid Before' });
    const paidBefore = await markPaid(alreadyPaid.id);
    let june3: TeamReviewDto;
    try {
      await setBonus(15);
      june3 = await review(member, '2024-06-15', { reviewerName: 'June Fifteen' });
    } finally {
      await setBonus(10);
    }
    const unverified = await unverifiedReview(member, '2024-06-20');
    const july = await review(member, '2024-07-01', { reviewerName: 'July' });
    const may = await review(member, '2024-05-31', { reviewerName: 'May' });
    const neighbours = await review(neighbour, '2024-06-05', { reviewerName: 'Neighbour' });

    const res = await payAll({ teamMemberId: member.id, year: 2024, month: 6 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(35);
    expect(res.body.reviews.map((r: TeamReviewDto) => r.id).sort()).toEqual(
      [june1.id, june2.id, june3.id].sort(),
    );
    for (const r of res.body.reviews as TeamReviewDto[]) {
      expect(r).toMatchObject({
        isPaid: true,
        paidDate: expect.stringMatching(ISO),
        teamMemberId: member.id,
      });
    }
    expect(res.body.reviews.find((r: TeamReviewDto) => r.id === june3.id).status).toBe('£15.00 Paid');
    expect(res.body.reviews.find((r: TeamReviewDto) => r.id === june1.id).status).toBe('£10.00 Paid');

    // Only those: the review paid before keeps its payment; the unverified, other months and other members are untouched.
    expect((await reviewRow(alreadyPaid.id)).paidAt).toEqual(new Date(paidBefore.body.paidDate));
    expect((await reviewRow(unverified.id)).paidAt).toBeNull();
    expect((await reviewRow(july.id)).paidAt).toBeNull();
    expect((await reviewRow(may.id)).paidAt).toBeNull();
    expect((await reviewRow(neighbours.id)).paidAt).toBeNull();

    const entries = await auditOf([june1.id, june2.id, june3.id]);
    expect(entries).toHaveLength(3);
    for (const e of entries) {
      expect(e).toMatchObject({
        action: 'bonus_paid',
        teamMemberId: member.id,
        memberName: 'Pay All',
        performedById: admin.id,
        performedBy: admin.email,
      });
    }
    expect(entries.find((e) => e.teamReviewId === june3.id)).toMatchObject({
      amountPence: 1500,
      reviewerName: 'June Fifteen',
    });
    expect(await auditOf([alreadyPaid.id])).toHaveLength(1);

    const group = (await month(2024, 6)).body.members.find(
      (m: { teamMemberId: string }) => m.teamMemberId === member.id,
    );
    expect(group).toMatchObject({ totalOwed: 0, totalPaid: 45 });

    // A second Pay All pays nothing.
    const before = await snapshot();
    const again = await payAll({ teamMemberId: member.id, year: 2024, month: 6 }, admin2.cookie);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ reviews: [], total: 0 });
    expect(await snapshot()).toEqual(before);

    // Undo Bulk Payment un-pays exactly what that payment paid.
    const ids = res.body.reviews.map((r: TeamReviewDto) => r.id);
    const undone = await undoBulk({ reviewIds: ids }, admin2.cookie);
    expect(undone.status).toBe(200);
    expect(undone.body.total).toBe(35);
    expect(undone.body.reviews.map((r: TeamReviewDto) => r.id).sort()).toEqual([...ids].sort());
    for (const r of undone.body.reviews as TeamReviewDto[]) {
      expect(r).toMatchObject({ isPaid: false, paidDate: null, status: 'Bonus Due' });
    }
    for (const id of ids) expect((await reviewRow(id)).paidAt).toBeNull();
    expect((await reviewRow(alreadyPaid.id)).paidAt).not.toBeNull();
    const undoEntries = (await auditOf(ids)).filter((e) => e.action === 'bonus_undone');
    expect(undoEntries).toHaveLength(3);
    for (const e of undoEntries)
      expect(e).toMatchObject({ performedBy: admin2.email, performedById: admin2.id });
    expect(undoEntries.find((e) => e.teamReviewId === june3.id)?.amountPence).toBe(1500);

    // A second Undo Bulk finds nothing paid.
    const before2 = await snapshot();
    expectError(await undoBulk({ reviewIds: ids }), 409, NONE_PAID_TEXT);
    expect(await snapshot()).toEqual(before2);

    // And Pay All pays them again.
    const third = await payAll({ teamMemberId: member.id, year: 2024, month: 6 });
    expect(third.body.reviews).toHaveLength(3);
  });

  it('Undo Bulk un-pays only those of the given reviews that are still paid', async () => {
    const member = await newMember('partial', 'undo');
    const a = await review(member, '2024-07-02');
    const b = await review(member, '2024-07-03');
    const c = await review(member, '2024-07-04');
    const paid = await payAll({ teamMemberId: member.id, year: 2024, month: 7 });
    expect(paid.body.reviews).toHaveLength(3);
    // One was undone on its own meanwhile.
    expect((await undoPayment(b.id)).status).toBe(200);
    const res = await undoBulk({ reviewIds: [a.id, b.id, c.id, UNKNOWN_ID] });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(20);
    expect(res.body.reviews.map((r: TeamReviewDto) => r.id).sort()).toEqual([a.id, c.id].sort());
    expect((await auditOf([b.id])).map((e) => e.action)).toEqual(['bonus_paid', 'bonus_undone']);
    expect((await auditOf([a.id, c.id])).filter((e) => e.action === 'bonus_undone')).toHaveLength(2);
    // Reviews not named stay paid.
    const d = await review(member, '2024-07-05');
    expect((await markPaid(d.id)).status).toBe(200);
    expectError(await undoBulk({ reviewIds: [a.id, c.id] }), 409, NONE_PAID_TEXT);
    expect((await reviewRow(d.id)).paidAt).not.toBeNull();
  });

  it('pays each review once when Pay All and Mark Paid race', async () => {
    const member = await newMember('race', 'payall');
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await review(member, `2024-09-0${i}`)).id);
    const body = { teamMemberId: member.id, year: 2024, month: 9 };
    const results = await Promise.all([
      payAll(body, admin.cookie),
      payAll(body, admin2.cookie),
      markPaid(ids[1]!, admin.cookie),
      payAll(body, admin.cookie),
      markPaid(ids[3]!, admin2.cookie),
      payAll(body, admin2.cookie),
    ]);
    const bulk = [results[0]!, results[1]!, results[3]!, results[5]!];
    const single = [results[2]!, results[4]!];
    for (const r of bulk) expect(r.status).toBe(200);
    for (const r of single) {
      expect([200, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.message).toBe(ALREADY_PAID_TEXT);
    }
    const paidIds = [
      ...bulk.flatMap((r) => r.body.reviews.map((x: TeamReviewDto) => x.id)),
      ...single.filter((r) => r.status === 200).map((r) => r.body.id),
    ];
    expect([...paidIds].sort()).toEqual([...ids].sort());
    expect(bulk.reduce((t, r) => t + r.body.total, 0)).toBe(
      10 * bulk.reduce((t, r) => t + r.body.reviews.length, 0),
    );
    const entries = await auditOf(ids);
    expect(entries).toHaveLength(5);
    expect(new Set(entries.map((e) => e.teamReviewId)).size).toBe(5);
    for (const e of entries) expect(e.action).toBe('bonus_paid');
  });

  it('answers 200 with nothing paid for a member with nothing outstanding that month', async () => {
    const member = await newMember('nothing', 'owed');
    await review(member, '2024-06-03');
    const res = await payAll({ teamMemberId: member.id, year: 2024, month: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviews: [], total: 0 });
  });

  it("answers 404 'That team member does not exist.' for an unknown member, paying nothing", async () => {
    const before = await snapshot();
    expectError(await payAll({ teamMemberId: UNKNOWN_ID, year: 2024, month: 6 }), 404, MEMBER_NOT_FOUND_TEXT);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ year: 2024, month: 6 }, TEAM_MEMBER_TEXT],
    [{ teamMemberId: 'nope', year: 2024, month: 6 }, TEAM_MEMBER_TEXT],
    [{ teamMemberId: UNKNOWN_ID, month: 6 }, YEAR_TEXT],
    [{ teamMemberId: UNKNOWN_ID, year: '2024', month: 6 }, YEAR_TEXT],
    [{ teamMemberId: UNKNOWN_ID, year: 2024 }, MONTH_TEXT],
    [{ teamMemberId: UNKNOWN_ID, year: 2024, month: 13 }, MONTH_TEXT],
    [{ teamMemberId: UNKNOWN_ID, year: 2024, month: 0 }, MONTH_TEXT],
  ])('Pay All answers 400 for %p with %p, paying nothing', async (body, message) => {
    const before = await snapshot();
    const res = await payAll(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{}, 'reviewIds must be a list of review ids'],
    [{ reviewIds: [] }, 'reviewIds must name at least one review'],
    [{ reviewIds: ['nope'] }, 'reviewIds must be review ids'],
  ])('Undo Bulk answers 400 for %p with %p, writing nothing', async (body, message) => {
    const before = await snapshot();
    const res = await undoBulk(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('Undo Bulk takes a list of 500 reviews (the body limit has room for them)', async () => {
    const res = await undoBulk({ reviewIds: Array.from({ length: 500 }, () => UNKNOWN_ID) });
    expect(res.status).toBe(409);
  });

  it('Undo Bulk refuses a list of more than 500 reviews, writing nothing', async () => {
    const before = await snapshot();
    const res = await undoBulk({ reviewIds: Array.from({ length: 501 }, () => UNKNOWN_ID) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('reviewIds may name at most 500 reviews');
    expect(await snapshot()).toEqual(before);
  });

  it("Undo Bulk answers 409 'None of these bonuses is marked paid.' for reviews that are unknown or unpaid", async () => {
    const member = await newMember('never', 'paid');
    const r = await review(member, '2024-06-04');
    const before = await snapshot();
    expectError(await undoBulk({ reviewIds: [UNKNOWN_ID] }), 409, NONE_PAID_TEXT);
    expectError(await undoBulk({ reviewIds: [r.id] }), 409, NONE_PAID_TEXT);
    expect(await snapshot()).toEqual(before);
  });
});

// ---------- statuses ----------

describe('review status texts (spec section 4)', () => {
  it("shows 'Bonus Due', then '£10.00 Paid', with each review's own bonus after the setting changes", async () => {
    const member = await newMember('status', 'texts');
    try {
      const ten = await review(member, '2024-10-01', { reviewerName: 'Ten Pounds' });
      expect(ten.status).toBe('Bonus Due');
      await setBonusPence(1250);
      const twelve = await approve(await newScan(member), {
        reviewerName: 'Twelve Fifty',
        reviewDate: '2024-10-02',
      });
      expect(twelve.body).toMatchObject({ bonusAmount: 12.5, status: 'Bonus Due' });
      await setBonus(20);
      // Paying uses the bonus fixed at verification, not today's setting.
      const paidTen = await markPaid(ten.id);
      expect(paidTen.body).toMatchObject({ status: '£10.00 Paid', bonusAmount: 10 });
      const paidTwelve = await markPaid(twelve.body.id);
      expect(paidTwelve.body).toMatchObject({ status: '£12.50 Paid', bonusAmount: 12.5 });
      expect((await auditOf([twelve.body.id]))[0]?.amountPence).toBe(1250);
      const twenty = await review(member, '2024-10-03', { reviewerName: 'Twenty' });
      await unverifiedReview(member, '2024-10-04', 'Unverified');

      const group = (await month(2024, 10)).body.members.find(
        (m: { teamMemberId: string }) => m.teamMemberId === member.id,
      );
      expect(group.reviews.map((r: TeamReviewDto) => [r.reviewerName, r.status])).toEqual([
        ['Ten Pounds', '£10.00 Paid'],
        ['Twelve Fifty', '£12.50 Paid'],
        ['Twenty', 'Bonus Due'],
        ['Unverified', 'Pending Verification'],
      ]);
      expect(group).toMatchObject({ totalPaid: 22.5, totalOwed: 20 });
      expect(twenty.bonusAmount).toBe(20);
    } finally {
      await setBonus(10);
    }
  });
});

// ---------- scan tracking and the leaderboard ----------

describe('GET /api/team-stats (Scan Tracking & Leaderboard)', () => {
  it('counts every scan, unique visitors and pending scans, and ranks members by verified reviews', async () => {
    const before = (await stats()).body;
    expect(before).toEqual({
      totalScans: await db.reviewScan.count(),
      uniqueVisitors: await db.reviewScan.count({ where: { isUniqueVisitor: true } }),
      // Issue 18: scans waiting over 30 days have left the Verify list.
      pendingScans: await db.reviewScan.count({
        where: { status: 'pending', createdAt: { gte: new Date(Date.now() - 30 * DAY) } },
      }),
      funnel: expect.objectContaining({ ...currentUkMonth(), members: expect.any(Array) }),
      leaderboard: expect.any(Array),
    });

    const gold = await newMember('zara', 'gold');
    const silver = await newMember('yan', 'silver');
    const tieA = await newMember('aaron', 'tie');
    const tieB = await newMember('abby', 'tie');
    // Gold: 3 verified reviews (one from a scan), 2 scans (one unique).
    await review(gold, '2024-02-01');
    await review(gold, '2024-02-02');
    await approve(await newScan(gold, { unique: true }), { reviewerName: 'Gold Scan' });
    await newScan(gold, { unique: false });
    // Silver: 2 verified reviews and an unverified one, 1 scan rejected.
    await review(silver, '2024-02-03');
    await review(silver, '2024-02-04');
    await unverifiedReview(silver, '2024-02-05');
    await reject(await newScan(silver, { unique: true }));
    // Tied on 1 review each: by name.
    await review(tieB, '2024-02-06');
    await review(tieA, '2024-02-07');

    const res = await stats();
    expect(res.status).toBe(200);
    expect(res.body.totalScans).toBe(before.totalScans + 3);
    expect(res.body.uniqueVisitors).toBe(before.uniqueVisitors + 2);
    expect(res.body.pendingScans).toBe(before.pendingScans + 1);

    const board = res.body.leaderboard as {
      teamMemberId: string;
      name: string;
      reviewsCount: number;
      totalEarned: number;
      scans: number;
    }[];
    // The current team: a deleted member leaves the leaderboard (issue 14, point 7).
    expect(board).toHaveLength(await db.teamMember.count({ where: { archivedAt: null } }));
    const ours = board.filter((m) => [gold.id, silver.id, tieA.id, tieB.id].includes(m.teamMemberId));
    expect(ours).toEqual([
      { teamMemberId: gold.id, name: 'Zara Gold', reviewsCount: 3, totalEarned: 30, scans: 2 },
      { teamMemberId: silver.id, name: 'Yan Silver', reviewsCount: 2, totalEarned: 20, scans: 1 },
      { teamMemberId: tieA.id, name: 'Aaron Tie', reviewsCount: 1, totalEarned: 10, scans: 0 },
      { teamMemberId: tieB.id, name: 'Abby Tie', reviewsCount: 1, totalEarned: 10, scans: 0 },
    ]);
    // The whole board: most reviews first.
    for (let i = 1; i < board.length; i++) {
      expect(board[i - 1]!.reviewsCount).toBeGreaterThanOrEqual(board[i]!.reviewsCount);
    }
    // The same figures as the Team Members tab.
    const figures = await memberFigures(gold.id);
    expect(figures).toMatchObject({ reviewsCount: 3, totalEarned: 30, scans: 2, uniqueVisitors: 1 });
  });
});
