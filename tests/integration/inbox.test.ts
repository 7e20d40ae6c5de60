/**
 * The new-referrals inbox (issue 17): every lead nobody has handled, newest first, with the treatment interest
 * and the referrer or the card number that was not found; marking one contacted (who and when) takes it out.
 */
import { GET as inboxRoute } from '@/app/api/referrals/inbox/route';
import { PATCH as patchLead } from '@/app/api/leads/[id]/route';
import { POST as postLead } from '@/app/api/leads/route';
import { PATCH as patchReferral } from '@/app/api/referrals/[id]/route';
import { db } from '@/lib/db';
import { changeReferralStatus } from '@/lib/services/referrals';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, UNKNOWN_ID, uniqueEmail, uniqueIp } from '../support/fixtures';
import { call, makeStaff } from '../support/http';

setUpTestDatabase();

const submit = (body: Record<string, unknown>) =>
  call(postLead, {
    path: '/api/leads',
    ip: uniqueIp(),
    body: {
      firstName: 'Amy',
      lastName: 'Pond',
      email: uniqueEmail('friend'),
      phone: '07123 456789',
      treatmentInterest: 'replace-missing-teeth',
      ...body,
    },
  });

describe('GET /api/referrals/inbox', () => {
  it('answers 401 signed out and 400 for a bad limit', async () => {
    expect((await call(inboxRoute)).status).toBe(401);
    const staff = await makeStaff();
    const bad = await call(inboxRoute, { path: '/api/referrals/inbox?limit=0', cookie: staff.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be a whole number from 1 to 500');
  });

  it('lists the unhandled leads newest first with their referrer, interest and the unmatched card number', async () => {
    const staff = await makeStaff();
    const before = Number((await call(inboxRoute, { cookie: staff.cookie })).headers.get('x-total-count'));
    const referrer = await fixtureClient({ firstName: 'Mia', lastName: 'Jones' });
    const known = await submit({ referrerId: referrer.cardNumber, firstName: 'Known' });
    const unmatched = await submit({ referrerId: 'SC-QQQQ-QQQQ-QQQQ', firstName: 'Stray' });
    const res = await call(inboxRoute, { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBe(before + 2);
    expect(res.body[0]).toMatchObject({
      id: unmatched.body.leadId,
      firstName: 'Stray',
      referralId: null,
      referrer: null,
      enteredCardNumber: 'SC-QQQQ-QQQQ-QQQQ',
      treatmentInterest: 'replace-missing-teeth',
      contactedAt: null,
    });
    expect(res.body[1]).toMatchObject({
      id: known.body.leadId,
      referralId: known.body.referralId,
      referrer: { id: referrer.id, name: 'Mia Jones', cardNumber: referrer.cardNumber },
    });
  });
});

describe('marking a lead contacted', () => {
  it('PATCH /api/referrals/{id} { contacted: true } records who and when, and the lead leaves the inbox', async () => {
    const staff = await makeStaff();
    const referrer = await fixtureClient();
    const lead = await submit({ referrerId: referrer.cardNumber });
    const bad = await call(patchReferral, {
      method: 'PATCH',
      params: { id: lead.body.referralId },
      body: { contacted: false },
      cookie: staff.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('contacted must be true (a lead cannot be marked not contacted)');
    const both = await call(patchReferral, {
      method: 'PATCH',
      params: { id: lead.body.referralId },
      body: { contacted: true, status: 'In Progress' },
      cookie: staff.cookie,
    });
    expect(both.status).toBe(400);
    expect((await db.lead.findUniqueOrThrow({ where: { id: lead.body.leadId } })).contactedAt).toBeNull();
    expect(
      (
        await call(patchReferral, {
          method: 'PATCH',
          params: { id: lead.body.referralId },
          body: { contacted: true },
        })
      ).status,
    ).toBe(401);

    const res = await call(patchReferral, {
      method: 'PATCH',
      params: { id: lead.body.referralId },
      body: { contacted: true },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: lead.body.leadId, contactedBy: staff.email });
    expect(Date.parse(res.body.contactedAt)).not.toBeNaN();
    const inbox = await call(inboxRoute, { path: '/api/referrals/inbox?limit=500', cookie: staff.cookie });
    expect(inbox.body.map((l: { id: string }) => l.id)).not.toContain(lead.body.leadId);
    // The referral itself is unchanged: contacting is not a status.
    expect((await db.referral.findUniqueOrThrow({ where: { id: lead.body.referralId } })).status).toBe(
      'pending',
    );
  });

  it('PATCH /api/leads/{id} marks a lead without a referral; a second mark keeps the first', async () => {
    const first = await makeStaff();
    const second = await makeStaff();
    const lead = await submit({ referrerId: 'SC-WWWW-WWWW-WWWW' });
    const missing = await call(patchLead, {
      method: 'PATCH',
      params: { id: UNKNOWN_ID },
      body: { contacted: true },
      cookie: first.cookie,
    });
    expect(missing.status).toBe(404);
    const res = await call(patchLead, {
      method: 'PATCH',
      params: { id: lead.body.leadId },
      body: { contacted: true },
      cookie: first.cookie,
    });
    expect(res).toMatchObject({ status: 200, body: { contactedBy: first.email } });
    const again = await call(patchLead, {
      method: 'PATCH',
      params: { id: lead.body.leadId },
      body: { contacted: true },
      cookie: second.cookie,
    });
    expect(again.body.contactedBy).toBe(first.email);
    expect(again.body.contactedAt).toBe(res.body.contactedAt);
  });
});

const inboxIds = async (cookie: string) => {
  const res = await call(inboxRoute, { path: '/api/referrals/inbox?limit=500', cookie });
  return {
    ids: res.body.map((l: { id: string }) => l.id) as string[],
    total: Number(res.headers.get('x-total-count')),
  };
};
const setOutcome = (id: string, body: Record<string, unknown>, cookie?: string) =>
  call(patchLead, { method: 'PATCH', params: { id }, body, cookie });

describe('an inbox item leaves when its referral moves on (issue 29, point 5)', () => {
  it('In Progress and Story Started take the friend out of the inbox and its count; back to pending brings them back', async () => {
    const staff = await makeStaff();
    const referrer = await fixtureClient();
    const lead = await submit({ referrerId: referrer.cardNumber });
    const before = await inboxIds(staff.cookie);
    expect(before.ids).toContain(lead.body.leadId);

    await changeReferralStatus(lead.body.referralId, 'In Progress');
    const moved = await inboxIds(staff.cookie);
    expect(moved.ids).not.toContain(lead.body.leadId);
    expect(moved.total).toBe(before.total - 1);
    // The badge reads the same total (GET /api/referrals/inbox?limit=1).
    const badge = await call(inboxRoute, { path: '/api/referrals/inbox?limit=1', cookie: staff.cookie });
    expect(Number(badge.headers.get('x-total-count'))).toBe(moved.total);

    await changeReferralStatus(lead.body.referralId, 'Payment Due');
    expect((await inboxIds(staff.cookie)).ids).not.toContain(lead.body.leadId);
    await changeReferralStatus(lead.body.referralId, 'pending');
    const back = await inboxIds(staff.cookie);
    expect(back.ids).toContain(lead.body.leadId);
    expect(back.total).toBe(before.total);
  });
});

describe("a lead's outcome, with a note and undo (issue 29, point 5)", () => {
  it('booked with a note leaves the inbox, records who and when, and an undo brings the lead back', async () => {
    const staff = await makeStaff();
    const lead = await submit({});
    const id = lead.body.leadId as string;
    const res = await setOutcome(id, { outcome: 'booked', note: '  Consultation Tue 10:30  ' }, staff.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      outcome: 'booked',
      outcomeNote: 'Consultation Tue 10:30',
      outcomeBy: staff.email,
      contactedBy: staff.email,
    });
    expect(Date.parse(res.body.outcomeAt)).not.toBeNaN();
    expect(res.body.contactedAt).toBe(res.body.outcomeAt);
    expect((await inboxIds(staff.cookie)).ids).not.toContain(id);

    // Changed to 'not interested': still reached, so the first contact's time stays.
    const changed = await setOutcome(id, { outcome: 'not-interested' }, staff.cookie);
    expect(changed.body).toMatchObject({ outcome: 'not-interested', outcomeNote: null });
    expect(changed.body.contactedAt).toBe(res.body.contactedAt);

    // Undo: marked by mistake, the lead comes back as it was, and counts as never contacted.
    const undone = await setOutcome(id, { outcome: null }, staff.cookie);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      outcome: null,
      outcomeNote: null,
      outcomeAt: null,
      outcomeBy: null,
      contactedAt: null,
      contactedBy: null,
    });
    expect((await inboxIds(staff.cookie)).ids).toContain(id);

    // Every change is audited, who and when, in order.
    const trail = await db.leadOutcomeChange.findMany({
      where: { leadId: id },
      orderBy: { createdAt: 'asc' },
    });
    expect(trail.map((c) => [c.fromOutcome, c.toOutcome, c.note, c.performedBy])).toEqual([
      [null, 'booked', 'Consultation Tue 10:30', staff.email],
      ['booked', 'not_interested', null, staff.email],
      ['not_interested', null, null, staff.email],
    ]);
    // Saying the same again changes and audits nothing.
    await setOutcome(id, { outcome: null }, staff.cookie);
    expect(await db.leadOutcomeChange.count({ where: { leadId: id } })).toBe(3);
  });

  it("'no answer' keeps the friend in the inbox, with the note, to try again; contacted then takes them out", async () => {
    const staff = await makeStaff();
    const lead = await submit({});
    const id = lead.body.leadId as string;
    const res = await setOutcome(id, { outcome: 'no-answer', note: 'Voicemail left' }, staff.cookie);
    expect(res.body).toMatchObject({
      outcome: 'no-answer',
      outcomeNote: 'Voicemail left',
      contactedAt: null,
    });
    const inbox = await call(inboxRoute, { path: '/api/referrals/inbox?limit=500', cookie: staff.cookie });
    expect(inbox.body.find((l: { id: string }) => l.id === id)).toMatchObject({
      outcome: 'no-answer',
      outcomeNote: 'Voicemail left',
      outcomeBy: staff.email,
    });
    const reached = await setOutcome(id, { contacted: true }, staff.cookie);
    expect(reached.body).toMatchObject({ outcome: 'contacted', contactedBy: staff.email });
    expect((await inboxIds(staff.cookie)).ids).not.toContain(id);
  });

  it('refuses a bad outcome or note with 400 and writes nothing; 401 signed out; 404 for no lead', async () => {
    const staff = await makeStaff();
    const lead = await submit({});
    const id = lead.body.leadId as string;
    const bad: [Record<string, unknown>, string][] = [
      [{ outcome: 'maybe' }, "outcome must be 'contacted', 'no-answer', 'booked', 'not-interested' or null"],
      [{ outcome: 'booked', note: 'x'.repeat(201) }, 'The note must be at most 200 characters'],
      [{ outcome: null, note: 'why' }, 'A note goes with an outcome'],
      [
        { note: 'just a note' },
        expect.stringContaining('Send contacted: true, or an outcome') as unknown as string,
      ],
      [
        { contacted: true, outcome: 'booked' },
        expect.stringContaining('Send contacted: true, or an outcome') as unknown as string,
      ],
      [{ outcome: 'booked', colour: 'red' }, expect.any(String) as unknown as string],
    ];
    for (const [body, message] of bad) {
      const res = await setOutcome(id, body, staff.cookie);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await db.lead.findUniqueOrThrow({ where: { id } })).toMatchObject({
      outcome: null,
      contactedAt: null,
    });
    expect(await db.leadOutcomeChange.count({ where: { leadId: id } })).toBe(0);
    expect((await setOutcome(id, { outcome: 'booked' })).status).toBe(401);
    expect((await setOutcome(UNKNOWN_ID, { outcome: 'booked' }, staff.cookie)).status).toBe(404);
  });
});

describe('GET /api/referrals/inbox?reached=recent (issue 29: change or clear an outcome after the toast)', () => {
  it('lists the friends reached in the last day, most recent first; clearing one brings it back to the inbox', async () => {
    const staff = await makeStaff();
    const first = await submit({});
    const second = await submit({});
    const tried = await submit({});
    await setOutcome(first.body.leadId, { outcome: 'booked' }, staff.cookie);
    await setOutcome(second.body.leadId, { outcome: 'not-interested', note: 'Moving away' }, staff.cookie);
    await setOutcome(tried.body.leadId, { outcome: 'no-answer' }, staff.cookie);
    const recent = () =>
      call(inboxRoute, { path: '/api/referrals/inbox?reached=recent&limit=500', cookie: staff.cookie });
    const res = await recent();
    expect(res.status).toBe(200);
    const ids = res.body.map((l: { id: string }) => l.id);
    expect(ids.indexOf(second.body.leadId)).toBeLessThan(ids.indexOf(first.body.leadId));
    expect(ids).not.toContain(tried.body.leadId);
    expect(res.body.find((l: { id: string }) => l.id === second.body.leadId)).toMatchObject({
      outcome: 'not-interested',
      outcomeNote: 'Moving away',
    });
    expect(Number(res.headers.get('x-total-count'))).toBe(ids.length);

    await setOutcome(first.body.leadId, { outcome: null }, staff.cookie);
    expect((await recent()).body.map((l: { id: string }) => l.id)).not.toContain(first.body.leadId);
    expect((await inboxIds(staff.cookie)).ids).toContain(first.body.leadId);

    const bad = await call(inboxRoute, { path: '/api/referrals/inbox?reached=old', cookie: staff.cookie });
    expect(bad).toMatchObject({ status: 400, body: { message: "reached must be 'recent'" } });
    expect((await call(inboxRoute, { path: '/api/referrals/inbox?reached=recent' })).status).toBe(401);
  });
});
