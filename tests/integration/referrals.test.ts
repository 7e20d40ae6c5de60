import { randomUUID } from 'node:crypto';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { DELETE as deleteClientRoute } from '@/app/api/clients/[id]/route';
import { DELETE as undoPayment, POST as markPaid } from '@/app/api/referrals/[id]/payment/route';
import { DELETE as deleteReferralRoute, PATCH } from '@/app/api/referrals/[id]/route';
import { GET as listReferrals, POST as createReferralRoute } from '@/app/api/referrals/route';
import { PATCH as patchSettings } from '@/app/api/settings/route';
import { db } from '@/lib/db';
import type { ClientDto } from '@/lib/dto/clients';
import {
  ALREADY_PAID_TEXT,
  ALREADY_STARTED_TEXT,
  NOT_DUE_TEXT,
  NOT_PAID_TEXT,
  PAID_LOCKED_TEXT,
} from '@/lib/services/referral-status';
import { PAID_REFERRAL_DELETE_TEXT } from '@/lib/services/referrals';
import { FILL_REQUIRED_FIELDS_TEXT } from '@/lib/validation/leads';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();

const SIGN_IN_TEXT = 'You need to sign in.';
const ADMIN_ONLY_TEXT = 'Only a full admin can do this.';
const CLIENT_NOT_FOUND_TEXT = 'That client does not exist.';
const LEAD_NOT_FOUND_TEXT = 'That lead does not exist.';
const REFERRAL_NOT_FOUND_TEXT = 'That referral does not exist.';
const DUPLICATE_TEXT = 'This lead is already a referral of this client.';
const SELF_REFERRAL_TEXT = 'A client cannot be rewarded for referring themselves.';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MALFORMED_IDS = ['nope', '123', `${randomUUID()}x`, "1' OR '1'='1"];

let staff: TestStaff;
let staff2: TestStaff;
let admin: TestStaff;
let admin2: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  staff2 = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
  admin2 = await makeStaff({ isFullAdmin: true });
});

let n = 0;
const uniqueEmail = (name: string) => {
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

/** A lead written straight to the database (as the form would have recorded it, without a referral). */
const newLead = (
  data: { firstName?: string; lastName?: string; email?: string; phone?: string | null } = {},
) =>
  db.lead.create({
    data: {
      firstName: 'Amy',
      lastName: 'Pond',
      email: uniqueEmail('amy'),
      phone: '+447123456789',
      ...data,
    },
  });

const createReferral = (body: unknown, cookie = staff.cookie) =>
  call(createReferralRoute, { path: '/api/referrals', body, cookie });

/** A client, a lead and a pending referral of it, made through the API. */
async function newReferral(options: { client?: ClientDto; leadName?: [string, string] } = {}) {
  const client = options.client ?? (await newClient());
  const [firstName, lastName] = options.leadName ?? ['Amy', 'Pond'];
  const lead = await newLead({ firstName, lastName });
  const res = await createReferral({ referrerId: client.id, leadId: lead.id });
  if (res.status !== 201) throw new Error(`referral not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, lead, referral: res.body as { id: string } };
}

const patch = (id: string, body: unknown, cookie = staff.cookie) =>
  call(PATCH, { method: 'PATCH', path: `/api/referrals/${id}`, params: { id }, body, cookie });
const pay = (id: string, cookie = staff.cookie) =>
  call(markPaid, { method: 'POST', path: `/api/referrals/${id}/payment`, params: { id }, cookie });
const unpay = (id: string, cookie = admin.cookie) =>
  call(undoPayment, { method: 'DELETE', path: `/api/referrals/${id}/payment`, params: { id }, cookie });
const remove = (id: string, cookie = admin.cookie) =>
  call(deleteReferralRoute, { method: 'DELETE', path: `/api/referrals/${id}`, params: { id }, cookie });

const row = (id: string) => db.referral.findUniqueOrThrow({ where: { id } });
const auditCount = (referralId: string, action?: 'payment_marked' | 'payment_undone') =>
  db.paymentAuditEntry.count({ where: { referralId, ...(action && { action }) } });
const counts = async () => ({
  leads: await db.lead.count(),
  referrals: await db.referral.count(),
  audit: await db.paymentAuditEntry.count(),
});

/** The reward a referral made now is promised (issue 14, point 8): the setting in force, in pounds. */
const promised = async () =>
  ((await db.settings.findUnique({ where: { id: 1 } }))?.referralRewardPence ?? 20_000) / 100;

async function setRewardSetting(pence: number) {
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, referralRewardPence: pence },
    update: { referralRewardPence: pence },
  });
}

/** Expects `at` (an ISO string) to lie between two moments taken around a call. */
function expectBetween(at: string | null, from: number, to: number) {
  expect(at).toMatch(ISO);
  const t = new Date(at!).getTime();
  expect(t).toBeGreaterThanOrEqual(from - 1000);
  expect(t).toBeLessThanOrEqual(to + 1000);
}

describe('GET /api/referrals', () => {
  it('answers 401 signed out', async () => {
    const res = await call(listReferrals, { path: '/api/referrals' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SIGN_IN_TEXT);
  });

  it("lists every referral, newest first, with the lead's details in the ReferralDto shape", async () => {
    const client = await newClient();
    const lead = await newLead({ firstName: 'Amy', lastName: 'Pond', phone: '+447700900123' });
    const made = await createReferral({ referrerId: client.id, leadId: lead.id });
    const latest = await newReferral();

    const res = await call(listReferrals, { path: '/api/referrals', cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(await db.referral.count());
    const times = res.body.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body[0].id).toBe(latest.referral.id);

    expect(res.body.find((r: { id: string }) => r.id === made.body.id)).toEqual({
      id: made.body.id,
      leadId: lead.id,
      referrerId: client.id,
      referrerName: 'Rory Williams',
      status: 'pending',
      rewardAmount: await promised(),
      rewardPaid: false,
      paid: false,
      paidAt: null,
      convertedAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      name: 'Amy Pond',
      email: lead.email,
      phone: '+447700900123',
      selfReferral: false,
    });
  });

  it("names a lead without names 'Unknown Lead'", async () => {
    const client = await newClient();
    const lead = await newLead({ firstName: '', lastName: '  ', phone: null });
    const made = await createReferral({ referrerId: client.id, leadId: lead.id });
    expect(made.status).toBe(201);
    expect(made.body.name).toBe('Unknown Lead');
    const res = await call(listReferrals, { path: '/api/referrals', cookie: staff.cookie });
    expect(res.body.find((r: { id: string }) => r.id === made.body.id)).toMatchObject({
      name: 'Unknown Lead',
      email: lead.email,
      phone: null,
    });
  });

  it('shows the reward, the conversion and the payment once they happen', async () => {
    const { referral } = await newReferral();
    await patch(referral.id, { status: 'Payment Due', rewardAmount: 120 }, admin.cookie);
    await pay(referral.id);
    const res = await call(listReferrals, { path: '/api/referrals', cookie: admin.cookie });
    expect(res.body.find((r: { id: string }) => r.id === referral.id)).toMatchObject({
      status: 'Payment Due',
      rewardAmount: 120,
      rewardPaid: true,
      paid: true,
      paidAt: expect.stringMatching(ISO),
      convertedAt: expect.stringMatching(ISO),
    });
  });
});

describe('POST /api/referrals', () => {
  it('answers 401 signed out, writing nothing', async () => {
    const client = await newClient();
    const lead = await newLead();
    const before = await counts();
    const res = await createReferral({ referrerId: client.id, leadId: lead.id }, '');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SIGN_IN_TEXT);
    expect(await counts()).toEqual(before);
  });

  it('creates a pending referral by client id: 201 with the ReferralDto', async () => {
    const client = await newClient();
    const lead = await newLead({ firstName: 'Clara', lastName: 'Oswald' });
    const res = await createReferral({ referrerId: client.id, leadId: lead.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      leadId: lead.id,
      referrerId: client.id,
      status: 'pending',
      rewardAmount: await promised(),
      rewardPaid: false,
      paid: false,
      convertedAt: null,
      paidAt: null,
      name: 'Clara Oswald',
      email: lead.email,
    });
    expect(await row(res.body.id)).toMatchObject({
      status: 'pending',
      referrerId: client.id,
      leadId: lead.id,
    });
  });

  it("creates a referral by card number, in any case, with status 'pending' given", async () => {
    const client = await newClient();
    const lead = await newLead();
    const res = await createReferral({
      referrerId: client.cardNumber.toLowerCase(),
      leadId: lead.id,
      status: 'pending',
    });
    expect(res.status).toBe(201);
    expect(res.body.referrerId).toBe(client.id);
  });

  it.each([
    ['no lead', (c: ClientDto) => ({ referrerId: c.id }), 'leadId must be a lead id'],
    [
      'a malformed lead id',
      (c: ClientDto) => ({ referrerId: c.id, leadId: 'lead-1' }),
      'leadId must be a lead id',
    ],
    ['no referrer', () => ({ leadId: randomUUID() }), 'referrerId must be a card number or a client id'],
    ['a blank referrer', () => ({ referrerId: ' ', leadId: randomUUID() }), FILL_REQUIRED_FIELDS_TEXT],
    [
      'a status other than pending',
      (c: ClientDto) => ({ referrerId: c.id, leadId: randomUUID(), status: 'Payment Due' }),
      "A new referral's status must be 'pending'",
    ],
  ])('answers 400 for %s, writing nothing', async (_, body, message) => {
    const client = await newClient();
    const before = await counts();
    const res = await createReferral(body(client));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.fieldErrors).toEqual(expect.any(Object));
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown client (id, card number or neither) or an unknown lead, writing nothing', async () => {
    const client = await newClient();
    const lead = await newLead();
    const before = await counts();
    for (const referrerId of [randomUUID(), 'SC-ZZZZ-ZZZZ-2222', 'not-a-client']) {
      const res = await createReferral({ referrerId, leadId: lead.id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CLIENT_NOT_FOUND_TEXT);
    }
    const res = await createReferral({ referrerId: client.id, leadId: randomUUID() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(LEAD_NOT_FOUND_TEXT);
    expect(await counts()).toEqual(before);
  });

  it('answers 409 with the existing referral for the same lead and client, writing nothing', async () => {
    const { client, lead, referral } = await newReferral();
    const before = await counts();
    const res = await createReferral({ referrerId: client.cardNumber, leadId: lead.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(DUPLICATE_TEXT);
    expect(res.body.referral).toMatchObject({ id: referral.id, leadId: lead.id, referrerId: client.id });
    expect(await counts()).toEqual(before);
  });

  it('lets another client refer the same lead', async () => {
    const { lead } = await newReferral();
    const other = await newClient('clara', 'oswald');
    const res = await createReferral({ referrerId: other.id, leadId: lead.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ leadId: lead.id, referrerId: other.id });
  });

  it('answers 409 when the lead is the client themselves, writing nothing', async () => {
    const client = await newClient();
    const lead = await newLead({
      email: client.email,
      firstName: client.firstName,
      lastName: client.lastName,
    });
    const before = await counts();
    const res = await createReferral({ referrerId: client.id, leadId: lead.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SELF_REFERRAL_TEXT);
    expect(await counts()).toEqual(before);
  });
});

describe('PATCH /api/referrals/{id}', () => {
  afterEach(async () => {
    await db.settings.deleteMany();
  });

  it('answers 401 signed out, changing nothing', async () => {
    const { referral } = await newReferral();
    const before = await row(referral.id);
    const res = await patch(referral.id, { status: 'Payment Due' }, '');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SIGN_IN_TEXT);
    expect(await row(referral.id)).toEqual(before);
  });

  it('answers 404 for an unknown or a malformed id', async () => {
    const unknown = await patch(randomUUID(), { status: 'In Progress' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(REFERRAL_NOT_FOUND_TEXT);
    for (const id of MALFORMED_IDS) {
      const res = await patch(id, { status: 'In Progress' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(REFERRAL_NOT_FOUND_TEXT);
    }
  });

  it.each([
    [{ status: 'Story Started' }, "status must be 'pending', 'In Progress' or 'Payment Due'"],
    [{ status: 'payment_due' }, "status must be 'pending', 'In Progress' or 'Payment Due'"],
    [{}, "Send a status ('pending', 'In Progress' or 'Payment Due') or contacted: true"],
    [{ status: 'Payment Due', rewardAmount: 0 }, 'rewardAmount must be more than £0'],
    [{ status: 'Payment Due', rewardAmount: -20 }, 'rewardAmount must be more than £0'],
    [{ status: 'Payment Due', rewardAmount: 10.005 }, 'rewardAmount must be in whole pence'],
    [{ status: 'Payment Due', rewardAmount: 5_000.01 }, 'rewardAmount must be at most £5,000'],
    [{ status: 'Payment Due', rewardAmount: '200' }, 'rewardAmount must be an amount in pounds'],
    [{ status: 'Payment Due', rewardPaid: true }, expect.any(String)],
  ])('answers 400 for %p, changing nothing', async (body, message) => {
    const { referral } = await newReferral();
    const before = await row(referral.id);
    const res = await patch(referral.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message);
    expect(await row(referral.id)).toEqual(before);
  });

  it('moves pending ⇄ In Progress, leaving the reward alone', async () => {
    const { referral } = await newReferral();
    const reward = await promised();
    const toInProgress = await patch(referral.id, { status: 'In Progress' });
    expect(toInProgress.status).toBe(200);
    expect(toInProgress.body).toMatchObject({
      id: referral.id,
      status: 'In Progress',
      rewardAmount: reward,
      paid: false,
      convertedAt: null,
    });
    expect((await row(referral.id)).status).toBe('in_progress');

    const back = await patch(referral.id, { status: 'pending' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'pending', rewardAmount: reward, convertedAt: null });
    expect((await row(referral.id)).status).toBe('pending');
  });

  it.each(['pending', 'In Progress'] as const)(
    'changes nothing for %s → the same status (200)',
    async (status) => {
      const { referral } = await newReferral();
      if (status !== 'pending') await patch(referral.id, { status });
      const before = await row(referral.id);
      const res = await patch(referral.id, { status });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: referral.id, status });
      expect(await row(referral.id)).toEqual(before);
    },
  );

  it('starts the story (pending → Payment Due) with the referral reward setting, unpaid, converted now', async () => {
    await setRewardSetting(15_000);
    const { referral } = await newReferral();
    const from = Date.now();
    const res = await patch(referral.id, { status: 'Payment Due' });
    const to = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: referral.id,
      status: 'Payment Due',
      rewardAmount: 150,
      rewardPaid: false,
      paid: false,
      paidAt: null,
    });
    expectBetween(res.body.convertedAt, from, to);
    expect(await row(referral.id)).toMatchObject({
      status: 'payment_due',
      rewardPence: 15_000,
      rewardPaid: false,
      convertedAt: new Date(res.body.convertedAt),
    });
  });

  it('uses the default reward of £200 when the setting was never saved', async () => {
    await db.settings.deleteMany();
    const { referral } = await newReferral();
    const res = await patch(referral.id, { status: 'Payment Due' });
    expect(res.status).toBe(200);
    expect(res.body.rewardAmount).toBe(200);
  });

  it('uses the reward an admin saved through PATCH /api/settings', async () => {
    const saved = await call(patchSettings, {
      method: 'PATCH',
      path: '/api/settings',
      body: { referralRewardAmount: 175 },
      cookie: admin.cookie,
    });
    expect(saved.status).toBe(200);
    const { referral } = await newReferral();
    const res = await patch(referral.id, { status: 'Payment Due' });
    expect(res.body.rewardAmount).toBe(175);
    expect((await row(referral.id)).rewardPence).toBe(17_500);
  });

  it('starts the story from In Progress with the rewardAmount given, in pence', async () => {
    await setRewardSetting(15_000);
    const { referral } = await newReferral();
    await patch(referral.id, { status: 'In Progress' });
    const res = await patch(referral.id, { status: 'Payment Due', rewardAmount: 75.5 }, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Payment Due', rewardAmount: 75.5, paid: false });
    expect(res.body.convertedAt).toMatch(ISO);
    expect((await row(referral.id)).rewardPence).toBe(7_550);
  });

  it('takes a rewardAmount whose pounds are not exact in binary (0.1 + 0.2) as whole pence', async () => {
    const { referral } = await newReferral();
    const res = await patch(referral.id, { status: 'Payment Due', rewardAmount: 0.1 + 0.2 }, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.rewardAmount).toBe(0.3);
    expect((await row(referral.id)).rewardPence).toBe(30);
  });

  it.each(['pending', 'In Progress'] as const)(
    'reverts Payment Due (unpaid) → %s: the reward kept, paid flag, paidAt and convertedAt cleared',
    async (target) => {
      const { referral } = await newReferral();
      await patch(referral.id, { status: 'Payment Due', rewardAmount: 90 }, admin.cookie);
      // Paid once and undone: paidAt must not linger either.
      expect((await pay(referral.id)).status).toBe(200);
      expect((await unpay(referral.id)).status).toBe(200);
      const res = await patch(referral.id, { status: target });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: target,
        rewardAmount: 90,
        rewardPaid: false,
        paid: false,
        paidAt: null,
        convertedAt: null,
      });
      expect(await row(referral.id)).toMatchObject({
        rewardPence: 9_000,
        rewardPaid: false,
        paidAt: null,
        convertedAt: null,
      });
    },
  );

  it('starts the story again after a revert with the same reward and a fresh conversion date', async () => {
    await setRewardSetting(20_000);
    const { referral } = await newReferral();
    const first = await patch(referral.id, { status: 'Payment Due', rewardAmount: 10 }, admin.cookie);
    await patch(referral.id, { status: 'pending' });
    await setRewardSetting(30_000);
    const res = await patch(referral.id, { status: 'Payment Due' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Payment Due', rewardAmount: 10, paid: false });
    expect(res.body.convertedAt).toMatch(ISO);
    expect(new Date(res.body.convertedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.body.convertedAt).getTime(),
    );
  });

  describe('the reward is what the card promised (issue 14, point 8)', () => {
    const saveReward = (referralRewardAmount: number) =>
      call(patchSettings, {
        method: 'PATCH',
        path: '/api/settings',
        body: { referralRewardAmount },
        cookie: admin.cookie,
      });

    it('is set when the referral is made: a later change of the setting applies to new referrals only', async () => {
      expect((await saveReward(150)).status).toBe(200);
      const old = await newReferral();
      expect((await row(old.referral.id)).rewardPence).toBe(15_000);

      expect((await saveReward(400)).status).toBe(200);
      const fresh = await newReferral();

      const oldStarted = await patch(old.referral.id, { status: 'Payment Due' });
      expect(oldStarted.body).toMatchObject({ status: 'Payment Due', rewardAmount: 150 });
      const freshStarted = await patch(fresh.referral.id, { status: 'Payment Due' });
      expect(freshStarted.body).toMatchObject({ status: 'Payment Due', rewardAmount: 400 });
      expect((await row(old.referral.id)).rewardPence).toBe(15_000);
      expect((await row(fresh.referral.id)).rewardPence).toBe(40_000);

      // Paid, the old referral's payment and its audit entry carry the promised amount too.
      const paid = await pay(old.referral.id);
      expect(paid.body.auditEntry).toMatchObject({ action: 'payment_marked', amount: 150 });
    });

    it('survives a revert and a second Story Started after the setting changed', async () => {
      expect((await saveReward(120)).status).toBe(200);
      const { referral } = await newReferral();
      await patch(referral.id, { status: 'Payment Due' });
      await patch(referral.id, { status: 'In Progress' });
      expect((await row(referral.id)).rewardPence).toBe(12_000);
      expect((await saveReward(999)).status).toBe(200);
      const again = await patch(referral.id, { status: 'Payment Due' });
      expect(again.body).toMatchObject({ status: 'Payment Due', rewardAmount: 120 });
    });
  });

  it('answers 409 for Payment Due → Payment Due, changing nothing', async () => {
    const { referral } = await newReferral();
    await patch(referral.id, { status: 'Payment Due', rewardAmount: 60 }, admin.cookie);
    const before = await row(referral.id);
    for (const body of [{ status: 'Payment Due' }, { status: 'Payment Due', rewardAmount: 500 }]) {
      const res = await patch(referral.id, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ALREADY_STARTED_TEXT);
    }
    expect(await row(referral.id)).toEqual(before);
  });

  it('answers 409 for any change of a paid referral, changing nothing', async () => {
    const { referral } = await newReferral();
    await patch(referral.id, { status: 'Payment Due' });
    expect((await pay(referral.id)).status).toBe(200);
    const before = await row(referral.id);
    for (const [status, message] of [
      ['pending', PAID_LOCKED_TEXT],
      ['In Progress', PAID_LOCKED_TEXT],
      ['Payment Due', ALREADY_STARTED_TEXT],
    ] as const) {
      const res = await patch(referral.id, { status });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }
    expect(await row(referral.id)).toEqual(before);

    // Once the payment is undone (by an admin), the revert goes through.
    expect((await unpay(referral.id)).status).toBe(200);
    expect((await patch(referral.id, { status: 'pending' })).status).toBe(200);
  });
});

describe('DELETE /api/referrals/{id}', () => {
  it('answers 401 signed out and 403 to staff who are not full admins, deleting nothing', async () => {
    const { referral } = await newReferral();
    const signedOut = await remove(referral.id, '');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe(SIGN_IN_TEXT);
    const asStaff = await remove(referral.id, staff.cookie);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body.message).toBe(ADMIN_ONLY_TEXT);
    expect(await db.referral.count({ where: { id: referral.id } })).toBe(1);
  });

  it('answers 409 for a paid referral, saying why, and deletes it once the payment is undone (204); the lead and the audit log stay', async () => {
    const { referral, lead } = await newReferral({ leadName: ['Martha', 'Jones'] });
    await patch(referral.id, { status: 'Payment Due', rewardAmount: 80 }, admin.cookie);
    const paid = await pay(referral.id);
    expect(paid.status).toBe(200);
    const before = await row(referral.id);
    const refused = await remove(referral.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PAID_REFERRAL_DELETE_TEXT);
    expect(await row(referral.id)).toEqual(before);

    expect((await unpay(referral.id)).status).toBe(200);
    const res = await remove(referral.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await db.referral.count({ where: { id: referral.id } })).toBe(0);
    expect(await db.lead.count({ where: { id: lead.id } })).toBe(1);
    expect(
      await db.paymentAuditEntry.findUniqueOrThrow({ where: { id: paid.body.auditEntry.id } }),
    ).toMatchObject({
      action: 'payment_marked',
      clientName: 'Rory Williams',
      referralName: 'Martha Jones',
      amountPence: 8_000,
      performedBy: staff.email,
    });
    const again = await remove(referral.id);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(REFERRAL_NOT_FOUND_TEXT);
  });

  it('answers 404 for an unknown or a malformed id', async () => {
    expect((await remove(randomUUID())).status).toBe(404);
    for (const id of MALFORMED_IDS) {
      const res = await remove(id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(REFERRAL_NOT_FOUND_TEXT);
    }
  });
});

describe('POST /api/referrals/{id}/payment (mark paid)', () => {
  it('answers 401 signed out, changing nothing', async () => {
    const { referral } = await newReferral();
    await patch(referral.id, { status: 'Payment Due' });
    const before = await row(referral.id);
    const res = await pay(referral.id, '');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SIGN_IN_TEXT);
    expect(await row(referral.id)).toEqual(before);
    expect(await auditCount(referral.id)).toBe(0);
  });

  it('answers 404 for an unknown or a malformed id', async () => {
    const before = await counts();
    const unknown = await pay(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(REFERRAL_NOT_FOUND_TEXT);
    for (const id of MALFORMED_IDS) expect((await pay(id)).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it.each(['pending', 'In Progress'] as const)(
    'answers 409 for a %s referral (story not started), writing no entry',
    async (status) => {
      const { referral } = await newReferral();
      if (status !== 'pending') await patch(referral.id, { status });
      const before = await row(referral.id);
      const res = await pay(referral.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(NOT_DUE_TEXT);
      expect(await row(referral.id)).toEqual(before);
      expect(await auditCount(referral.id)).toBe(0);
    },
  );

  it('marks the reward paid for any staff member, with a payment_marked audit entry in the same step', async () => {
    const client = await newClient('donna', 'noble');
    const { referral } = await newReferral({ client, leadName: ['Amy', 'Pond'] });
    // The reward fixed when the friend was referred (issue 28: another amount is a full admin's change).
    await db.referral.update({ where: { id: referral.id }, data: { rewardPence: 7_550 } });
    await patch(referral.id, { status: 'Payment Due', rewardAmount: 75.5 });
    const from = Date.now();
    const res = await pay(referral.id, staff.cookie);
    const to = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.referral).toMatchObject({
      id: referral.id,
      status: 'Payment Due',
      rewardAmount: 75.5,
      rewardPaid: true,
      paid: true,
    });
    expectBetween(res.body.referral.paidAt, from, to);
    expect(res.body.auditEntry).toEqual({
      id: expect.any(String),
      timestamp: expect.stringMatching(ISO),
      action: 'payment_marked',
      clientName: 'Donna Noble',
      referralName: 'Amy Pond',
      amount: 75.5,
      performedBy: staff.email,
      details: null,
    });
    expectBetween(res.body.auditEntry.timestamp, from, to);

    expect(await row(referral.id)).toMatchObject({ rewardPaid: true, status: 'payment_due' });
    const entries = await db.paymentAuditEntry.findMany({ where: { referralId: referral.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: res.body.auditEntry.id,
      action: 'payment_marked',
      clientId: client.id,
      clientName: 'Donna Noble',
      referralName: 'Amy Pond',
      amountPence: 7_550,
      performedBy: staff.email,
      performedById: staff.id,
    });
  });

  it("names the payment of a nameless lead 'Unknown Lead' in the audit log", async () => {
    const client = await newClient();
    const lead = await newLead({ firstName: '', lastName: '' });
    const made = await createReferral({ referrerId: client.id, leadId: lead.id });
    await patch(made.body.id, { status: 'Payment Due' });
    const res = await pay(made.body.id);
    expect(res.status).toBe(200);
    expect(res.body.auditEntry.referralName).toBe('Unknown Lead');
  });

  it('answers 409 when the reward is already paid, writing no second entry', async () => {
    const { referral } = await newReferral();
    await patch(referral.id, { status: 'Payment Due' });
    expect((await pay(referral.id)).status).toBe(200);
    const before = await row(referral.id);
    const res = await pay(referral.id, staff2.cookie);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ALREADY_PAID_TEXT);
    expect(await row(referral.id)).toEqual(before);
    expect(await auditCount(referral.id)).toBe(1);
  });

  it('makes exactly one payment and one entry when two staff members click at once', async () => {
    const { referral } = await newReferral();
    await patch(referral.id, { status: 'Payment Due' });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pay(referral.id, (i % 2 ? staff : staff2).cookie)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(ALREADY_PAID_TEXT);
    expect(await auditCount(referral.id)).toBe(1);
    expect(await auditCount(referral.id, 'payment_marked')).toBe(1);
    const winner = results.find((r) => r.status === 200)!;
    expect([staff.email, staff2.email]).toContain(winner.body.auditEntry.performedBy);
    expect((await row(referral.id)).rewardPaid).toBe(true);
  });
});

describe('DELETE /api/referrals/{id}/payment (undo payment)', () => {
  async function paidReferral(amount = 200) {
    const made = await newReferral();
    // The reward fixed when the friend was referred (issue 28: another amount is a full admin's change).
    await db.referral.update({
      where: { id: made.referral.id },
      data: { rewardPence: Math.round(amount * 100) },
    });
    await patch(made.referral.id, { status: 'Payment Due', rewardAmount: amount });
    const res = await pay(made.referral.id);
    if (res.status !== 200) throw new Error(`not paid: ${res.status}`);
    return made;
  }

  it('answers 401 signed out and 403 to staff who are not full admins, changing nothing', async () => {
    const { referral } = await paidReferral();
    const before = await row(referral.id);
    const signedOut = await unpay(referral.id, '');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe(SIGN_IN_TEXT);
    const asStaff = await unpay(referral.id, staff.cookie);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body.message).toBe(ADMIN_ONLY_TEXT);
    expect(await row(referral.id)).toEqual(before);
    expect(await auditCount(referral.id)).toBe(1);
  });

  it('answers 404 for an unknown or a malformed id', async () => {
    const unknown = await unpay(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(REFERRAL_NOT_FOUND_TEXT);
    for (const id of MALFORMED_IDS) expect((await unpay(id)).status).toBe(404);
  });

  it('undoes the payment for a full admin, with a payment_undone entry; the story stays started', async () => {
    const { client, referral } = await paidReferral(125);
    const res = await unpay(referral.id, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.referral).toMatchObject({
      id: referral.id,
      status: 'Payment Due',
      rewardAmount: 125,
      rewardPaid: false,
      paid: false,
      paidAt: null,
      convertedAt: expect.stringMatching(ISO),
    });
    expect(res.body.auditEntry).toEqual({
      id: expect.any(String),
      timestamp: expect.stringMatching(ISO),
      action: 'payment_undone',
      clientName: 'Rory Williams',
      referralName: 'Amy Pond',
      amount: 125,
      performedBy: admin.email,
      details: null,
    });
    expect(await row(referral.id)).toMatchObject({ rewardPaid: false, paidAt: null, status: 'payment_due' });
    expect(await auditCount(referral.id, 'payment_marked')).toBe(1);
    expect(await auditCount(referral.id, 'payment_undone')).toBe(1);
    expect(
      await db.paymentAuditEntry.findUniqueOrThrow({ where: { id: res.body.auditEntry.id } }),
    ).toMatchObject({ clientId: client.id, performedById: admin.id, amountPence: 12_500 });

    // And it can be paid again.
    const again = await pay(referral.id);
    expect(again.status).toBe(200);
    expect(await auditCount(referral.id)).toBe(3);
  });

  it('answers 409 when the reward is not marked paid, writing no entry', async () => {
    const { referral } = await newReferral();
    const pending = await unpay(referral.id);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(NOT_PAID_TEXT);
    await patch(referral.id, { status: 'Payment Due' });
    const before = await row(referral.id);
    const due = await unpay(referral.id);
    expect(due.status).toBe(409);
    expect(due.body.message).toBe(NOT_PAID_TEXT);
    expect(await row(referral.id)).toEqual(before);
    expect(await auditCount(referral.id)).toBe(0);
  });

  it('answers 409 to a second undo, writing no second entry', async () => {
    const { referral } = await paidReferral();
    expect((await unpay(referral.id)).status).toBe(200);
    const res = await unpay(referral.id, admin2.cookie);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(NOT_PAID_TEXT);
    expect(await auditCount(referral.id, 'payment_undone')).toBe(1);
  });

  it('undoes exactly once, with one entry, when two admins click at once', async () => {
    const { referral } = await paidReferral();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => unpay(referral.id, (i % 2 ? admin : admin2).cookie)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(NOT_PAID_TEXT);
    expect(await auditCount(referral.id, 'payment_undone')).toBe(1);
    expect(await auditCount(referral.id)).toBe(2);
    expect((await row(referral.id)).rewardPaid).toBe(false);
  });
});

describe('deleting a client', () => {
  it("keeps the client's payment audit entries, as text, under 'Deleted client' and the card number", async () => {
    const client = await newClient('wilfred', 'mott');
    const { referral } = await newReferral({ client, leadName: ['Sylvia', 'Noble'] });
    await patch(referral.id, { status: 'Payment Due', rewardAmount: 40 }, admin.cookie);
    const marked = await pay(referral.id);
    const undone = await unpay(referral.id);
    expect(marked.status).toBe(200);
    expect(undone.status).toBe(200);

    const res = await call(deleteClientRoute, {
      method: 'DELETE',
      path: `/api/clients/${client.id}`,
      params: { id: client.id },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(204);
    // Issue 14, point 7: the row stays for the payment records; the reward owed again after the undo is
    // cancelled, so its referral goes.
    expect(await db.client.count({ where: { id: client.id, deletedAt: { not: null } } })).toBe(1);
    expect(await db.referral.count({ where: { id: referral.id } })).toBe(0);

    const entries = await db.paymentAuditEntry.findMany({
      where: { id: { in: [marked.body.auditEntry.id, undone.body.auditEntry.id] } },
      orderBy: { createdAt: 'asc' },
    });
    expect(entries.map((e) => e.action).sort()).toEqual(['payment_marked', 'payment_undone']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        clientName: `Deleted client (${client.cardNumber})`,
        referralName: 'Sylvia Noble',
        amountPence: 4_000,
      });
    }
    expect(
      await db.paymentAuditEntry.findFirst({
        where: { referralId: referral.id, action: 'reward_cancelled' },
      }),
    ).toMatchObject({
      clientName: `Deleted client (${client.cardNumber})`,
      referralName: 'Sylvia Noble',
      amountPence: 4_000,
      performedBy: admin.email,
    });
  });
});
