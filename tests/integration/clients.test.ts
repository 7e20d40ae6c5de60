import { PATCH } from '@/app/api/admin/clients/[id]/route';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { POST as brandedLink } from '@/app/api/admin/create-branded-link/route';
import { DELETE } from '@/app/api/clients/[id]/route';
import { GET as listClients } from '@/app/api/clients/route';
import { db } from '@/lib/db';
import { CARD_KEY_PATTERN } from '@/lib/card-address';
import { CARD_NUMBER_PATTERN } from '@/lib/codes';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, ORIGIN, type TestStaff } from '../support/http';

setUpTestDatabase();

let staff: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
});

let n = 0;
const newClient = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return { firstName: 'jane', lastName: 'smith', email: `Jane.Smith${n}@Example.com`, ...overrides };
};
const create = (body: unknown, cookie = staff.cookie) => call(createClientRoute, { body, cookie });

describe('POST /api/admin/clients', () => {
  it('answers 401 signed out, creating nothing', async () => {
    const res = await create(newClient(), '');
    expect(res.status).toBe(401);
    expect(await db.client.count()).toBe(0);
  });

  it.each([
    [{ lastName: 'Smith', email: 'a@b.co' }, 'Please fill in all fields'],
    [{ firstName: ' ', lastName: 'Smith', email: 'a@b.co' }, 'Please fill in all fields'],
    [{ firstName: 'Jane', lastName: 'Smith', email: 'not-an-email' }, 'Please enter a valid email address'],
    [
      { firstName: 'Jane', lastName: 'Smith', email: 'a@b.co', affiliateCompany: 42 },
      'Affiliate company must be text',
    ],
  ])('answers 400 for %p with the spec message, creating nothing', async (body, message) => {
    const before = await db.client.count();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await db.client.count()).toBe(before);
  });

  it('registers a client for any signed-in staff member: card number, invite token, web and branded links', async () => {
    const res = await create({
      ...newClient({ email: ' New.Client@Example.COM ' }),
      affiliateCompany: ' Acme Dental ',
    });
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c).toMatchObject({
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'new.client@example.com',
      affiliateCompany: 'Acme Dental',
      referralCount: 0,
      hasBankDetails: false,
      bacsRequested: false,
    });
    expect(c.cardNumber).toMatch(CARD_NUMBER_PATTERN);
    expect(c.inviteToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The branded link: the readable name, then the client's unguessable key (issue 14, point 4).
    const { cardKey } = await db.client.findUniqueOrThrow({ where: { id: c.id }, select: { cardKey: true } });
    expect(cardKey).toMatch(CARD_KEY_PATTERN);
    expect(c.brandedUrl).toBe(`${ORIGIN}/card/jane-smith-${cardKey}`);
    // Issue 29 changed this: one link per card, so webUrl is the branded link too (it was /card/{inviteToken},
    // which still opens the card).
    expect(c.webUrl).toBe(c.brandedUrl);
    expect(c).not.toHaveProperty('sortCode'); // staff never receive bank details
  });

  it('gives namesakes different branded links, each with its own key', async () => {
    const a = await create(newClient({ firstName: 'Sam', lastName: 'Lee' }));
    const b = await create(newClient({ firstName: 'sam', lastName: 'LEE' }));
    const branded = new RegExp(`^${ORIGIN}/card/sam-lee-[0-9a-hjkmnp-tv-z]{10}$`);
    expect(a.body.brandedUrl).toMatch(branded);
    expect(b.body.brandedUrl).toMatch(branded);
    expect(a.body.brandedUrl).not.toBe(b.body.brandedUrl);
  });

  it('answers 409 with the existing client for the same email in any case, and creates nothing', async () => {
    const first = await create(newClient({ email: 'dup@example.com' }));
    const before = await db.client.count();
    const again = await create(newClient({ firstName: 'Other', email: 'DUP@Example.com' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A client with this email address is already in the system.');
    expect(again.body.client).toMatchObject({
      id: first.body.id,
      cardNumber: first.body.cardNumber,
      firstName: 'Jane',
    });
    expect(await db.client.count()).toBe(before);
  });

  it('creates exactly one client when the same email is posted 20 times at once', async () => {
    const body = newClient({ email: 'race@example.com' });
    const results = await Promise.all(Array.from({ length: 20 }, () => create(body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await db.client.count({ where: { email: 'race@example.com' } })).toBe(1);
  });
});

describe('GET /api/clients', () => {
  it('answers 401 signed out', async () => {
    expect((await call(listClients)).status).toBe(401);
  });

  it('lists clients, newest first, with bank details only for full admins', async () => {
    const created = await create(newClient({ email: 'bank@example.com' }));
    await call(PATCH, {
      method: 'PATCH',
      params: { id: created.body.id },
      body: { sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Jane Smith' },
      cookie: staff.cookie,
    });
    const asStaff = await call(listClients, { cookie: staff.cookie });
    expect(asStaff.status).toBe(200);
    const forStaff = asStaff.body.find((c: { id: string }) => c.id === created.body.id);
    expect(forStaff.hasBankDetails).toBe(true);
    expect(JSON.stringify(asStaff.body)).not.toContain('12345678');
    expect(forStaff).not.toHaveProperty('accountNumber');

    const asAdmin = await call(listClients, { cookie: admin.cookie });
    const forAdmin = asAdmin.body.find((c: { id: string }) => c.id === created.body.id);
    expect(forAdmin).toMatchObject({ sortCode: '12-34-56', accountNumber: '12345678' });
    const times = asAdmin.body.map((c: { createdAt: string }) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('GET /api/clients referrals', () => {
  it("carries each client's referrals in the spec's names, with the lead's details", async () => {
    const c = await create(newClient());
    const lead = await db.lead.create({
      data: {
        firstName: 'Amy',
        lastName: 'Pond',
        email: `amy${n}@example.com`,
        phone: '+447123456789',
        referrerId: c.body.id,
      },
    });
    await db.referral.create({
      data: {
        referrerId: c.body.id,
        leadId: lead.id,
        status: 'payment_due',
        rewardPence: 20000,
        convertedAt: new Date(),
      },
    });
    const res = await call(listClients, { cookie: staff.cookie });
    const listed = res.body.find((x: { id: string }) => x.id === c.body.id);
    expect(listed.referralCount).toBe(1);
    expect(listed.referrals).toEqual([
      expect.objectContaining({
        leadId: lead.id,
        referrerId: c.body.id,
        status: 'Payment Due',
        rewardAmount: 200,
        rewardPaid: false,
        name: 'Amy Pond',
        email: `amy${n}@example.com`,
        phone: '+447123456789',
        convertedAt: expect.any(String),
      }),
    ]);
  });
});

describe('GET /api/clients referrals, bounded', () => {
  it("carries each client's newest 100 referrals, newest first, and none for a client without any (issue 19: one statement for the page)", async () => {
    const busy = await create(newClient());
    const quiet = await create(newClient());
    const base = Date.now() - 1_000_000;
    await db.lead.createMany({
      data: Array.from({ length: 102 }, (_, i) => ({
        firstName: `Friend${i}`,
        lastName: 'Many',
        email: `many${i}.${n}@example.com`,
        referrerId: busy.body.id,
      })),
    });
    const leads = await db.lead.findMany({
      where: { referrerId: busy.body.id },
      select: { id: true, firstName: true },
    });
    await db.referral.createMany({
      data: leads.map((l) => ({
        referrerId: busy.body.id,
        leadId: l.id,
        createdAt: new Date(base + Number(l.firstName.slice(6)) * 1000),
      })),
    });
    const res = await call(listClients, { cookie: staff.cookie });
    const listed = res.body.find((x: { id: string }) => x.id === busy.body.id);
    expect(listed.referralCount).toBe(102);
    expect(listed.referrals).toHaveLength(100);
    expect(listed.referrals.map((r: { name: string }) => r.name)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Friend${101 - i} Many`),
    );
    expect(res.body.find((x: { id: string }) => x.id === quiet.body.id).referrals).toEqual([]);
  });
});

describe('PATCH /api/admin/clients/{id}', () => {
  const patch = (id: string, body: unknown, cookie = staff.cookie) =>
    call(PATCH, { method: 'PATCH', params: { id }, body, cookie });

  it('answers 401 signed out and 404 for an unknown or malformed id', async () => {
    const c = await create(newClient());
    expect((await patch(c.body.id, { affiliateCompany: 'X' }, '')).status).toBe(401);
    expect((await patch('00000000-0000-7000-8000-000000000000', { affiliateCompany: 'X' })).status).toBe(404);
    expect((await patch('nope', { affiliateCompany: 'X' })).status).toBe(404);
  });

  it.each([
    [{ firstName: 'Jo' }, 'First name and last name are required'],
    [{ firstName: 'Jo', lastName: ' ' }, 'First name and last name are required'],
    [
      { sortCode: '123456', accountNumber: '12345678' },
      'Sort Code must be in format XX-XX-XX (6 digits with hyphens)',
    ],
    [{ sortCode: '12-34-56', accountNumber: '1234' }, 'Account Number must be exactly 8 digits'],
    [
      { sortCode: '12-34-56', accountNumber: '12345678' },
      "Enter the account holder's name as the bank has it",
    ],
    [{ cardNumber: 'SC-AAAA-AAAA-AAAA' }, expect.any(String)],
  ])('answers 400 for %p and changes nothing', async (body, message) => {
    const c = await create(newClient());
    const before = await db.client.findUniqueOrThrow({ where: { id: c.body.id } });
    const res = await patch(c.body.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message);
    expect(await db.client.findUniqueOrThrow({ where: { id: c.body.id } })).toEqual(before);
  });

  it('edits names (title-cased) and the affiliate company, and leaves the rest alone', async () => {
    const c = await create(newClient({ affiliateCompany: 'Acme' }));
    const renamed = await patch(c.body.id, { firstName: 'mary-jane', lastName: "o'neil" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      firstName: 'Mary-Jane',
      lastName: "O'Neil",
      affiliateCompany: 'Acme',
    });
    expect((await patch(c.body.id, { affiliateCompany: null })).body.affiliateCompany).toBeNull();
    expect((await patch(c.body.id, { affiliateCompany: 'Smile Co' })).body.affiliateCompany).toBe('Smile Co');
  });

  it('records a BACS request, then stores the details encrypted (never as plain text) and clears the request', async () => {
    const c = await create(newClient());
    const requested = await patch(c.body.id, { bacsRequested: true });
    expect(requested.body.bacsRequested).toBe(true);
    expect(new Date(requested.body.bacsRequestedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const saved = await patch(c.body.id, {
      sortCode: '40-47-84',
      accountNumber: '87654321',
      accountName: 'Jane Smith',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ hasBankDetails: true, bacsRequested: false, bacsRequestedAt: null });
    expect(saved.body).not.toHaveProperty('accountNumber');
    const row = await db.client.findUniqueOrThrow({ where: { id: c.body.id } });
    expect(row.sortCodeEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/87654321|40-47-84/);
    const [raw] = await db.$queryRaw<
      { text: string }[]
    >`SELECT row_to_json(c)::text AS text FROM clients c WHERE id = ${c.body.id}::uuid`;
    expect(raw!.text).not.toMatch(/87654321|40-47-84/);

    const refused = await patch(c.body.id, { sortCode: null, accountNumber: null });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only a full admin can remove bank details.');
    expect((await db.client.findUniqueOrThrow({ where: { id: c.body.id } })).sortCodeEnc).toBe(
      row.sortCodeEnc,
    );

    const removed = await patch(c.body.id, { sortCode: null, accountNumber: null }, admin.cookie);
    expect(removed.body).toMatchObject({ hasBankDetails: false, sortCode: null, accountNumber: null });
  });
});

describe('DELETE /api/clients/{id}', () => {
  it('answers 401 signed out and 403 for staff who are not full admins, deleting nothing', async () => {
    const c = await create(newClient());
    expect((await call(DELETE, { method: 'DELETE', params: { id: c.body.id } })).status).toBe(401);
    const res = await call(DELETE, { method: 'DELETE', params: { id: c.body.id }, cookie: staff.cookie });
    expect(res.status).toBe(403);
    expect(await db.client.count({ where: { id: c.body.id } })).toBe(1);
  });

  it('deletes the client (their data erased, the row kept for the records) and their unpaid referrals; the audit keeps every amount; again or unknown → 404', async () => {
    const c = await create(newClient());
    const lead = await db.lead.create({
      data: { firstName: 'Friend', lastName: 'One', email: `friend${n}@example.com`, referrerId: c.body.id },
    });
    await db.referral.create({
      data: { referrerId: c.body.id, leadId: lead.id, status: 'payment_due', rewardPence: 20000 },
    });
    const card = await db.client.findUniqueOrThrow({ where: { id: c.body.id } });
    await db.paymentAuditEntry.create({
      data: {
        action: 'payment_marked',
        clientId: c.body.id,
        clientName: 'Jane Smith',
        referralName: 'Friend One',
        amountPence: 20000,
        performedBy: admin.email,
      },
    });
    const res = await call(DELETE, { method: 'DELETE', params: { id: c.body.id }, cookie: admin.cookie });
    expect(res.status).toBe(204);
    // Issue 14, point 7: the row stays (its card number names it in the payment records), its data goes.
    expect(await db.client.findUniqueOrThrow({ where: { id: c.body.id } })).toMatchObject({
      deletedAt: expect.any(Date),
      firstName: '',
      lastName: '',
      email: null,
      cardNumber: card.cardNumber,
    });
    // The unpaid reward is cancelled (its own audit entry); nothing unpaid is left.
    expect(await db.referral.count({ where: { referrerId: c.body.id } })).toBe(0);
    expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ referrerId: null });
    expect(
      await db.paymentAuditEntry.findFirst({ where: { clientId: c.body.id, action: 'payment_marked' } }),
    ).toMatchObject({
      clientName: `Deleted client (${card.cardNumber})`,
      referralName: 'Friend One',
      amountPence: 20000,
    });
    expect(
      await db.paymentAuditEntry.findFirst({ where: { clientId: c.body.id, action: 'reward_cancelled' } }),
    ).toMatchObject({ referralName: 'Friend One', amountPence: 20000, performedBy: admin.email });
    const again = await call(DELETE, { method: 'DELETE', params: { id: c.body.id }, cookie: admin.cookie });
    expect(again.status).toBe(404);
  });
});

describe('POST /api/admin/create-branded-link', () => {
  it('answers 401 signed out and 400 without names', async () => {
    expect((await call(brandedLink, { body: { firstName: 'A', lastName: 'B' } })).status).toBe(401);
    const res = await call(brandedLink, { body: { firstName: 'A' }, cookie: staff.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('First name and last name are required');
  });

  it("gives the named client's readable link, and 404 for a name no client has", async () => {
    const c = await create(newClient({ firstName: 'Brand', lastName: 'Newperson' }));
    const res = await call(brandedLink, {
      body: { firstName: 'brand', lastName: 'NEWPERSON' },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ brandedUrl: c.body.brandedUrl });
    expect(res.body.brandedUrl).toMatch(
      new RegExp(`^${ORIGIN}/card/brand-newperson-[0-9a-hjkmnp-tv-z]{10}$`),
    );
    const missing = await call(brandedLink, {
      body: { firstName: 'No', lastName: 'Body' },
      cookie: staff.cookie,
    });
    expect(missing.status).toBe(404);
  });
});
