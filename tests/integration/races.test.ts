/**
 * Issue 8, part 3: races. Each test sends the same action RACERS (20) times at once, from several staff
 * sessions, against the real route handlers and a real PostgreSQL (whose pool serves 10 connections, so the
 * calls really do queue and interleave). Each ends with exactly one effect and one audit entry; the other
 * calls get a clear 409 naming why, or the same result (the same lead, the same scan, nothing left to pay).
 *
 * The approach is that of the smaller races in referrals.test.ts, payments.test.ts, team.test.ts and
 * clients.test.ts, with every race at 20 at once in one place.
 *
 * The first race runs before anything has read the settings, so 20 first reads of the settings row (which is
 * made on first use) race as well.
 */
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { POST as leadsRoute } from '@/app/api/leads/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { DELETE as undoPaymentRoute, POST as markPaidRoute } from '@/app/api/referrals/[id]/payment/route';
import { DELETE as deleteReferralRoute, PATCH as patchReferralRoute } from '@/app/api/referrals/[id]/route';
import { DELETE as undoBonusRoute, POST as payBonusRoute } from '@/app/api/team-reviews/[id]/payment/route';
import { POST as teamPayAllRoute } from '@/app/api/team-reviews/pay-all/route';
import { POST as undoBulkRoute } from '@/app/api/team-reviews/undo-bulk/route';
import { POST as approveRoute } from '@/app/api/team-scans/[id]/approve/route';
import { POST as rejectRoute } from '@/app/api/team-scans/[id]/reject/route';
import { POST as trackScanRoute } from '@/app/api/track-scan/route';
import { db } from '@/lib/db';
import { CLIENT_EXISTS_TEXT } from '@/lib/services/clients';
import { ALREADY_PAID_TEXT, ALREADY_STARTED_TEXT, NOT_PAID_TEXT } from '@/lib/services/referral-status';
import { REFERRAL_NOT_FOUND_TEXT } from '@/lib/services/referrals';
import { BONUS_ALREADY_PAID_TEXT, BONUS_NOT_PAID_TEXT, SCAN_RESOLVED_TEXT } from '@/lib/services/team';
import { setUpTestDatabase } from '../support/db';
import {
  fixtureClient,
  fixtureMember,
  fixtureReferral,
  fixtureReview,
  fixtureScan,
  uniqueEmail,
  uniqueIp,
  uniqueSession,
  fixtureReviewLink,
} from '../support/fixtures';
import { call, makeStaff, type CallResult, type TestStaff } from '../support/http';

setUpTestDatabase();

const RACERS = 20;
const NONE_PAID_TEXT = 'None of these bonuses is marked paid.';

let staff: TestStaff;
let staff2: TestStaff;
let admin: TestStaff;
let admin2: TestStaff;
/** Any signed-in staff member (the staff actions), and full admins only (the admin actions). */
let anyStaff: TestStaff[];
let admins: TestStaff[];

beforeAll(async () => {
  staff = await makeStaff();
  staff2 = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
  admin2 = await makeStaff({ isFullAdmin: true });
  anyStaff = [staff, admin, staff2, admin2];
  admins = [admin, admin2];
});

const tally = { races: 0, requests: 0 };

afterAll(() => {
  console.log(
    `[races] ${tally.races} races of ${RACERS} concurrent requests each: ${tally.requests} requests, ` +
      'each race ending with exactly one effect and its audit entry.',
  );
});

/** The same call RACERS times at once, each from the next session of `sessions`. */
async function race(
  sessions: TestStaff[],
  send: (session: TestStaff, i: number) => Promise<CallResult>,
): Promise<CallResult[]> {
  tally.races += 1;
  tally.requests += RACERS;
  return Promise.all(Array.from({ length: RACERS }, (_, i) => send(sessions[i % sessions.length]!, i)));
}

/** The statuses, sorted, with how many of each: { 200: 1, 409: 19 }. */
function statusCounts(results: CallResult[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

const winnersOf = (results: CallResult[], status: number) => results.filter((r) => r.status === status);

/** Every loser answered `status` with exactly this message. */
function expectLosers(results: CallResult[], status: number, message: string): void {
  for (const r of results.filter((x) => x.status === status)) {
    expect(r.body).toMatchObject({ message });
  }
}

const paymentEntries = (referralIds: string[]) =>
  db.paymentAuditEntry.findMany({
    where: { referralId: { in: referralIds } },
    orderBy: { createdAt: 'asc' },
  });
const bonusEntries = (reviewIds: string[]) =>
  db.teamBonusPayment.findMany({ where: { teamReviewId: { in: reviewIds } }, orderBy: { createdAt: 'asc' } });

describe(`${RACERS} at once`, () => {
  it('approving one pending scan: one review, the scan resolved once by the winner, 409 for the rest', async () => {
    const scan = await fixtureScan();
    expect(await db.settings.count()).toBe(0); // each approval reads the bonus setting: 20 first reads at once
    const results = await race(admins, (s, i) =>
      call(approveRoute, {
        path: `/api/team-scans/${scan.id}/approve`,
        params: { id: scan.id },
        body: { reviewerName: `Racer ${i}`, reviewUrl: `https://g.page/r/race-${i}-${scan.id}/review` },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 201: 1, 409: RACERS - 1 });
    expectLosers(results, 409, SCAN_RESOLVED_TEXT);
    const [winner] = winnersOf(results, 201);
    const reviews = await db.teamReview.findMany({ where: { scanId: scan.id } });
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.id).toBe(winner!.body.id);
    expect(await db.teamReview.count({ where: { teamMemberId: scan.teamMemberId } })).toBe(1);
    // The scan's record of who verified it is the winner's, once.
    const row = await db.reviewScan.findUniqueOrThrow({ where: { id: scan.id } });
    expect(row.status).toBe('approved');
    expect(row.resolvedBy).toBe(reviews[0]!.verifiedBy);
    expect(admins.map((a) => a.email)).toContain(row.resolvedBy);
    expect(await db.settings.count()).toBe(1);
  });

  it('approving and rejecting one pending scan: exactly one of them wins', async () => {
    const scan = await fixtureScan();
    const results = await race(admins, (s, i) =>
      i % 2
        ? call(rejectRoute, {
            path: `/api/team-scans/${scan.id}/reject`,
            params: { id: scan.id },
            cookie: s.cookie,
          })
        : call(approveRoute, {
            path: `/api/team-scans/${scan.id}/approve`,
            params: { id: scan.id },
            body: { reviewerName: 'Racer', reviewUrl: `https://g.page/r/race-${scan.id}/review` },
            cookie: s.cookie,
          }),
    );
    const won = results.filter((r) => r.status === 201 || r.status === 204);
    expect(won).toHaveLength(1);
    expect(statusCounts(results)[409]).toBe(RACERS - 1);
    expectLosers(results, 409, SCAN_RESOLVED_TEXT);
    const row = await db.reviewScan.findUniqueOrThrow({ where: { id: scan.id } });
    expect(row.status).toBe(won[0]!.status === 201 ? 'approved' : 'rejected');
    expect(await db.teamReview.count({ where: { scanId: scan.id } })).toBe(won[0]!.status === 201 ? 1 : 0);
  });

  it('marking one referral paid: one payment, one payment_marked entry, 409 for the rest', async () => {
    const referral = await fixtureReferral('due');
    const results = await race(anyStaff, (s) =>
      call(markPaidRoute, {
        path: `/api/referrals/${referral.id}/payment`,
        params: { id: referral.id },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: RACERS - 1 });
    expectLosers(results, 409, ALREADY_PAID_TEXT);
    const [winner] = winnersOf(results, 200);
    const entries = await paymentEntries([referral.id]);
    expect(entries.map((e) => e.action)).toEqual(['payment_marked']);
    expect(entries[0]!.id).toBe(winner!.body.auditEntry.id);
    expect(entries[0]!.amountPence).toBe(20_000);
    const row = await db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(row.rewardPaid).toBe(true);
    expect(row.paidAt?.toISOString()).toBe(winner!.body.referral.paidAt);
  });

  it('undoing one payment: one undo, one payment_undone entry, 409 for the rest', async () => {
    const referral = await fixtureReferral('due');
    const paid = await call(markPaidRoute, {
      path: `/api/referrals/${referral.id}/payment`,
      params: { id: referral.id },
      cookie: staff.cookie,
    });
    expect(paid.status).toBe(200);
    const results = await race(admins, (s) =>
      call(undoPaymentRoute, {
        method: 'DELETE',
        path: `/api/referrals/${referral.id}/payment`,
        params: { id: referral.id },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: RACERS - 1 });
    expectLosers(results, 409, NOT_PAID_TEXT);
    expect((await paymentEntries([referral.id])).map((e) => e.action)).toEqual([
      'payment_marked',
      'payment_undone',
    ]);
    const row = await db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(row).toMatchObject({ rewardPaid: false, paidAt: null, status: 'payment_due' });
  });

  it('Pay All Outstanding on one client and month: each conversion paid once, one entry each; the rest pay nothing', async () => {
    const client = await fixtureClient();
    const ids: string[] = [];
    for (const day of ['03', '14', '27']) {
      const r = await fixtureReferral('due', { client, convertedAt: new Date(`2024-06-${day}T12:00:00Z`) });
      ids.push(r.id);
    }
    // Another month's conversion of the same client stays owed.
    const july = await fixtureReferral('due', { client, convertedAt: new Date('2024-07-01T12:00:00Z') });
    const body = { clientId: client.id, year: 2024, month: 6 };
    const results = await race(admins, (s) => call(payAllRoute, { body, cookie: s.cookie }));
    expect(statusCounts(results)).toEqual({ 200: RACERS });
    const payers = results.filter((r) => r.body.paid.length > 0);
    expect(payers).toHaveLength(1);
    expect(payers[0]!.body.paid.map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());
    expect(payers[0]!.body.total).toBe(600);
    // The others: nothing left to pay, said plainly.
    for (const r of results.filter((x) => x !== payers[0]))
      expect(r.body).toEqual({ paid: [], auditEntries: [], total: 0 });
    const entries = await paymentEntries(ids);
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((e) => e.referralId)).size).toBe(3);
    expect(entries.every((e) => e.action === 'payment_marked')).toBe(true);
    expect((await db.referral.findUniqueOrThrow({ where: { id: july.id } })).rewardPaid).toBe(false);
  });

  it('Pay All racing single payments of the same conversions: each paid once, one entry each', async () => {
    const client = await fixtureClient();
    const ids: string[] = [];
    for (const day of ['02', '09', '16', '23']) {
      ids.push(
        (await fixtureReferral('due', { client, convertedAt: new Date(`2024-05-${day}T12:00:00Z`) })).id,
      );
    }
    // A quarter of the calls are an admin's Pay All, the rest single payments by staff and admins.
    const results = await race(anyStaff, (s, i) =>
      i % 4 === 1
        ? call(payAllRoute, { body: { clientId: client.id, year: 2024, month: 5 }, cookie: s.cookie })
        : call(markPaidRoute, {
            path: `/api/referrals/${ids[i % ids.length]}/payment`,
            params: { id: ids[i % ids.length]! },
            cookie: s.cookie,
          }),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    expectLosers(results, 409, ALREADY_PAID_TEXT);
    const paidIds = results
      .filter((r) => r.status === 200)
      .flatMap((r) => (r.body.paid ? r.body.paid.map((p: { id: string }) => p.id) : [r.body.referral.id]));
    expect([...paidIds].sort()).toEqual([...ids].sort()); // each exactly once
    const entries = await paymentEntries(ids);
    expect(entries).toHaveLength(4);
    expect(new Set(entries.map((e) => e.referralId)).size).toBe(4);
  });

  it("Story Started on one referral: one conversion, 409 'already started' for the rest", async () => {
    const referral = await fixtureReferral('pending');
    // Each names another amount: a full admin's decision (issue 28), so full admins race.
    const results = await race(admins, (s, i) =>
      call(patchReferralRoute, {
        method: 'PATCH',
        path: `/api/referrals/${referral.id}`,
        params: { id: referral.id },
        body: { status: 'Payment Due', rewardAmount: 100 + i },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: RACERS - 1 });
    expectLosers(results, 409, ALREADY_STARTED_TEXT);
    const [winner] = winnersOf(results, 200);
    const row = await db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(row.status).toBe('payment_due');
    expect(row.rewardPence).toBe(Math.round(winner!.body.rewardAmount * 100));
    expect(row.convertedAt?.toISOString()).toBe(winner!.body.convertedAt);
    // The one change of the amount is audited once, with the amount that was kept.
    const audited = await db.paymentAuditEntry.findMany({
      where: { referralId: referral.id, action: 'reward_changed' },
    });
    expect(audited.map((e) => e.amountPence)).toEqual([row.rewardPence]);
  });

  it('deleting one referral: one deletion, 404 for the rest', async () => {
    const referral = await fixtureReferral('pending');
    const results = await race(admins, (s) =>
      call(deleteReferralRoute, {
        method: 'DELETE',
        path: `/api/referrals/${referral.id}`,
        params: { id: referral.id },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 204: 1, 404: RACERS - 1 });
    expectLosers(results, 404, REFERRAL_NOT_FOUND_TEXT);
    const client = await db.client.findUniqueOrThrow({ where: { id: referral.referrerId } });
    expect(client.referralCount).toBe(0);
  });

  it('adding one client email (in any case): one client, 409 with that client for the rest', async () => {
    const email = uniqueEmail('race');
    const countBefore = await db.client.count();
    const results = await race(anyStaff, (s, i) =>
      call(createClientRoute, {
        body: {
          firstName: 'Rita',
          lastName: `Race${i}`,
          email: i % 2 ? email.toUpperCase() : ` ${email} `,
        },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 201: 1, 409: RACERS - 1 });
    expectLosers(results, 409, CLIENT_EXISTS_TEXT);
    const [winner] = winnersOf(results, 201);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.client.id).toBe(winner!.body.id);
    expect(await db.client.count({ where: { email } })).toBe(1);
    expect(await db.client.count()).toBe(countBefore + 1);
    // The dashboard's count (kept by a trigger) saw one insert.
    const [kept] = await db.$queryRaw<
      { n: number }[]
    >`SELECT "count"::int AS n FROM row_counts WHERE name = 'clients'`;
    expect(kept!.n).toBe(countBefore + 1);
  });

  it('the same lead sent from the public form 20 times: one lead and one referral, the rest given fresh receipts', async () => {
    const client = await fixtureClient();
    const body = {
      firstName: 'Amy',
      lastName: 'Pond',
      email: uniqueEmail('amy'),
      phone: '07123 456789',
      treatmentInterest: 'improve-my-smile',
      referrerId: client.cardNumber,
    };
    const results = await race([staff], () => call(leadsRoute, { body, ip: uniqueIp() }));
    // The public form gets the same answer every time (issue 14, point 12): 201 and two ids; only the one that
    // wrote the lead is given its ids, the others ids made for them, never the lead's (issue 28, point 6).
    expect(statusCounts(results)).toEqual({ 201: RACERS });
    expect(new Set(results.map((r) => r.body.leadId)).size).toBe(RACERS);
    expect(new Set(results.map((r) => r.body.referralId)).size).toBe(RACERS);
    for (const r of results) expect(Object.keys(r.body).sort()).toEqual(['leadId', 'referralId']);
    const lead = await db.lead.findFirstOrThrow({ where: { email: body.email } });
    expect(results.filter((r) => r.body.leadId === lead.id)).toHaveLength(1);
    expect(await db.lead.count({ where: { email: body.email } })).toBe(1);
    expect(await db.referral.count({ where: { referrerId: client.id } })).toBe(1);
  });

  it('the same review-page visit reported 20 times: one scan, the rest given the same scan', async () => {
    await fixtureReviewLink();
    const member = await fixtureMember();
    const body = {
      teamMemberId: member.code,
      sessionId: uniqueSession(),
      isUniqueVisitor: true,
      userAgent: 'jest',
    };
    const results = await race([staff], () => call(trackScanRoute, { body, ip: uniqueIp() }));
    expect(statusCounts(results)).toEqual({ 200: RACERS - 1, 201: 1 });
    expect(new Set(results.map((r) => r.body.scanId)).size).toBe(1);
    expect(await db.reviewScan.count({ where: { teamMemberId: member.id } })).toBe(1);
  });

  it('paying one team review: one payment, one bonus_paid entry, 409 for the rest', async () => {
    const review = await fixtureReview({ date: '2024-09-10' });
    const results = await race(admins, (s) =>
      call(payBonusRoute, {
        path: `/api/team-reviews/${review.id}/payment`,
        params: { id: review.id },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: RACERS - 1 });
    expectLosers(results, 409, BONUS_ALREADY_PAID_TEXT);
    const entries = await bonusEntries([review.id]);
    expect(entries.map((e) => e.action)).toEqual(['bonus_paid']);
    const [winner] = winnersOf(results, 200);
    expect(admins.map((a) => a.email)).toContain(entries[0]!.performedBy);
    expect((await db.teamReview.findUniqueOrThrow({ where: { id: review.id } })).paidAt?.toISOString()).toBe(
      winner!.body.paidDate,
    );
  });

  it('undoing one team bonus payment: one undo, one bonus_undone entry, 409 for the rest', async () => {
    const review = await fixtureReview({ date: '2024-09-11', paid: true });
    const results = await race(admins, (s) =>
      call(undoBonusRoute, {
        method: 'DELETE',
        path: `/api/team-reviews/${review.id}/payment`,
        params: { id: review.id },
        cookie: s.cookie,
      }),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: RACERS - 1 });
    expectLosers(results, 409, BONUS_NOT_PAID_TEXT);
    expect((await bonusEntries([review.id])).map((e) => e.action)).toEqual(['bonus_undone']);
    expect((await db.teamReview.findUniqueOrThrow({ where: { id: review.id } })).paidAt).toBeNull();
  });

  it('Pay All Outstanding on one team member and month: each review paid once, one entry each; the rest pay nothing', async () => {
    const member = await fixtureMember();
    const ids: string[] = [];
    for (const day of ['05', '12', '19'])
      ids.push((await fixtureReview({ member, date: `2024-10-${day}` })).id);
    const results = await race(admins, (s) =>
      call(teamPayAllRoute, { body: { teamMemberId: member.id, year: 2024, month: 10 }, cookie: s.cookie }),
    );
    expect(statusCounts(results)).toEqual({ 200: RACERS });
    const payers = results.filter((r) => r.body.reviews.length > 0);
    expect(payers).toHaveLength(1);
    expect(payers[0]!.body.total).toBe(30);
    for (const r of results.filter((x) => x !== payers[0])) expect(r.body).toEqual({ reviews: [], total: 0 });
    const entries = await bonusEntries(ids);
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((e) => e.teamReviewId)).size).toBe(3);
  });

  it('Undo Bulk Payment of the same reviews: undone once, one entry each, 409 for the rest', async () => {
    const member = await fixtureMember();
    const ids: string[] = [];
    for (const day of ['06', '13'])
      ids.push((await fixtureReview({ member, date: `2024-11-${day}`, paid: true })).id);
    const results = await race(admins, (s) =>
      call(undoBulkRoute, { body: { reviewIds: ids }, cookie: s.cookie }),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: RACERS - 1 });
    expectLosers(results, 409, NONE_PAID_TEXT);
    expect(winnersOf(results, 200)[0]!.body.total).toBe(20);
    const entries = await bonusEntries(ids);
    expect(entries.map((e) => e.action)).toEqual(['bonus_undone', 'bonus_undone']);
  });
});
