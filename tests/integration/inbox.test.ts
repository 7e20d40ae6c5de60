/**
 * The new-referrals inbox (issue 17): every lead nobody has handled, newest first, with the treatment interest
 * and the referrer or the card number that was not found; marking one contacted (who and when) takes it out.
 */
import { GET as inboxRoute } from '@/app/api/referrals/inbox/route';
import { PATCH as patchLead } from '@/app/api/leads/[id]/route';
import { POST as postLead } from '@/app/api/leads/route';
import { PATCH as patchReferral } from '@/app/api/referrals/[id]/route';
import { db } from '@/lib/db';
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
