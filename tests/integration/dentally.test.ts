/**
 * Issue 34: the Dentally connector against a local HTTP server that answers as docs/integrations/dentally-api.md
 * describes Dentally's v1 API: GET /v1/appointments ({appointments, meta: {total, current_page, total_pages}},
 * page and per_page up to 100, updated_after, after/before on the appointment's day, site_id, Cancelled and Did
 * not attend left out) and GET /v1/patients/{id} ({patient}); a wrong token → 401; a 429 with Retry-After; the
 * 403 "Rate limit exceeded" seen on live. The routes' signed-out, wrong-role and bad-input answers are also in
 * the authorisation matrix and the bad-input corpus.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DELETE as deleteRoute,
  GET as getRoute,
  PUT as putRoute,
} from '@/app/api/integrations/dentally/route';
import { POST as syncRoute } from '@/app/api/integrations/dentally/sync/route';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import type { DentallyStateDto } from '@/lib/dto/dentally';
import { encryptionKey } from '@/lib/env';
import { requestedDentallySyncSettled } from '@/lib/jobs/dentally';
import { DENTALLY_USER_AGENT } from '@/lib/practice/dentally-client';
import { runDentallySync, TOKEN_REJECTED_TEXT } from '@/lib/services/practice/dentally-sync';
import { DENTALLY_TOKEN_TEXT } from '@/lib/validation/dentally';
import { setUpTestDatabase } from '../support/db';
import { fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();
jest.setTimeout(120_000);

interface Appointment {
  id: number;
  patient_id: number;
  start_time: string;
  finish_time: string;
  state: string;
  updated_at: string;
  site_id: string;
}
interface Patient {
  id: number;
  first_name: string;
  last_name: string;
  email_address: string | null;
  mobile_phone: string | null;
  home_phone: string | null;
  date_of_birth: string | null;
}
interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The fake Dentally. */
const dentally = {
  token: 'dentally-token-0001',
  appointments: [] as Appointment[],
  patients: new Map<number, Patient>(),
  /** Answers given, in order, to the next requests (before the real ones). */
  script: [] as Scripted[],
  requests: [] as { path: string; query: URLSearchParams; auth: string; userAgent: string }[],
  /** A slow server, for the test of two syncs at once. */
  delayMs: 0,
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function answer(req: IncomingMessage, res: ServerResponse) {
  if (dentally.delayMs) {
    setTimeout(() => reply(req, res), dentally.delayMs);
    return;
  }
  reply(req, res);
}

function reply(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://dentally.test');
  dentally.requests.push({
    path: url.pathname,
    query: url.searchParams,
    auth: req.headers.authorization ?? '',
    userAgent: req.headers['user-agent'] ?? '',
  });
  const scripted = dentally.script.shift();
  if (scripted) return send(res, scripted.status, scripted.body ?? {}, scripted.headers);
  if (!req.headers['user-agent']) {
    return send(res, 403, {
      error: {
        type: 'invalid_request_error',
        message: 'Please make sure your request has an acceptable User-Agent header',
      },
    });
  }
  if (req.headers.authorization !== `Bearer ${dentally.token}`) {
    return send(res, 401, {
      error: {
        type: 'invalid_request_error',
        message: 'A valid Authorization: Bearer <token> header is required.',
      },
    });
  }
  const patient = /^\/v1\/patients\/(\d+)$/.exec(url.pathname);
  if (patient) {
    const found = dentally.patients.get(Number(patient[1]));
    return found
      ? send(res, 200, { patient: found })
      : send(res, 404, { error: { type: 'not_found', message: 'Not found' } });
  }
  if (url.pathname !== '/v1/appointments') return send(res, 404, { error: { message: 'Not found' } });
  const q = url.searchParams;
  const requested = Number(q.get('per_page') ?? 25);
  const perPage = requested > 100 ? 25 : requested; // as seen on live
  const page = Number(q.get('page') ?? 1);
  const updatedAfter = q.get('updated_after');
  const rows = dentally.appointments
    .filter((a) => q.get('cancelled') === 'true' || !['Cancelled', 'Did not attend'].includes(a.state))
    .filter((a) => !q.get('site_id') || a.site_id === q.get('site_id'))
    .filter((a) => !updatedAfter || new Date(a.updated_at) > new Date(updatedAfter))
    .filter((a) => !q.get('after') || a.start_time.slice(0, 10) >= q.get('after')!)
    .filter((a) => !q.get('before') || a.start_time.slice(0, 10) <= q.get('before')!)
    .sort((a, b) => a.id - b.id);
  send(res, 200, {
    appointments: rows.slice((page - 1) * perPage, page * perPage),
    meta: {
      total: rows.length,
      current_page: page,
      total_pages: Math.max(1, Math.ceil(rows.length / perPage)),
    },
  });
}

let server: Server;
let admin: TestStaff;
let staff: TestStaff;
const noWait = jest.fn(async (ms: number) => void ms);

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.DENTALLY_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await makeStaff({ isFullAdmin: true });
  staff = await makeStaff();
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  delete process.env.DENTALLY_API_URL;
});

beforeEach(() => {
  dentally.requests.length = 0;
  dentally.script.length = 0;
  noWait.mockClear();
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
let nextId = 1000;

function addAppointment(
  patientId: number,
  state: string,
  startMs: number,
  updatedMs: number,
  site = 'site-a',
) {
  nextId += 1;
  const row: Appointment = {
    id: nextId,
    patient_id: patientId,
    start_time: iso(startMs),
    finish_time: iso(startMs + 30 * 60_000),
    state,
    updated_at: iso(updatedMs),
    site_id: site,
  };
  dentally.appointments.push(row);
  return row;
}

function addPatient(id: number, fields: Partial<Patient> = {}) {
  dentally.patients.set(id, {
    id,
    first_name: `Patient${id}`,
    last_name: `Dentally${id}`,
    email_address: `patient${id}@dentally.example`,
    mobile_phone: null,
    home_phone: null,
    date_of_birth: '1980-01-01',
    ...fields,
  });
}

const state = async () =>
  (await call(getRoute, { path: '/api/integrations/dentally', cookie: admin.cookie }))
    .body as DentallyStateDto;
const save = (body: unknown, who = admin) =>
  call(putRoute, { method: 'PUT', path: '/api/integrations/dentally', body, cookie: who.cookie });
const appointmentRequests = () => dentally.requests.filter((r) => r.path === '/v1/appointments');
const patientRequests = () => dentally.requests.filter((r) => r.path.startsWith('/v1/patients/'));

describe('the routes', () => {
  it('refuse signed-out callers (401), staff who are not full admins (403) and a bad token (400)', async () => {
    expect((await call(getRoute, { path: '/api/integrations/dentally' })).status).toBe(401);
    expect((await call(getRoute, { path: '/api/integrations/dentally', cookie: staff.cookie })).status).toBe(
      403,
    );
    expect((await save({ token: 'staff-token-1' }, staff)).status).toBe(403);
    const bad = await save({ token: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(DENTALLY_TOKEN_TEXT);
    expect((await save({ token: 'abc def ghi jkl' })).status).toBe(400);
    expect((await save({ token: 'good-token-1', other: 1 })).status).toBe(400);
  });

  it('answer not connected at first, and "Sync now" is a 409 until a token is saved', async () => {
    expect(await state()).toMatchObject({ connected: false, tokenHint: null, status: 'never', siteId: null });
    const res = await call(syncRoute, {
      path: '/api/integrations/dentally/sync',
      body: {},
      cookie: admin.cookie,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Dentally is not connected: save a token first.');
    expect(dentally.requests).toHaveLength(0);
  });
});

describe('a sync', () => {
  const now = Date.now();
  let referral: Awaited<ReturnType<typeof fixtureReferral>>;
  let leadEmail: string;
  const firstSync: typeof dentally.requests = [];

  beforeAll(async () => {
    referral = await fixtureReferral('pending');
    const lead = await db.lead.findUniqueOrThrow({ where: { id: referral.leadId } });
    leadEmail = lead.email!;
    // 20 patients; patient 1 is the referred friend (by email). 250 appointments over three pages: 230
    // completed, 10 pending, 10 cancelled (left out by the server); patient 1 has exactly one.
    for (let p = 1; p <= 20; p += 1) addPatient(p);
    addPatient(1, {
      first_name: lead.firstName,
      last_name: lead.lastName,
      email_address: lead.email,
      mobile_phone: '07700 900001',
    });
    addAppointment(1, 'Completed', now - 5 * DAY, now - 5 * DAY + 3600_000);
    for (let i = 0; i < 249; i += 1) {
      const stateName = i < 229 ? 'Completed' : i < 239 ? 'Pending' : 'Cancelled';
      addAppointment(2 + (i % 19), stateName, now - (10 + (i % 60)) * DAY, now - (6 + (i % 30)) * DAY);
    }
  });

  it('saves the token encrypted, answers only its last four characters, and syncs', async () => {
    const res = await save({ token: dentally.token, siteId: 'site-a' });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(dentally.token);
    expect(res.body).toMatchObject({ connected: true, siteId: 'site-a', tokenHint: '0001' });
    await requestedDentallySyncSettled();
    firstSync.push(...dentally.requests);
    const settings = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.dentallyTokenEncrypted).not.toContain(dentally.token);
    expect(decrypt(settings.dentallyTokenEncrypted!, encryptionKey())).toBe(dentally.token);
    expect(JSON.stringify(await state())).not.toContain(dentally.token);
  });

  it('read every page (per_page 100), each patient once, and proposed the friend', async () => {
    // The sync the save started.
    const after = await state();
    expect(after).toMatchObject({
      status: 'ok',
      lastError: null,
      lastRead: 230,
      lastNew: 230,
      lastMatched: 1,
      lastProposed: 1,
      retryAfter: null,
    });
    const pages = firstSync.filter((r) => r.path === '/v1/appointments');
    expect(pages.map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
    expect(pages.every((r) => r.query.get('per_page') === '100' && r.query.get('site_id') === 'site-a')).toBe(
      true,
    );
    expect(pages[0]!.query.get('updated_after')).toBeNull();
    expect(firstSync.filter((r) => r.path.startsWith('/v1/patients/'))).toHaveLength(20);
    expect(firstSync.every((r) => r.auth === `Bearer ${dentally.token}`)).toBe(true);
    expect(firstSync.every((r) => r.userAgent === DENTALLY_USER_AGENT)).toBe(true);

    const stored = await db.practiceRecord.findFirstOrThrow({
      where: { source: 'dentally', email: leadEmail },
    });
    expect(stored).toMatchObject({
      firstName: expect.any(String),
      phone: '+447700900001',
      kind: 'first_visit',
    });
    expect(stored.externalEventId).toMatch(/^appointment:\d+$/);
    const match = await db.practiceMatch.findFirstOrThrow({ where: { referralId: referral.id } });
    expect(match).toMatchObject({ status: 'proposed', confidence: 'high' });
    expect(await db.practiceRecord.count({ where: { source: 'dentally' } })).toBe(230);

    const row = await db.dentallySync.findUniqueOrThrow({ where: { id: 1 } });
    const newest = Math.max(...dentally.appointments.map((a) => new Date(a.updated_at).getTime()));
    expect(row.cursor?.getTime()).toBe(newest);
  });

  it('the next sync asks for what changed since the cursor and reads only the newer appointments', async () => {
    const cursor = (await db.dentallySync.findUniqueOrThrow({ where: { id: 1 } })).cursor!;
    addPatient(30);
    addAppointment(30, 'Completed', now - 60_000 * 90, now - 60_000);
    addAppointment(3, 'Completed', now - 60_000 * 120, now - 60_000 * 2);
    addAppointment(4, 'Arrived', now - 60_000 * 30, now - 60_000 * 3);
    addAppointment(5, 'Completed', now - 60_000 * 60, now - 60_000 * 4, 'site-b');
    const outcome = await runDentallySync({ sleep: noWait });
    expect(outcome).toEqual({ ran: true, status: 'ok', read: 2, new: 2, matched: 0, proposed: 0 });
    const [request] = appointmentRequests();
    expect(request!.query.get('updated_after')).toBe(cursor.toISOString());
    expect(
      patientRequests()
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/v1/patients/3', '/v1/patients/30']);
    expect(await db.practiceRecord.count({ where: { source: 'dentally' } })).toBe(232);

    dentally.requests.length = 0;
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ ran: true, read: 0, new: 0 });
    expect(patientRequests()).toHaveLength(0);
  });

  it('reads an appointment marked Completed days after it took place (end-of-week paperwork)', async () => {
    addPatient(40);
    // Ten days ago, completed a minute ago: after the cursor, long before the cursor's own day.
    addAppointment(40, 'Completed', Date.now() - 10 * 86_400_000, Date.now() - 60_000);
    dentally.requests.length = 0;
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ ran: true, read: 1, new: 1 });
    expect(patientRequests().map((r) => r.path)).toEqual(['/v1/patients/40']);
    expect(
      await db.practiceRecord.count({ where: { source: 'dentally', email: 'patient40@dentally.example' } }),
    ).toBe(1);
  });

  it('waits a short 429 as told, in-process, and goes on', async () => {
    addPatient(31);
    addAppointment(31, 'Completed', now - 60_000 * 10, Date.now() - 1000);
    dentally.script.push({
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error: { message: 'Too many' } },
    });
    const outcome = await runDentallySync({ sleep: noWait });
    expect(outcome).toMatchObject({ ran: true, status: 'ok', read: 1, new: 1 });
    expect(noWait).toHaveBeenCalledTimes(1);
    expect(noWait.mock.calls[0]![0]).toBeGreaterThan(1000);
    expect(noWait.mock.calls[0]![0]).toBeLessThanOrEqual(2000);
    expect(appointmentRequests()).toHaveLength(2);
  });

  it('records a long 429 and runs no sync before it, "Sync now" included', async () => {
    dentally.script.push({ status: 429, headers: { 'retry-after': '900' } });
    const before = Date.now();
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ ran: true, status: 'rate_limited' });
    expect(noWait).not.toHaveBeenCalled();
    const s = await state();
    expect(s.status).toBe('rate_limited');
    const retryAfter = new Date(s.retryAfter!).getTime();
    expect(retryAfter).toBeGreaterThanOrEqual(before + 899_000);
    expect(retryAfter).toBeLessThanOrEqual(Date.now() + 900_000);
    expect(s.lastError).toMatch(/^Dentally asked us to wait until \d{2}:\d{2}\.$/);

    dentally.requests.length = 0;
    expect(await runDentallySync({ sleep: noWait })).toEqual({ ran: false, reason: 'rate_limited' });
    const res = await call(syncRoute, {
      path: '/api/integrations/dentally/sync',
      body: {},
      cookie: admin.cookie,
    });
    expect(res.status).toBe(202);
    await requestedDentallySyncSettled();
    expect(dentally.requests).toHaveLength(0);
    expect((await state()).status).toBe('rate_limited');
  });

  it("takes Dentally's 403 'Rate limit exceeded' as a rate limit until X-RateLimit-Reset", async () => {
    await db.dentallySync.update({ where: { id: 1 }, data: { retryAfter: new Date(Date.now() - 1000) } });
    const reset = Math.floor(Date.now() / 1000) + 3600;
    dentally.script.push({
      status: 403,
      headers: { 'x-ratelimit-limit': '3600', 'x-ratelimit-reset': String(reset) },
      body: { error: { type: 'invalid_access_error', message: 'Rate limit exceeded' } },
    });
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ ran: true, status: 'rate_limited' });
    const row = await db.dentallySync.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.retryAfter?.getTime()).toBe(reset * 1000);
    await db.dentallySync.update({ where: { id: 1 }, data: { retryAfter: new Date(Date.now() - 1000) } });
  });

  it('a rejected token stops every sync until a new token is saved', async () => {
    dentally.token = 'dentally-token-0002';
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ ran: true, status: 'token_rejected' });
    expect(await state()).toMatchObject({ status: 'token_rejected', lastError: TOKEN_REJECTED_TEXT });
    expect(TOKEN_REJECTED_TEXT).toBe('Dentally refused the token. Save a new one to start again.');

    dentally.requests.length = 0;
    expect(await runDentallySync({ sleep: noWait })).toEqual({ ran: false, reason: 'token_rejected' });
    const res = await call(syncRoute, {
      path: '/api/integrations/dentally/sync',
      body: {},
      cookie: admin.cookie,
    });
    expect(res.status).toBe(202);
    await requestedDentallySyncSettled();
    expect(dentally.requests).toHaveLength(0);

    // A 403 that is not the rate limit is a refusal too.
    await db.dentallySync.update({ where: { id: 1 }, data: { status: 'ok' } });
    dentally.script.push({
      status: 403,
      body: { error: { type: 'invalid_access_error', message: 'Missing scope' } },
    });
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ status: 'token_rejected' });

    const saved = await save({ token: dentally.token, siteId: 'site-a' });
    expect(saved.body).toMatchObject({ tokenHint: '0002' });
    await requestedDentallySyncSettled();
    expect(await state()).toMatchObject({ status: 'ok', lastError: null });
  });

  it('a server failure is recorded in words and the next sync tries again from the same cursor', async () => {
    const cursor = (await db.dentallySync.findUniqueOrThrow({ where: { id: 1 } })).cursor;
    dentally.script.push({ status: 502, body: 'Bad gateway' });
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ ran: true, status: 'failed' });
    const s = await state();
    expect(s.lastError).toBe('Dentally failed to answer (HTTP 502). The next sync tries again.');
    expect((await db.dentallySync.findUniqueOrThrow({ where: { id: 1 } })).cursor).toEqual(cursor);
    expect(await runDentallySync({ sleep: noWait })).toMatchObject({ ran: true, status: 'ok' });
  });

  it('two syncs at once: one runs, the other finds it running', async () => {
    dentally.delayMs = 500;
    const outcomes = await Promise.all([
      runDentallySync({ sleep: noWait }),
      runDentallySync({ sleep: noWait }),
    ]);
    dentally.delayMs = 0;
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ran)).toEqual([{ ran: false, reason: 'running' }]);
  });

  it('disconnecting clears the token and site; the records taken stay', async () => {
    const res = await call(deleteRoute, {
      method: 'DELETE',
      path: '/api/integrations/dentally',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ connected: false, siteId: null, tokenHint: null });
    const settings = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.dentallyTokenEncrypted).toBeNull();
    expect(await db.practiceRecord.count({ where: { source: 'dentally' } })).toBeGreaterThanOrEqual(233);
    expect(await runDentallySync({ sleep: noWait })).toEqual({ ran: false, reason: 'not_connected' });
    const sync = await call(syncRoute, {
      path: '/api/integrations/dentally/sync',
      body: {},
      cookie: admin.cookie,
    });
    expect(sync.status).toBe(409);
  });
});
