/**
 * Issue 34: the proposals' routes. GET /api/practice-matches (staff, paged, by status), POST …/{id}/confirm and
 * …/{id}/reject (staff), POST …/confirm-high (full admins). Signed out, the wrong role and bad input are in the
 * authorisation matrix and the bad-input corpus too; here, what each answers and does.
 */
import { POST as confirmHighRoute } from '@/app/api/practice-matches/confirm-high/route';
import { POST as confirmRoute } from '@/app/api/practice-matches/[id]/confirm/route';
import { POST as rejectRoute } from '@/app/api/practice-matches/[id]/reject/route';
import { GET as listRoute } from '@/app/api/practice-matches/route';
import { db } from '@/lib/db';
import type { PracticeMatchDto } from '@/lib/dto/practice-matches';
import { MATCH_DECIDED_TEXT } from '@/lib/services/practice/decide';
import { setUpTestDatabase } from '../support/db';
import { UNKNOWN_ID } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import { fixtureProposal } from '../support/practice';

setUpTestDatabase();
jest.setTimeout(60_000);

let admin: TestStaff;
let staff: TestStaff;
beforeAll(async () => {
  admin = await makeStaff({ isFullAdmin: true });
  staff = await makeStaff();
});

const list = (query = '', who = staff) =>
  call(listRoute, { path: `/api/practice-matches${query}`, cookie: who.cookie });

describe('GET /api/practice-matches', () => {
  it('lists the proposals still to decide, newest first, with the record, the referral and the reasons in words', async () => {
    const { match, referral } = await fixtureProposal();
    const res = await list();
    expect(res.status).toBe(200);
    const items = res.body as PracticeMatchDto[];
    expect(items[0]).toMatchObject({
      id: match.id,
      referralId: referral.id,
      status: 'proposed',
      confidence: 'high',
      reasons: [
        { code: 'same_email', text: 'The same email address' },
        { code: 'same_full_name', text: 'The same first name and surname' },
      ],
      eventDate: '2026-11-02',
      kind: 'treatment_started',
      source: 'fixture',
      referral: { status: 'pending' },
      decidedBy: null,
    });
    expect(items[0]!.referral.friendName).toMatch(/^Fixture Lead\d+$/);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
  });

  it('pages by cursor, and leaves out a proposal whose referral has started meanwhile', async () => {
    await fixtureProposal();
    await fixtureProposal();
    const { referral } = await fixtureProposal();
    const total = Number((await list()).headers.get('x-total-count'));
    await db.referral.update({
      where: { id: referral.id },
      data: { status: 'payment_due', rewardPence: 20_000, convertedAt: new Date() },
    });
    const first = await list('?limit=2');
    expect(Number(first.headers.get('x-total-count'))).toBe(total - 1);
    expect((first.body as PracticeMatchDto[]).map((m) => m.referralId)).not.toContain(referral.id);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await list(`?limit=2&cursor=${cursor}`);
    const ids = [...(first.body as PracticeMatchDto[]), ...(second.body as PracticeMatchDto[])].map(
      (m) => m.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('POST /api/practice-matches/{id}/confirm and /reject', () => {
  it("confirm answers the proposal confirmed, by whom, and the referral is Payment Due on the record's day", async () => {
    const { match, referral } = await fixtureProposal();
    const res = await call(confirmRoute, { method: 'POST', params: { id: match.id }, cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'confirmed',
      decidedBy: staff.email,
      automatic: false,
      referral: { status: 'Payment Due' },
    });
    const after = await db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(after.convertedAt?.toISOString()).toBe('2026-11-02T12:00:00.000Z');
    // Listed as confirmed, not as a proposal.
    expect(((await list('?status=confirmed')).body as PracticeMatchDto[]).map((m) => m.id)).toContain(
      match.id,
    );
    expect(((await list()).body as PracticeMatchDto[]).map((m) => m.id)).not.toContain(match.id);
    // Once only.
    const again = await call(confirmRoute, {
      method: 'POST',
      params: { id: match.id },
      cookie: staff.cookie,
    });
    expect(again).toMatchObject({ status: 409, body: { message: MATCH_DECIDED_TEXT } });
  });

  it('reject answers the proposal rejected and leaves the referral as it was', async () => {
    const { match, referral } = await fixtureProposal('low');
    const res = await call(rejectRoute, { method: 'POST', params: { id: match.id }, cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', decidedBy: staff.email, confidence: 'low' });
    expect((await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe('pending');
  });

  it('an unknown proposal is 404', async () => {
    const res = await call(confirmRoute, {
      method: 'POST',
      params: { id: UNKNOWN_ID },
      cookie: staff.cookie,
    });
    expect(res).toMatchObject({ status: 404, body: { message: 'No proposal has that id.' } });
  });
});

describe('POST /api/practice-matches/confirm-high', () => {
  it('is for full admins; it confirms the high ones and leaves the low ones', async () => {
    const high = await fixtureProposal('high');
    const low = await fixtureProposal('low');
    const refused = await call(confirmHighRoute, { method: 'POST', cookie: staff.cookie });
    expect(refused.status).toBe(403);
    expect((await db.practiceMatch.findUniqueOrThrow({ where: { id: high.match.id } })).status).toBe(
      'proposed',
    );

    const res = await call(confirmHighRoute, { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.confirmed).toBeGreaterThanOrEqual(1);
    expect((await db.practiceMatch.findUniqueOrThrow({ where: { id: high.match.id } })).status).toBe(
      'confirmed',
    );
    expect((await db.practiceMatch.findUniqueOrThrow({ where: { id: low.match.id } })).status).toBe(
      'proposed',
    );
    // Nothing high is left to confirm.
    expect((await call(confirmHighRoute, { method: 'POST', cookie: admin.cookie })).body).toEqual({
      confirmed: 0,
    });
  });
});
