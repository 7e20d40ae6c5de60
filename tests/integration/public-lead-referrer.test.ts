/**
 * Issue 29, point 4: a friend without the personal link says who sent them. The form's 'Who recommended you?'
 * takes a card number (which attaches the referrer as the link does, or is kept for staff) or a name (kept for
 * staff to match, and listed with the leads to match); the answer is the same thank-you whatever was typed.
 *
 * The action reads the request's headers through next/headers, which exists only inside a request: here it
 * answers with the address the test posts from. Everything else is the real action against the real database.
 */
import { POST as postLead, GET as listLeadsRoute } from '@/app/api/leads/route';
import { db } from '@/lib/db';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, uniqueEmail, uniqueIp } from '../support/fixtures';
import { call, makeStaff } from '../support/http';

let callerIp = '127.0.0.1';
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': callerIp }),
}));

import { submitLeadAction } from '@/app/(public)/recommendation-details/actions';
import { EMPTY_LEAD_FORM } from '@/lib/validation/lead-form';
import { RECOMMENDED_BY_TOO_LONG_TEXT } from '@/lib/validation/typed-referrer';

setUpTestDatabase();

function form(email: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  data.set('firstName', 'Amy');
  data.set('lastName', 'Pond');
  data.set('email', email);
  data.set('country', EMPTY_LEAD_FORM.country);
  data.set('phone', '07123 456789');
  data.set('treatmentInterest', 'improve-my-smile');
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

async function send(fields: Record<string, string>) {
  callerIp = uniqueIp();
  const email = uniqueEmail('typed');
  const state = await submitLeadAction({ status: 'idle' }, form(email, fields));
  const lead = await db.lead.findFirst({
    where: { email },
    include: { referrals: { select: { referrerId: true, status: true } } },
  });
  return { state, lead, email };
}

describe("'Who recommended you?' on the form without a link", () => {
  it('a name is kept on the lead for staff to match, and listed with the leads to match', async () => {
    const { state, lead } = await send({ recommendedBy: '  jane smith ' });
    expect(state.status).toBe('sent');
    expect(lead).toMatchObject({ recommendedBy: 'Jane Smith', referrerId: null, enteredCardNumber: null });
    expect(lead!.referrals).toEqual([]);
    const staff = await makeStaff();
    const listed = await call(listLeadsRoute, {
      path: '/api/leads?unmatched=true&limit=500',
      cookie: staff.cookie,
    });
    expect(listed.body.find((l: { id: string }) => l.id === lead!.id)).toMatchObject({
      recommendedBy: 'Jane Smith',
      enteredCardNumber: null,
    });
  });

  it("a client's card number, however typed, attaches the referrer as the link does", async () => {
    const client = await fixtureClient({ firstName: 'Rory', lastName: 'Williams' });
    const typed = client.cardNumber.toLowerCase().replaceAll('-', ' ');
    const { state, lead } = await send({ recommendedBy: typed });
    expect(state.status).toBe('sent');
    expect(lead).toMatchObject({
      referrerId: client.id,
      recommendedBy: 'Rory Williams',
      enteredCardNumber: null,
    });
    expect(lead!.referrals).toEqual([{ referrerId: client.id, status: 'pending' }]);
  });

  it('a card number that matches no client is kept for staff, as a mistyped link is', async () => {
    const { lead } = await send({ recommendedBy: 'SC-ZZZZ-YYYY-XXXX' });
    expect(lead).toMatchObject({
      referrerId: null,
      enteredCardNumber: 'SC-ZZZZ-YYYY-XXXX',
      cardNotFound: true,
    });
  });

  it('answers the same thank-you whether the name or number matched a client or not', async () => {
    const client = await fixtureClient();
    const answers = [];
    for (const recommendedBy of [
      client.cardNumber,
      'SC-ZZZZ-WWWW-VVVV',
      client.firstName,
      'Nobody Known',
      '',
    ]) {
      const { state, email } = await send({ recommendedBy });
      // The one thing that differs is the email each post used.
      answers.push(JSON.stringify(state).replaceAll(email, '<email>'));
    }
    expect(new Set(answers).size).toBe(1);
  });

  it('refuses more than 200 characters beside the field, and writes nothing', async () => {
    const { state, lead } = await send({ recommendedBy: 'x'.repeat(201) });
    expect(state).toMatchObject({
      status: 'refused',
      errors: { recommendedBy: RECOMMENDED_BY_TOO_LONG_TEXT },
      values: { recommendedBy: 'x'.repeat(201) },
    });
    expect(lead).toBeNull();
  });

  it('the link, when it carries a card number, wins over anything typed beside it', async () => {
    const linked = await fixtureClient();
    const { lead } = await send({ ref: linked.cardNumber, recommendedBy: 'Someone Else' });
    expect(lead).toMatchObject({ referrerId: linked.id, enteredCardNumber: null });
  });

  it('POST /api/leads holds a card number in recommendedBy to the same rule', async () => {
    const client = await fixtureClient();
    const email = uniqueEmail('api-typed');
    const res = await call(postLead, {
      path: '/api/leads',
      ip: uniqueIp(),
      body: {
        firstName: 'Amy',
        lastName: 'Pond',
        email,
        phone: '+44 7123 456789',
        treatmentInterest: 'improve-my-smile',
        recommendedBy: client.cardNumber.toLowerCase(),
      },
    });
    expect(res.status).toBe(201);
    expect(await db.lead.findFirst({ where: { email } })).toMatchObject({ referrerId: client.id });
  });
});
