/**
 * Issue 18: Team Reviews a clinic can pay bonuses from, against the real route handlers and a real PostgreSQL.
 * A review is verified by its link (one link, one bonus); the platform is never guessed; pending scans leave the
 * Verify list after 30 days and can be rejected in bulk; what is owed across months, the payroll sheet and the
 * bonus audit log; archiving a member keeps every past month to the penny; any date since the first day pays.
 *
 * Each test makes its own members and works in its own months (2003, 2011, 2019, 2021, 2022 here), so the
 * shared database's other rows never change what it counts.
 */
import { randomUUID } from 'node:crypto';
import { PATCH as patchMemberRoute, DELETE as archiveRoute } from '@/app/api/team-members/[id]/route';
import { GET as listMembersRoute, POST as createMemberRoute } from '@/app/api/team-members/route';
import { DELETE as undoPaymentRoute, POST as markPaidRoute } from '@/app/api/team-reviews/[id]/payment/route';
import { GET as auditCsvRoute } from '@/app/api/team-reviews/audit.csv/route';
import { GET as auditRoute } from '@/app/api/team-reviews/audit/route';
import { GET as outstandingRoute } from '@/app/api/team-reviews/outstanding/route';
import { POST as payAllRoute } from '@/app/api/team-reviews/pay-all/route';
import { GET as payrollRoute } from '@/app/api/team-reviews/payroll.csv/route';
import { GET as monthRoute, POST as createReviewRoute } from '@/app/api/team-reviews/route';
import { POST as approveRoute } from '@/app/api/team-scans/[id]/approve/route';
import { POST as bulkRejectRoute } from '@/app/api/team-scans/reject/route';
import { GET as pendingScansRoute } from '@/app/api/team-scans/route';
import { GET as statsRoute } from '@/app/api/team-stats/route';
import { POST as trackPlatformRoute } from '@/app/api/track-review-platform/route';
import { POST as trackScanRoute } from '@/app/api/track-scan/route';
import { db } from '@/lib/db';
import type {
  PendingScanDto,
  TeamBonusAuditPageDto,
  TeamBonusMonthDto,
  TeamMemberDto,
  TeamOutstandingDto,
  TeamReviewDto,
  TeamStatsDto,
} from '@/lib/dto/team';
import { REVIEW_URL_TEXT } from '@/lib/review-url';
import { currentUkMonth, ukDateString } from '@/lib/uk-time';
import { fixtureReviewLink } from '../support/fixtures';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type CallResult, type TestStaff } from '../support/http';

setUpTestDatabase();

const DAY = 86_400_000;
let staff: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
  await fixtureReviewLink();
});

let ips = 0;
const nextIp = () => {
  ips += 1;
  return `10.41.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
};

async function newMember(firstName: string, lastName: string): Promise<TeamMemberDto> {
  const res = await call(createMemberRoute, {
    path: '/api/team-members',
    body: { firstName, lastName },
    cookie: staff.cookie,
  });
  if (res.status !== 201) throw new Error(`member not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TeamMemberDto;
}

async function newScan(member: { id: string }, options: { platform?: 'google' | 'trustpilot' } = {}) {
  const sessionId = `sess-${randomUUID()}`;
  const res = await call(trackScanRoute, {
    path: '/api/track-scan',
    body: { teamMemberId: member.id, userAgent: 'jest', sessionId, isUniqueVisitor: true },
    ip: nextIp(),
  });
  if (res.status !== 201) throw new Error(`scan not made: ${res.status} ${JSON.stringify(res.body)}`);
  if (options.platform) {
    const chose = await call(trackPlatformRoute, {
      path: '/api/track-review-platform',
      body: { teamMemberId: member.id, platform: options.platform, sessionId },
      ip: nextIp(),
    });
    expect(chose.status).toBe(201);
  }
  return res.body.scanId as string;
}

const link = (tag = randomUUID()) => `https://g.page/r/payroll-${tag}/review`;
const addReview = (body: Record<string, unknown>, cookie = admin.cookie) =>
  call(createReviewRoute, { path: '/api/team-reviews', body, cookie });
async function review(member: { id: string }, reviewDate: string, reviewerName = `Reviewer ${randomUUID()}`) {
  const res = await addReview({ teamMemberId: member.id, reviewerName, reviewDate, reviewUrl: link() });
  if (res.status !== 201) throw new Error(`review not added: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TeamReviewDto;
}
const approve = (id: string, body: Record<string, unknown>, cookie = admin.cookie) =>
  call(approveRoute, { path: `/api/team-scans/${id}/approve`, params: { id }, body, cookie });
const pendingScans = async () =>
  (await call(pendingScansRoute, { path: '/api/team-scans', cookie: admin.cookie })).body as PendingScanDto[];
const bulkReject = (body: unknown, cookie: string | null = admin.cookie) =>
  call(bulkRejectRoute, { path: '/api/team-scans/reject', body, cookie: cookie ?? undefined });
const month = async (year: number, m: number) =>
  (await call(monthRoute, { path: `/api/team-reviews?year=${year}&month=${m}`, cookie: admin.cookie }))
    .body as TeamBonusMonthDto;
const outstanding = async () =>
  (await call(outstandingRoute, { path: '/api/team-reviews/outstanding', cookie: admin.cookie }))
    .body as TeamOutstandingDto;
const payroll = (year: number, m: number, cookie: string | null = admin.cookie) =>
  call(payrollRoute, {
    path: `/api/team-reviews/payroll.csv?year=${year}&month=${m}`,
    cookie: cookie ?? undefined,
  });
const audit = async (query = '') =>
  (await call(auditRoute, { path: `/api/team-reviews/audit${query}`, cookie: admin.cookie }))
    .body as TeamBonusAuditPageDto;
const markPaid = (id: string) =>
  call(markPaidRoute, {
    method: 'POST',
    path: `/api/team-reviews/${id}/payment`,
    params: { id },
    cookie: admin.cookie,
  });
const undoPaid = (id: string) =>
  call(undoPaymentRoute, {
    method: 'DELETE',
    path: `/api/team-reviews/${id}/payment`,
    params: { id },
    cookie: admin.cookie,
  });
const payAll = (body: unknown) =>
  call(payAllRoute, { path: '/api/team-reviews/pay-all', body, cookie: admin.cookie });
const patchMember = (id: string, body: unknown, cookie: string | null = admin.cookie) =>
  call(patchMemberRoute, {
    method: 'PATCH',
    path: `/api/team-members/${id}`,
    params: { id },
    body,
    cookie: cookie ?? undefined,
  });
const archive = (id: string) =>
  call(archiveRoute, {
    method: 'DELETE',
    path: `/api/team-members/${id}`,
    params: { id },
    cookie: admin.cookie,
  });
const stats = async (query = '') =>
  (await call(statsRoute, { path: `/api/team-stats${query}`, cookie: staff.cookie })).body as TeamStatsDto;

/** Every row the Team Reviews API may write: compared before and after a refused call. */
const snapshot = async () => ({
  members: await db.teamMember.findMany({ orderBy: { id: 'asc' } }),
  reviews: await db.teamReview.findMany({ orderBy: { id: 'asc' } }),
  scans: await db.reviewScan.findMany({ orderBy: { id: 'asc' } }),
  payments: await db.teamBonusPayment.findMany({ orderBy: { id: 'asc' } }),
});

const expectError = (res: CallResult, status: number, message: string) =>
  expect({ status: res.status, message: res.body?.message }).toEqual({ status, message });

/** The CSV's lines as cells (the writer quotes every cell and starts with a byte-order mark). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

// ---------- 1. a review is verified by its link ----------

describe('a review is verified by its link: one review, one bonus', () => {
  it('refuses the same review (its link, however it was copied) whoever enters it, naming who has it', async () => {
    const ann = await newMember('ann', 'first');
    const bob = await newMember('bob', 'second');
    const tag = randomUUID();
    const original = `https://www.google.com/maps/reviews/data=${tag}?hl=en-GB&entry=ttu`;
    const first = await addReview({
      teamMemberId: ann.id,
      reviewerName: 'Sam Smile',
      reviewDate: '2021-03-04',
      reviewUrl: original,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ platform: 'google', reviewUrl: original });

    const variants = [
      `https://GOOGLE.com/maps/reviews/data=${tag}/`,
      `https://google.com/maps/reviews/data=${tag}?utm_source=whatsapp&utm_medium=share`,
      `https://www.google.com/maps/reviews/data=${tag}#reviews`,
    ];
    for (const reviewUrl of variants) {
      const before = await snapshot();
      // By hand, for another member and another reviewer name ...
      const byHand = await addReview({
        teamMemberId: bob.id,
        reviewerName: 'Someone Else',
        reviewDate: '2021-03-05',
        reviewUrl,
      });
      expectError(byHand, 409, 'This review is already credited to Ann First.');
      expect(byHand.body).toMatchObject({ code: 'duplicate_review', memberName: 'Ann First' });
      // ... or by approving a scan.
      const scanId = await newScan(bob);
      const beforeApprove = await snapshot();
      const approved = await approve(scanId, { reviewerName: 'Sam Smile', reviewUrl });
      expectError(approved, 409, 'This review is already credited to Ann First.');
      expect(await snapshot()).toEqual(beforeApprove);
      expect((await pendingScans()).some((s) => s.id === scanId)).toBe(true);
      expect((await snapshot()).reviews).toEqual(before.reviews);
    }
  });

  it('credits the same link once when two admins enter it at once', async () => {
    const member = await newMember('race', 'link');
    const reviewUrl = link();
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((who) =>
        addReview({ teamMemberId: member.id, reviewerName: who, reviewDate: '2021-04-01', reviewUrl }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.message).toBe('This review is already credited to Race Link.');
    }
    expect(await db.teamReview.count({ where: { teamMemberId: member.id } })).toBe(1);
  });

  it('asks for confirmation before a second review by the same reviewer for the same member and platform', async () => {
    const member = await newMember('same', 'reviewer');
    await review(member, '2021-05-02', 'Pat Jones');
    const before = await snapshot();
    const second = await addReview({
      teamMemberId: member.id,
      reviewerName: '  pat jones ',
      reviewDate: '2021-05-20',
      reviewUrl: link(),
    });
    expectError(
      second,
      409,
      'Same Reviewer already has a Google review by pat jones (dated 2 May 2021). If this is another review, confirm to add it too.',
    );
    expect(second.body).toMatchObject({ code: 'same_reviewer', existingDate: '2021-05-02' });
    expect(await snapshot()).toEqual(before);
    // On Trustpilot it is another review: no question.
    const trustpilot = await addReview({
      teamMemberId: member.id,
      reviewerName: 'Pat Jones',
      reviewDate: '2021-05-20',
      reviewUrl: `https://uk.trustpilot.com/reviews/${randomUUID()}`,
    });
    expect(trustpilot.status).toBe(201);
    expect(trustpilot.body.platform).toBe('trustpilot');
    // Confirmed: recorded.
    const confirmed = await addReview({
      teamMemberId: member.id,
      reviewerName: 'Pat Jones',
      reviewDate: '2021-05-20',
      reviewUrl: link(),
      confirmSameReviewer: true,
    });
    expect(confirmed.status).toBe(201);
  });

  it('needs the link to approve a scan: no link, no review (400, the scan stays pending)', async () => {
    const member = await newMember('no', 'link');
    const scanId = await newScan(member, { platform: 'google' });
    const before = await snapshot();
    const res = await approve(scanId, { reviewerName: 'Lee Link' });
    expectError(res, 400, REVIEW_URL_TEXT);
    expect(res.body.fieldErrors.reviewUrl).toContain(REVIEW_URL_TEXT);
    expect(await snapshot()).toEqual(before);
  });
});

// ---------- 2. honest tracking ----------

describe('honest tracking: the platform only when chosen, a funnel per member and month', () => {
  it('records no platform for a visitor who chose none, and counts visits, choices and reviews as a funnel', async () => {
    const member = await newMember('funnel', 'member');
    const quiet = await newScan(member);
    await newScan(member, { platform: 'google' });
    await newScan(member, { platform: 'trustpilot' });
    const scans = (await pendingScans()).filter((s) => s.teamMemberId === member.id);
    expect(scans.find((s) => s.id === quiet)?.platform).toBeNull();
    expect(await db.reviewPlatformChoice.count({ where: { teamMemberId: member.id } })).toBe(2);
    await approve(quiet, {
      reviewerName: 'Quiet Visitor',
      reviewUrl: link(),
      reviewDate: ukDateString(new Date()),
    });

    const { year, month: m } = currentUkMonth();
    const funnel = (await stats(`?year=${year}&month=${m}`)).funnel;
    expect(funnel).toMatchObject({ year, month: m });
    expect(funnel.members.find((r) => r.teamMemberId === member.id)).toEqual({
      teamMemberId: member.id,
      name: 'Funnel Member',
      archived: false,
      visits: 3,
      chosePlatform: 2,
      choseGoogle: 1,
      choseTrustpilot: 1,
      verifiedReviews: 1,
    });
    // Another month: nothing for them.
    const other = (await stats('?year=2019&month=1')).funnel.members.find(
      (r) => r.teamMemberId === member.id,
    );
    expect(other).toMatchObject({ visits: 0, chosePlatform: 0, verifiedReviews: 0 });
    // A month half given is refused.
    const half = await call(statsRoute, { path: '/api/team-stats?year=2024', cookie: staff.cookie });
    expectError(half, 400, 'Send both year and month, or neither');
  });

  it('lets pending scans older than 30 days leave the Verify list by themselves, kept in the statistics', async () => {
    const member = await newMember('old', 'scans');
    const old = await newScan(member);
    const recent = await newScan(member);
    await db.reviewScan.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 31 * DAY) } });
    await db.reviewScan.update({
      where: { id: recent },
      data: { createdAt: new Date(Date.now() - 29 * DAY) },
    });
    const listed = (await pendingScans()).filter((s) => s.teamMemberId === member.id).map((s) => s.id);
    expect(listed).toEqual([recent]);
    // Still a visit: the member's scan count and the totals keep it; it is not rejected, only out of the list.
    const figures = (
      (await call(listMembersRoute, { path: '/api/team-members', cookie: staff.cookie }))
        .body as TeamMemberDto[]
    ).find((x) => x.id === member.id);
    expect(figures?.scans).toBe(2);
    expect(await db.reviewScan.findUniqueOrThrow({ where: { id: old } })).toMatchObject({
      status: 'pending',
    });
    expect((await stats()).pendingScans).toBe(
      await db.reviewScan.count({
        where: { status: 'pending', createdAt: { gte: new Date(Date.now() - 30 * DAY) } },
      }),
    );
  });

  it('rejects many scans at once (full admins), leaving resolved ones as they were', async () => {
    const member = await newMember('bulk', 'reject');
    const a = await newScan(member);
    const b = await newScan(member);
    const approved = await newScan(member);
    const kept = await newScan(member);
    expect((await approve(approved, { reviewerName: 'Kept Review', reviewUrl: link() })).status).toBe(201);

    const res = await bulkReject({ ids: [a, b, approved, a] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rejected: 2, alreadyResolved: 1 });
    for (const id of [a, b]) {
      expect(await db.reviewScan.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: 'rejected',
        resolvedBy: admin.email,
      });
    }
    expect(await db.reviewScan.findUniqueOrThrow({ where: { id: approved } })).toMatchObject({
      status: 'approved',
    });
    expect((await pendingScans()).filter((s) => s.teamMemberId === member.id).map((s) => s.id)).toEqual([
      kept,
    ]);
  });

  it('answers bulk reject 401 signed out, 403 for staff, 400 for a bad list, writing nothing', async () => {
    const scan = await newScan(await newMember('bulk', 'refused'));
    const before = await snapshot();
    expectError(await bulkReject({ ids: [scan] }, null), 401, 'You need to sign in.');
    expectError(await bulkReject({ ids: [scan] }, staff.cookie), 403, 'Only a full admin can do this.');
    expectError(await bulkReject({ ids: [] }), 400, 'ids must name at least one scan');
    expectError(await bulkReject({ ids: ['nope'] }), 400, 'ids must be scan ids');
    expectError(await bulkReject({ ids: scan }), 400, 'ids must be a list of scan ids');
    expectError(
      await bulkReject({ ids: Array.from({ length: 501 }, () => randomUUID()) }),
      400,
      'ids may name at most 500 scans',
    );
    expect(await snapshot()).toEqual(before);
  });
});

// ---------- 3. the payroll view ----------

describe('the payroll view: outstanding across months, the payroll sheet, the audit log', () => {
  it('lists every verified, unpaid review of any month, oldest first, with a total per member', async () => {
    const ann = await newMember('owed', 'ann');
    const bob = await newMember('owed', 'bob');
    const annOld = await review(ann, '2003-02-10'); // before 2024: any date since the first day
    const bobMid = await review(bob, '2011-06-01');
    const annNew = await review(ann, '2011-07-01');
    const paid = await review(ann, '2003-02-11');
    expect((await markPaid(paid.id)).status).toBe(200);
    await db.teamReview.update({ where: { id: annNew.id }, data: { bonusPence: 1250 } });

    const res = await outstanding();
    const ours = res.members.filter((m) => [ann.id, bob.id].includes(m.teamMemberId));
    expect(ours.map((m) => [m.name, m.reviews.map((r) => r.id), m.total])).toEqual([
      ['Owed Ann', [annOld.id, annNew.id], 22.5],
      ['Owed Bob', [bobMid.id], 10],
    ]);
    // Oldest first across everyone; the figures add up.
    const dates = res.members.flatMap((m) => m.reviews.map((r) => r.date));
    expect(res.members.map((m) => m.reviews[0]!.date)).toEqual(
      [...res.members.map((m) => m.reviews[0]!.date)].sort(),
    );
    expect(res.count).toBe(dates.length);
    expect(res.total).toBe(res.members.reduce((t, m) => t + Math.round(m.total * 100), 0) / 100);
    expect(res.members.every((m) => m.reviews.every((r) => !r.isPaid && r.verifiedDate))).toBe(true);

    // 2003's month can be opened and paid (the bonus months reach back to the clinic's first day).
    const feb2003 = await month(2003, 2);
    expect(feb2003.members.find((m) => m.teamMemberId === ann.id)).toMatchObject({
      totalOwed: 10,
      totalPaid: 10,
    });
    const pay = await payAll({ teamMemberId: ann.id, year: 2003, month: 2 });
    expect(pay.status).toBe(200);
    expect(pay.body.total).toBe(10);
    expect(
      (await outstanding()).members.find((m) => m.teamMemberId === ann.id)?.reviews.map((r) => r.id),
    ).toEqual([annNew.id]);
  });

  it("writes a month's bonus sheet for payroll: member, reviews, bonus owed and paid, formulas neutralised", async () => {
    const plain = await newMember('payroll', 'plain');
    const risky = await newMember('=HYPERLINK("x")', 'Payroll');
    const r1 = await review(plain, '2019-03-01');
    await review(plain, '2019-03-15');
    await review(risky, '2019-03-20');
    await db.teamReview.update({ where: { id: r1.id }, data: { bonusPence: 1250 } });
    expect((await markPaid(r1.id)).status).toBe(200);
    await review(plain, '2019-04-01'); // another month: not on March's sheet

    const res = await payroll(2019, 3);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="team-bonuses-2019-03.csv"');
    const rows = csvRows(res.body as string);
    expect(rows[0]).toEqual(['Team member', 'Verified reviews', 'Bonus owed (GBP)', 'Bonus paid (GBP)']);
    const body = rows.slice(1);
    expect(body.find((r) => r[0] === 'Payroll Plain')).toEqual(['Payroll Plain', '2', '10.00', '12.50']);
    const riskyRow = body.find((r) => r[0]!.includes('HYPERLINK'));
    expect(riskyRow?.[0]?.startsWith("'=")).toBe(true);
    expect(riskyRow?.slice(1)).toEqual(['1', '10.00', '0.00']);

    expectError(await payroll(2019, 3, null), 401, 'You need to sign in.');
    expectError(await payroll(2019, 3, staff.cookie), 403, 'Only a full admin can do this.');
    expectError(await payroll(2019, 13), 400, 'month must be 1 (January) to 12 (December)');
  });

  it('keeps every bonus payment and undo in the audit log, shown and exported', async () => {
    const member = await newMember('audited', 'member');
    const a = await review(member, '2022-08-01', 'Alex Audit');
    const b = await review(member, '2022-08-02', 'Bea Audit');
    expect((await markPaid(a.id)).status).toBe(200);
    expect((await undoPaid(a.id)).status).toBe(200);
    expect((await payAll({ teamMemberId: member.id, year: 2022, month: 8 })).status).toBe(200);

    const page = await audit('?limit=200');
    const ours = page.entries.filter((e) => e.memberName === 'Audited Member');
    expect(ours.map((e) => [e.action, e.reviewerName, e.reviewDate, e.amount, e.performedBy])).toEqual(
      expect.arrayContaining([
        ['bonus_paid', 'Alex Audit', '2022-08-01', 10, admin.email],
        ['bonus_undone', 'Alex Audit', '2022-08-01', 10, admin.email],
        ['bonus_paid', 'Bea Audit', '2022-08-02', 10, admin.email],
      ]),
    );
    expect(ours).toHaveLength(4);
    // Newest first.
    const times = page.entries.map((e) => e.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    // Paged with a cursor, nothing lost or repeated.
    const first = await audit('?limit=1');
    const second = await audit(`?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.entries[0]?.id).toBe(page.entries[1]?.id);
    const bad = await call(auditRoute, { path: '/api/team-reviews/audit?cursor=zzz', cookie: admin.cookie });
    expect(bad.status).toBe(400);

    const csv = await call(auditCsvRoute, { path: '/api/team-reviews/audit.csv', cookie: admin.cookie });
    expect(csv.status).toBe(200);
    const rows = csvRows(csv.body as string);
    expect(rows[0]).toEqual([
      'Date and time (UK)',
      'Action',
      'Team member',
      'Reviewer',
      'Review date',
      'Amount (GBP)',
      'Performed by',
    ]);
    const mine = rows.filter((r) => r[2] === 'Audited Member');
    expect(mine.map((r) => [r[1], r[3], r[4], r[5]])).toEqual(
      expect.arrayContaining([
        ['Bonus paid', 'Alex Audit', '1 Aug 2022', '10.00'],
        ['Payment undone', 'Alex Audit', '1 Aug 2022', '10.00'],
        ['Bonus paid', 'Bea Audit', '2 Aug 2022', '10.00'],
      ]),
    );
    void b;
  });
});

// ---------- 4. people leave; records stay ----------

describe('people leave, records stay: archive, restore, rename', () => {
  it("keeps every past month's totals to the penny when a member is archived, and restores them", async () => {
    const leaver = await newMember('leaving', 'soon');
    await review(leaver, '2022-01-10');
    const odd = await review(leaver, '2022-01-11');
    await db.teamReview.update({ where: { id: odd.id }, data: { bonusPence: 1337 } });
    const paid = await review(leaver, '2022-02-03');
    expect((await markPaid(paid.id)).status).toBe(200);
    const scan = await newScan(leaver);

    const months = async () => [await month(2022, 1), await month(2022, 2)];
    const sheets = async () => [
      (await payroll(2022, 1)).body as string,
      (await payroll(2022, 2)).body as string,
    ];
    const monthsBefore = await months();
    const sheetsBefore = await sheets();
    expect(sheetsBefore[0]).toContain('"Leaving Soon","2","23.37","0.00"');
    const auditBefore = await db.teamBonusPayment.findMany({ where: { teamMemberId: leaver.id } });
    expect(monthsBefore[0]!.members.find((m) => m.teamMemberId === leaver.id)).toMatchObject({
      totalOwed: 23.37,
      totalPaid: 0,
    });

    const res = await archive(leaver.id);
    expect(res.status).toBe(204);

    // Every past month as it was, to the penny, with the member's name; only 'archived' says they left.
    const monthsAfter = await months();
    expect(monthsAfter).toEqual(
      monthsBefore.map((mo) => ({
        ...mo,
        members: mo.members.map((m) => (m.teamMemberId === leaver.id ? { ...m, archived: true } : m)),
      })),
    );
    expect(await sheets()).toEqual(sheetsBefore);
    expect(await db.teamBonusPayment.findMany({ where: { teamMemberId: leaver.id } })).toEqual(auditBefore);
    // What they are owed is still owed, and payable.
    const owed = (await outstanding()).members.find((m) => m.teamMemberId === leaver.id);
    expect(owed).toMatchObject({ name: 'Leaving Soon', archived: true, total: 23.37 });

    // Out of the active lists; their QR code counts no new visits; their pending scan is rejected.
    const active = (await call(listMembersRoute, { path: '/api/team-members', cookie: staff.cookie }))
      .body as TeamMemberDto[];
    expect(active.some((m) => m.id === leaver.id)).toBe(false);
    const visit = await call(trackScanRoute, {
      path: '/api/track-scan',
      body: { teamMemberId: leaver.id, sessionId: `sess-${randomUUID()}`, isUniqueVisitor: true },
      ip: nextIp(),
    });
    expect(visit.status).toBe(404);
    expect(await db.reviewScan.findUniqueOrThrow({ where: { id: scan } })).toMatchObject({
      status: 'rejected',
    });
    // No new review for someone who left (restore them first).
    expectError(
      await addReview({
        teamMemberId: leaver.id,
        reviewerName: 'Late',
        reviewDate: '2022-03-01',
        reviewUrl: link(),
      }),
      409,
      'This team member is archived: restore them first.',
    );

    // Full admins see who left, and restore them.
    const archivedList = await call(listMembersRoute, {
      path: '/api/team-members?archived=true',
      cookie: admin.cookie,
    });
    expect((archivedList.body as TeamMemberDto[]).find((m) => m.id === leaver.id)).toMatchObject({
      archivedAt: expect.any(String),
      reviewsCount: 3,
    });
    const forStaff = await call(listMembersRoute, {
      path: '/api/team-members?archived=true',
      cookie: staff.cookie,
    });
    expect(forStaff.status).toBe(403);

    const restored = await patchMember(leaver.id, { archived: false });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id: leaver.id,
      archivedAt: null,
      reviewsCount: 3,
      totalEarned: 33.37,
    });
    expect(await months()).toEqual(monthsBefore);
  });

  it("corrects a member's name (the audit keeps the name of the moment), and refuses bad edits", async () => {
    const member = await newMember('misspelt', 'nmae');
    const r = await review(member, '2022-05-05');
    expect((await markPaid(r.id)).status).toBe(200);

    const res = await patchMember(member.id, { lastName: '  name ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Misspelt', lastName: 'Name', archivedAt: null });
    expect((await month(2022, 5)).members.find((m) => m.teamMemberId === member.id)?.name).toBe(
      'Misspelt Name',
    );
    expect((await db.teamBonusPayment.findFirstOrThrow({ where: { teamReviewId: r.id } })).memberName).toBe(
      'Misspelt Nmae',
    );

    const before = await snapshot();
    expectError(await patchMember(member.id, { lastName: 'X' }, null), 401, 'You need to sign in.');
    expectError(
      await patchMember(member.id, { lastName: 'X' }, staff.cookie),
      403,
      'Only a full admin can do this.',
    );
    expectError(await patchMember(member.id, {}), 400, 'Send firstName, lastName or archived');
    expect((await patchMember(member.id, { lastName: '   ' })).status).toBe(400);
    expectError(await patchMember(member.id, { archived: 'yes' }), 400, 'archived must be true or false');
    expect((await patchMember(member.id, { code: 'TM-AAAA-AAAA-AAAA-AAAA' })).status).toBe(400);
    expectError(await patchMember(randomUUID(), { lastName: 'X' }), 404, 'That team member does not exist.');
    expect(await snapshot()).toEqual(before);
  });
});
