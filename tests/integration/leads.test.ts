import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { GET as listLeads, POST as postLead } from '@/app/api/leads/route';
import { PATCH as patchReferral } from '@/app/api/referrals/[id]/route';
import { GET as listReferrals } from '@/app/api/referrals/route';
import { db } from '@/lib/db';
import type { ClientDto } from '@/lib/dto/clients';
import {
  FILL_REQUIRED_FIELDS_TEXT,
  FIRST_NAME_REQUIRED_TEXT,
  LAST_NAME_REQUIRED_TEXT,
  PHONE_REQUIRED_TEXT,
  TREATMENT_REQUIRED_TEXT,
  VALID_PHONE_TEXT,
} from '@/lib/validation/leads';
import { VALID_EMAIL_TEXT } from '@/lib/validation/messages';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type CallOptions, type TestStaff } from '../support/http';

setUpTestDatabase();

const CLIENT_NOT_FOUND_TEXT = 'That client does not exist.';
const RATE_LIMIT_TEXT = 'Too many submissions from this address. Please try again later.';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let staff: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
});

let n = 0;
/** Public submissions are rate-limited per address: every call gets its own address unless a test says. */
const nextIp = () => {
  n += 1;
  return `10.20.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
const uniqueEmail = (name = 'amy') => {
  n += 1;
  return `${name}.${n}@example.com`;
};

async function newClient(firstName = 'rory', lastName = 'williams'): Promise<ClientDto> {
  const res = await call(createClientRoute, {
    body: { firstName, lastName, email: uniqueEmail(firstName) },
    cookie: staff.cookie,
  });
  if (res.status !== 201) throw new Error(`client not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ClientDto;
}

/** A complete public form post. */
const publicLead = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Amy',
  lastName: 'Pond',
  email: uniqueEmail(),
  phone: '+44 7123 456789',
  treatmentInterest: 'improve-my-smile',
  ...overrides,
});

const post = (body: unknown, options: Omit<CallOptions, 'body'> = {}) =>
  call(postLead, { path: '/api/leads', body, ip: nextIp(), ...options });

const counts = async () => ({
  leads: await db.lead.count(),
  referrals: await db.referral.count(),
});

describe('POST /api/leads from the public form', () => {
  it('records the lead and a pending referral in one go for a card number (any case), with every field normalised', async () => {
    const referrer = await newClient('rory', 'williams');
    const before = await counts();
    const res = await post({
      firstName: '  amy ',
      lastName: 'POND',
      email: '  Amy.Pond@Example.COM ',
      phone: '07123 456789',
      recommendedBy: 'somebody else',
      treatmentInterest: 'improve-my-smile',
      referrerId: referrer.cardNumber.toLowerCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ leadId: expect.any(String), referralId: expect.any(String) });
    expect(await counts()).toEqual({ leads: before.leads + 1, referrals: before.referrals + 1 });

    const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
    expect(lead).toMatchObject({
      firstName: 'Amy',
      lastName: 'Pond',
      email: 'amy.pond@example.com',
      phone: '+447123456789',
      treatmentInterest: 'improve_my_smile',
      source: 'qr_referral',
      // The referrer's real name, whatever the browser said.
      recommendedBy: 'Rory Williams',
      referrerId: referrer.id,
      isSelfReferral: false,
    });
    const referral = await db.referral.findUniqueOrThrow({ where: { id: res.body.referralId } });
    expect(referral).toMatchObject({
      leadId: lead.id,
      referrerId: referrer.id,
      status: 'pending',
      // The reward the card promised when the friend was referred (issue 14, point 8): the default £200.
      rewardPence: 20_000,
      rewardPaid: false,
      paidAt: null,
      convertedAt: null,
    });
  });

  it('takes a client id as the referrer', async () => {
    const referrer = await newClient();
    const res = await post(publicLead({ referrerId: referrer.id }));
    expect(res.status).toBe(201);
    expect(res.body.referralId).toEqual(expect.any(String));
    const referral = await db.referral.findUniqueOrThrow({ where: { id: res.body.referralId } });
    expect(referral).toMatchObject({ referrerId: referrer.id, leadId: res.body.leadId, status: 'pending' });
  });

  it('records a lead from no referrer at all', async () => {
    const before = await counts();
    const res = await post(publicLead());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ leadId: expect.any(String), referralId: null });
    expect(await counts()).toEqual({ leads: before.leads + 1, referrals: before.referrals });
  });

  it('still records the lead, without a referrer and without a referral, for an unknown card number', async () => {
    const before = await counts();
    const res = await post(
      publicLead({ referrerId: 'SC-ZZZZ-ZZZZ-2222', recommendedBy: 'someone i know', email: uniqueEmail() }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ leadId: expect.any(String), referralId: null });
    expect(await counts()).toEqual({ leads: before.leads + 1, referrals: before.referrals });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
    expect(lead).toMatchObject({ referrerId: null, recommendedBy: 'Someone I Know', isSelfReferral: false });
  });

  it('answers a repeat (same email in any case, same referrer) exactly like a new lead, with no id of the earlier lead, writing nothing', async () => {
    const referrer = await newClient();
    const email = uniqueEmail('dup');
    const first = await post(publicLead({ email, referrerId: referrer.cardNumber }));
    expect(first.status).toBe(201);
    const before = await counts();
    const leadBefore = await db.lead.findUniqueOrThrow({ where: { id: first.body.leadId } });

    const again = await post(
      publicLead({ email: `  ${email.toUpperCase()} `, firstName: 'Other', referrerId: referrer.cardNumber }),
    );
    // The public form's answer must not say that these details were sent before (issue 14, point 12), nor
    // carry the earlier lead's ids, which are UUIDv7 and so tell when it was sent (issue 28, point 6).
    const isFresh = async (res: typeof first) => {
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ leadId: expect.any(String), referralId: expect.any(String) });
      expect(res.body.leadId).not.toBe(first.body.leadId);
      expect(res.body.referralId).not.toBe(first.body.referralId);
      expect(await db.lead.count({ where: { id: res.body.leadId } })).toBe(0);
      expect(await db.referral.count({ where: { id: res.body.referralId } })).toBe(0);
    };
    await isFresh(again);
    expect(await counts()).toEqual(before);
    expect(await db.lead.findUniqueOrThrow({ where: { id: first.body.leadId } })).toEqual(leadBefore);

    // The same referrer named by client id instead of card number is still the same referrer.
    const byId = await post(publicLead({ email, referrerId: referrer.id }));
    await isFresh(byId);
    expect(await counts()).toEqual(before);
  });

  it('re-creates a missing referral for an existing lead', async () => {
    const referrer = await newClient();
    const email = uniqueEmail('again');
    const first = await post(publicLead({ email, referrerId: referrer.cardNumber }));
    await db.referral.delete({ where: { id: first.body.referralId } });
    const before = await counts();

    const again = await post(publicLead({ email, referrerId: referrer.cardNumber }));
    expect(again.status).toBe(201);
    // The answer is a fresh receipt, as for any lead sent again (issue 28, point 6).
    expect(again.body).toEqual({ leadId: expect.any(String), referralId: expect.any(String) });
    expect(again.body.leadId).not.toBe(first.body.leadId);
    expect(await counts()).toEqual({ leads: before.leads, referrals: before.referrals + 1 });
    expect(await db.referral.findFirstOrThrow({ where: { leadId: first.body.leadId } })).toMatchObject({
      leadId: first.body.leadId,
      referrerId: referrer.id,
      status: 'pending',
    });
  });

  it('records a new lead and referral for the same email recommended by a different referrer', async () => {
    const one = await newClient('river', 'song');
    const two = await newClient('clara', 'oswald');
    const email = uniqueEmail('shared');
    const first = await post(publicLead({ email, referrerId: one.cardNumber }));
    const before = await counts();
    const second = await post(publicLead({ email: email.toUpperCase(), referrerId: two.cardNumber }));
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ leadId: expect.any(String), referralId: expect.any(String) });
    expect(second.body.leadId).not.toBe(first.body.leadId);
    expect(await counts()).toEqual({ leads: before.leads + 1, referrals: before.referrals + 1 });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: second.body.leadId } });
    expect(lead).toMatchObject({ email, referrerId: two.id, recommendedBy: 'Clara Oswald' });
  });

  it('records a self-referral (the referrer’s own email, any case) as a flagged referral that can never earn a reward', async () => {
    const referrer = await newClient();
    const before = await counts();
    const res = await post(
      publicLead({ email: ` ${referrer.email.toUpperCase()} `, referrerId: referrer.cardNumber }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ leadId: expect.any(String), referralId: expect.any(String) });
    expect(await counts()).toEqual({ leads: before.leads + 1, referrals: before.referrals + 1 });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
    expect(lead).toMatchObject({ email: referrer.email, isSelfReferral: true });

    // Staff see it flagged on the dashboard...
    const listed = await call(listReferrals, {
      path: `/api/referrals?clientId=${referrer.id}`,
      cookie: staff.cookie,
    });
    expect(listed.body).toEqual([
      expect.objectContaining({ id: res.body.referralId, selfReferral: true, rewardAmount: null }),
    ]);
    // ...and Story Started cannot make a reward owed on it.
    const started = await call(patchReferral, {
      method: 'PATCH',
      path: `/api/referrals/${res.body.referralId}`,
      params: { id: res.body.referralId },
      body: { status: 'Payment Due', rewardAmount: 200 },
      cookie: staff.cookie,
    });
    expect(started.status).toBe(409);
    expect(started.body.message).toBe(
      "This is a self-referral: the lead's email is the referring client's own, so it earns no reward.",
    );
    expect(await db.referral.findUniqueOrThrow({ where: { id: res.body.referralId } })).toMatchObject({
      status: 'pending',
      rewardPence: null,
      rewardPaid: false,
    });
    // It can still move to In Progress (the clinic tracks the patient), earning nothing.
    const progress = await call(patchReferral, {
      method: 'PATCH',
      path: `/api/referrals/${res.body.referralId}`,
      params: { id: res.body.referralId },
      body: { status: 'In Progress' },
      cookie: staff.cookie,
    });
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ status: 'In Progress', rewardAmount: null, selfReferral: true });
  });

  it('the data migration gives self-referrals recorded before (without a referral) their flagged referral', async () => {
    const referrer = await newClient();
    // As the earlier code recorded a self-referral: the lead, and no referral.
    const lead = await db.lead.create({
      data: {
        firstName: 'Rory',
        lastName: 'Williams',
        email: referrer.email,
        referrerId: referrer.id,
        isSelfReferral: true,
      },
    });
    const sql = readFileSync(
      path.join(process.cwd(), 'prisma/migrations/20261124075000_self_referral_referrals/migration.sql'),
      'utf8',
    );
    await db.$executeRawUnsafe(sql);
    await db.$executeRawUnsafe(sql); // twice: it only adds what is missing
    const made = await db.referral.findMany({ where: { leadId: lead.id } });
    expect(made).toEqual([
      expect.objectContaining({
        referrerId: referrer.id,
        status: 'pending',
        rewardPence: null,
        rewardPaid: false,
      }),
    ]);
    expect((await db.client.findUniqueOrThrow({ where: { id: referrer.id } })).referralCount).toBe(1);
  });

  it('answers the public form with exactly { leadId, referralId } and 201 whatever the data', async () => {
    const referrer = await newClient();
    const otherClient = await newClient('martha', 'jones');
    const email = uniqueEmail('keys');
    const cases = {
      'a new lead': publicLead({ email, referrerId: referrer.cardNumber }),
      'a repeat of it': publicLead({ email, referrerId: referrer.cardNumber, firstName: 'Someone' }),
      "an existing client's email": publicLead({ email: otherClient.email, referrerId: referrer.cardNumber }),
      'a self-referral': publicLead({ email: referrer.email, referrerId: referrer.cardNumber }),
      'a self-referral again': publicLead({ email: referrer.email, referrerId: referrer.cardNumber }),
    };
    for (const [label, body] of Object.entries(cases)) {
      const res = await post(body);
      expect({ label, status: res.status, keys: Object.keys(res.body).sort() }).toEqual({
        label,
        status: 201,
        keys: ['leadId', 'referralId'],
      });
      expect(typeof res.body.leadId).toBe('string');
      expect(typeof res.body.referralId).toBe('string');
    }
  });

  it('still tells signed-in staff what happened (a repeat is 200 with existing; a self-referral is flagged)', async () => {
    const referrer = await newClient();
    const email = uniqueEmail('staffview');
    const first = await post(publicLead({ email, referrerId: referrer.cardNumber }), {
      cookie: staff.cookie,
    });
    expect(first.status).toBe(201);
    const again = await post(publicLead({ email, referrerId: referrer.cardNumber }), {
      cookie: staff.cookie,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ leadId: first.body.leadId, existing: true });
    const self = await post(publicLead({ email: referrer.email, referrerId: referrer.cardNumber }), {
      cookie: staff.cookie,
    });
    expect(self.body).toMatchObject({ selfReferral: true, referral: { selfReferral: true } });
  });

  it('does not give the referral itself to a visitor who is not signed in', async () => {
    const referrer = await newClient();
    const res = await post(publicLead({ referrerId: referrer.cardNumber }));
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('referral');
  });

  it('gives signed-in staff the referral as well', async () => {
    const referrer = await newClient();
    const res = await post(publicLead({ referrerId: referrer.cardNumber }), { cookie: staff.cookie });
    expect(res.status).toBe(201);
    expect(res.body.referral).toMatchObject({
      id: res.body.referralId,
      leadId: res.body.leadId,
      referrerId: referrer.id,
      status: 'pending',
      name: 'Amy Pond',
      phone: '+447123456789',
    });
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName', FIRST_NAME_REQUIRED_TEXT],
    ['a blank first name', { firstName: '  ' }, 'firstName', FIRST_NAME_REQUIRED_TEXT],
    ['a missing last name', { lastName: undefined }, 'lastName', LAST_NAME_REQUIRED_TEXT],
    ['a bad email', { email: 'amy@' }, 'email', VALID_EMAIL_TEXT],
    ['a missing email', { email: undefined }, 'email', VALID_EMAIL_TEXT],
    ['a missing phone', { phone: undefined }, 'phone', PHONE_REQUIRED_TEXT],
    ['an empty phone', { phone: '' }, 'phone', PHONE_REQUIRED_TEXT],
    ['a short phone', { phone: '12345' }, 'phone', VALID_PHONE_TEXT],
    ['a phone with a 16-digit number', { phone: '+44 1234567890123456789' }, 'phone', VALID_PHONE_TEXT],
    [
      'a missing treatment interest',
      { treatmentInterest: undefined },
      'treatmentInterest',
      TREATMENT_REQUIRED_TEXT,
    ],
    [
      'an unknown treatment interest',
      { treatmentInterest: 'braces' },
      'treatmentInterest',
      TREATMENT_REQUIRED_TEXT,
    ],
    ['an unknown source', { source: 'web' }, 'source', "source must be 'qr_referral' or 'Manual Entry'"],
  ])('answers 400 for %s with the message, writing nothing', async (_, overrides, field, message) => {
    const referrer = await newClient();
    const before = await counts();
    const res = await post(publicLead({ referrerId: referrer.cardNumber, ...overrides }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a body that is not valid JSON, empty, or not an object, writing nothing', async () => {
    const before = await counts();
    const broken = await call(postLead, { rawBody: '{"firstName": "Amy",', ip: nextIp() });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The request body is not valid JSON.');
    const empty = await call(postLead, { rawBody: '', ip: nextIp() });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual(expect.any(String));
    for (const body of [[], 'lead', 42, null]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 413 for a body over 8 KB, writing nothing', async () => {
    const referrer = await newClient();
    const before = await counts();
    const res = await post(publicLead({ referrerId: referrer.cardNumber, note: 'x'.repeat(9 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
    expect(await counts()).toEqual(before);
  });

  it('answers 415 for a body that is not JSON, writing nothing', async () => {
    const before = await counts();
    const form = await call(postLead, {
      rawBody: 'firstName=Amy&lastName=Pond&email=amy%40example.com',
      contentType: 'application/x-www-form-urlencoded',
      ip: nextIp(),
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toEqual(expect.any(String));
    const text = await call(postLead, {
      rawBody: JSON.stringify(publicLead()),
      contentType: 'text/plain',
      ip: nextIp(),
    });
    expect(text.status).toBe(415);
    expect(await counts()).toEqual(before);
  });
});

describe("POST /api/leads with source 'Manual Entry'", () => {
  it('answers 401 signed out, writing nothing', async () => {
    const referrer = await newClient();
    const before = await counts();
    const res = await post({
      firstName: 'Amy',
      lastName: 'Pond',
      email: uniqueEmail(),
      source: 'Manual Entry',
      referrerId: referrer.id,
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await counts()).toEqual(before);
  });

  it('records the lead and its referral for signed-in staff without a phone, and returns the referral', async () => {
    const referrer = await newClient();
    const before = await counts();
    const email = uniqueEmail('manual');
    const res = await post(
      {
        firstName: 'amy',
        lastName: 'pond',
        email: email.toUpperCase(),
        source: 'Manual Entry',
        referrerId: referrer.id,
      },
      { cookie: staff.cookie },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      leadId: expect.any(String),
      referralId: expect.any(String),
      referral: {
        id: res.body.referralId,
        leadId: res.body.leadId,
        referrerId: referrer.id,
        referrerName: 'Rory Williams',
        status: 'pending',
        rewardAmount: 200,
        rewardPaid: false,
        paid: false,
        paidAt: null,
        convertedAt: null,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        name: 'Amy Pond',
        email,
        phone: null,
        selfReferral: false,
      },
    });
    expect(await counts()).toEqual({ leads: before.leads + 1, referrals: before.referrals + 1 });
    expect(await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } })).toMatchObject({
      source: 'Manual Entry',
      phone: null,
      treatmentInterest: null,
      referrerId: referrer.id,
      recommendedBy: 'Rory Williams',
    });
  });

  it('takes a card number and normalises a phone that is given', async () => {
    const referrer = await newClient();
    const res = await post(
      {
        firstName: 'Amy',
        lastName: 'Pond',
        email: uniqueEmail(),
        phone: '(07700) 900-123',
        source: 'Manual Entry',
        referrerId: referrer.cardNumber,
      },
      { cookie: staff.cookie },
    );
    expect(res.status).toBe(201);
    expect(res.body.referral).toMatchObject({ referrerId: referrer.id, phone: '+447700900123' });
  });

  it("answers 400 'Please fill in all required fields' without a referrer, writing nothing", async () => {
    const before = await counts();
    const res = await post(
      { firstName: 'Amy', lastName: 'Pond', email: uniqueEmail(), source: 'Manual Entry' },
      { cookie: staff.cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FILL_REQUIRED_FIELDS_TEXT);
    expect(res.body.fieldErrors.referrerId).toContain(FILL_REQUIRED_FIELDS_TEXT);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an unknown client id', () => randomUUID()],
    ['an unknown card number', () => 'SC-ZZZZ-ZZZZ-3333'],
    ['something that is neither', () => 'not-a-client'],
  ])('answers 404 for %s, writing nothing', async (_, referrerId) => {
    const before = await counts();
    const res = await post(
      {
        firstName: 'Amy',
        lastName: 'Pond',
        email: uniqueEmail(),
        source: 'Manual Entry',
        referrerId: referrerId(),
      },
      { cookie: staff.cookie },
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CLIENT_NOT_FOUND_TEXT);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/leads rate limit', () => {
  const saved = process.env.LEAD_RATE_LIMIT_PER_HOUR;
  afterEach(() => {
    if (saved === undefined) delete process.env.LEAD_RATE_LIMIT_PER_HOUR;
    else process.env.LEAD_RATE_LIMIT_PER_HOUR = saved;
  });

  it('answers 429 with Retry-After after LEAD_RATE_LIMIT_PER_HOUR accepted submissions from one address, and only there', async () => {
    process.env.LEAD_RATE_LIMIT_PER_HOUR = '3';
    const ip = '203.0.113.7';
    const referrer = await newClient();

    // Refused submissions are not accepted ones: they do not use the allowance up.
    for (let i = 0; i < 3; i++) {
      expect((await post(publicLead({ firstName: '' }), { ip })).status).toBe(400);
    }
    for (let i = 0; i < 3; i++) {
      const res = await post(publicLead({ referrerId: referrer.cardNumber }), { ip });
      expect(res.status).toBe(201);
    }

    const before = await counts();
    const limited = await post(publicLead({ referrerId: referrer.cardNumber }), { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(RATE_LIMIT_TEXT);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await counts()).toEqual(before);

    // Still limited on the next try.
    expect((await post(publicLead(), { ip })).status).toBe(429);

    // Another address is not affected.
    expect((await post(publicLead({ referrerId: referrer.cardNumber }), { ip: '203.0.113.8' })).status).toBe(
      201,
    );

    // Signed-in staff are never limited, from the same address.
    for (let i = 0; i < 2; i++) {
      const res = await post(publicLead({ referrerId: referrer.cardNumber }), { ip, cookie: staff.cookie });
      expect(res.status).toBe(201);
    }
    const manual = await post(
      {
        firstName: 'Amy',
        lastName: 'Pond',
        email: uniqueEmail(),
        source: 'Manual Entry',
        referrerId: referrer.id,
      },
      { ip, cookie: staff.cookie },
    );
    expect(manual.status).toBe(201);
  });

  it('allows 20 an hour by default', async () => {
    delete process.env.LEAD_RATE_LIMIT_PER_HOUR;
    const ip = '203.0.113.20';
    for (let i = 0; i < 20; i++) {
      expect((await post(publicLead(), { ip })).status).toBe(201);
    }
    const limited = await post(publicLead(), { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('GET /api/leads', () => {
  it('answers 401 signed out', async () => {
    const res = await call(listLeads, { path: '/api/leads' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('You need to sign in.');
  });

  it('lists every lead for staff, newest first, in the LeadDto shape', async () => {
    const referrer = await newClient('donna', 'noble');
    const email = uniqueEmail('listed');
    const created = await post({
      firstName: 'martha',
      lastName: 'JONES',
      email: email.toUpperCase(),
      phone: '447123456789',
      treatmentInterest: 'healthy-pain-free-mouth',
      referrerId: referrer.cardNumber,
    });
    expect(created.status).toBe(201);
    const latest = await post(publicLead());

    const res = await call(listLeads, { path: '/api/leads', cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(await db.lead.count());
    const times = res.body.map((l: { createdAt: string }) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body[0].id).toBe(latest.body.leadId);

    const listed = res.body.find((l: { id: string }) => l.id === created.body.leadId);
    expect(listed).toEqual({
      id: created.body.leadId,
      firstName: 'Martha',
      lastName: 'Jones',
      email,
      phone: '+447123456789',
      treatmentInterest: 'healthy-pain-free-mouth',
      // Issue 29: the words the form showed, which the lead keeps whatever the clinic lists later.
      treatmentLabel: 'A healthy, pain-free mouth',
      source: 'qr_referral',
      recommendedBy: 'Donna Noble',
      referrerId: referrer.id,
      isSelfReferral: false,
      // Issue 16: the card number was found, the marketing box left unticked (answered when sent).
      enteredCardNumber: null,
      marketingConsent: false,
      marketingConsentAt: expect.stringMatching(ISO),
      erasedAt: null,
      // Issue 17: a new lead is in the inbox until staff mark it contacted.
      contactedAt: null,
      contactedBy: null,
      // Issue 29, point 5: no outcome yet (contacted, no answer, booked, not interested), nor its note.
      outcome: null,
      outcomeNote: null,
      outcomeAt: null,
      outcomeBy: null,
      createdAt: expect.stringMatching(ISO),
    });
  });
});
