/**
 * Issue 34: the integration API and its keys. Full admins make named keys (answered once, stored as SHA-256
 * only), list them (never the key) and revoke them; POST /api/integrations/practice-events takes practice
 * records with `Authorization: Bearer <key>`: 1 to 500 per call (more, or a body over 1 MB, is 413), each bad
 * record answered with its reasons while the rest are taken, idempotent on (source, externalEventId), 60 calls
 * a minute per key. A staff session is no key there.
 */
import { createHash } from 'node:crypto';
import { DELETE as revokeRoute } from '@/app/api/admin/api-keys/[id]/route';
import { GET as listRoute, POST as createRoute } from '@/app/api/admin/api-keys/route';
import { POST as eventsRoute } from '@/app/api/integrations/practice-events/route';
import { db } from '@/lib/db';
import { API_KEY_NEEDED_TEXT } from '@/lib/services/api-keys';
import { API_KEY_CALLS_PER_MINUTE } from '@/lib/validation/api-keys';
import { RECORD_KIND_TEXT, RECORD_NAME_TEXT, RECORD_FUTURE_TEXT } from '@/lib/validation/practice-records';
import { makeApiKey, practiceEvent } from '../support/api-keys';
import { setUpTestDatabase } from '../support/db';
import { fixtureReferral, UNKNOWN_ID } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import { snapshot, snapshotChanges } from '../support/row-counts';

setUpTestDatabase();
jest.setTimeout(120_000);

const PATH = '/api/integrations/practice-events';
let admin: TestStaff;

beforeAll(async () => {
  admin = await makeStaff({ isFullAdmin: true });
});

const send = (headers: Record<string, string> | undefined, body: unknown) =>
  call(eventsRoute, { method: 'POST', path: PATH, headers, body });

const createKey = (name: string) =>
  call(createRoute, { method: 'POST', path: '/api/admin/api-keys', body: { name }, cookie: admin.cookie });

describe('API keys', () => {
  it('are shown once on creation and stored only as their SHA-256', async () => {
    const res = await createKey('  Zapier  ');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Zapier',
      key: expect.stringMatching(/^rk_[A-Za-z0-9_-]{43}$/),
      prefix: res.body.key.slice(0, 11),
      createdAt: expect.any(String),
    });
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.keyHash).toBe(createHash('sha256').update(res.body.key).digest('base64url'));
    expect(row.createdBy).toBe(admin.email);
    // The key itself is nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    expect(Object.values(row)).not.toContain(res.body.key);
  });

  it('are listed newest first without the key or its hash', async () => {
    const first = (await createKey('Make')).body;
    const second = (await createKey('n8n')).body;
    const res = await call(listRoute, { path: '/api/admin/api-keys', cookie: admin.cookie });
    expect(res.status).toBe(200);
    const ids = res.body.map((k: { id: string }) => k.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const listed = res.body.find((k: { id: string }) => k.id === second.id);
    expect(listed).toEqual({
      id: second.id,
      name: 'n8n',
      prefix: second.prefix,
      createdBy: admin.email,
      createdAt: second.createdAt,
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(second.key);
    expect(text).not.toContain('keyHash');
  });

  it('refuses a blank or too long name', async () => {
    expect((await createKey('   ')).status).toBe(400);
    expect((await createKey('x'.repeat(81))).status).toBe(400);
    expect((await createKey('x'.repeat(80))).status).toBe(201);
  });

  it('are for full admins only', async () => {
    const staff = await makeStaff();
    const res = await call(createRoute, { body: { name: 'Mine' }, cookie: staff.cookie });
    expect(res.status).toBe(403);
  });

  it('work until revoked, then get 401; revoking twice keeps the first revocation; unknown is 404', async () => {
    const key = await makeApiKey();
    expect((await send(key.headers, { events: [practiceEvent()] })).status).toBe(202);
    const revoke = () =>
      call(revokeRoute, {
        method: 'DELETE',
        path: `/api/admin/api-keys/${key.id}`,
        params: { id: key.id },
        cookie: admin.cookie,
      });
    expect((await revoke()).status).toBe(204);
    const revoked = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked.revokedBy).toBe(admin.email);
    const refused = await send(key.headers, { events: [practiceEvent()] });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: API_KEY_NEEDED_TEXT });
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer\b/);

    expect((await revoke()).status).toBe(204);
    const again = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(again.revokedAt).toEqual(revoked.revokedAt);

    const unknown = await call(revokeRoute, {
      method: 'DELETE',
      path: `/api/admin/api-keys/${UNKNOWN_ID}`,
      params: { id: UNKNOWN_ID },
      cookie: admin.cookie,
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No API key has that id.' } });
  });

  it('record when they were last used, once a call is taken', async () => {
    const key = await makeApiKey();
    // A refused call (a bad body) is no use of the key.
    expect((await send(key.headers, { events: [] })).status).toBe(400);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await send(key.headers, { events: [practiceEvent()] })).status).toBe(202);
    const used = (await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    expect(used?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const listed = await call(listRoute, { cookie: admin.cookie });
    expect(listed.body.find((k: { id: string }) => k.id === key.id).lastUsedAt).toBe(used?.toISOString());
  });
});

describe('POST /api/integrations/practice-events: who may call it', () => {
  it('refuses no key, a wrong key and a malformed header with 401 and a Bearer challenge, changing nothing', async () => {
    const cases: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: `Bearer rk_${'A'.repeat(43)}` },
      { authorization: 'Bearer not-a-key' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
    ];
    for (const headers of cases) {
      const before = await snapshot();
      const res = await send(headers, { events: [practiceEvent()] });
      expect([headers, res.status, res.body]).toEqual([headers, 401, { message: API_KEY_NEEDED_TEXT }]);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(snapshotChanges(before, await snapshot())).toEqual([]);
    }
  });

  it('refuses a staff session (any, a full admin too): keys only', async () => {
    const staff = await makeStaff();
    for (const cookie of [staff.cookie, admin.cookie]) {
      const res = await call(eventsRoute, {
        method: 'POST',
        path: PATH,
        cookie,
        body: { events: [practiceEvent()] },
      });
      expect(res).toMatchObject({ status: 401, body: { message: API_KEY_NEEDED_TEXT } });
    }
  });

  it('takes a key from a server that sends another Origin (no cookie is involved)', async () => {
    const key = await makeApiKey();
    const res = await send(
      { ...key.headers, origin: 'https://hooks.zapier.example' },
      { events: [practiceEvent()] },
    );
    expect(res.status).toBe(202);
  });

  it('limits each key to 60 calls a minute (429 with Retry-After), other keys unaffected', async () => {
    const key = await makeApiKey();
    for (let i = 0; i < API_KEY_CALLS_PER_MINUTE; i += 1) {
      const res = await send(key.headers, { events: [practiceEvent()] });
      expect(res.status).toBe(202);
    }
    const limited = await send(key.headers, { events: [practiceEvent()] });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many calls with this API key/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await makeApiKey();
    expect((await send(other.headers, { events: [practiceEvent()] })).status).toBe(202);
  });
});

describe('POST /api/integrations/practice-events: what it takes', () => {
  let key: Awaited<ReturnType<typeof makeApiKey>>;
  beforeEach(async () => {
    key = await makeApiKey();
  });

  it('takes 1 to 500 events and answers 202 with the counts', async () => {
    const one = await send(key.headers, { events: [practiceEvent()] });
    expect(one.status).toBe(202);
    expect(one.body).toEqual({
      received: 1,
      new: 1,
      duplicates: 0,
      matched: 0,
      proposed: 0,
      confirmed: 0,
      rejected: [],
    });
    const many = await send(key.headers, { events: Array.from({ length: 500 }, () => practiceEvent()) });
    expect(many.status).toBe(202);
    expect(many.body).toMatchObject({ received: 500, new: 500, rejected: [] });
  });

  it('refuses 501 events with 413, taking none', async () => {
    const before = await snapshot();
    const res = await send(key.headers, { events: Array.from({ length: 501 }, () => practiceEvent()) });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/At most 500 events/);
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const padding = 'x'.repeat(1024 * 1024);
    const res = await send(key.headers, { events: [practiceEvent({ externalPatientId: padding })] });
    expect(res.status).toBe(413);
    // A body just under 1 MB is read.
    const near = await send(key.headers, {
      events: [practiceEvent({ externalPatientId: 'y'.repeat(1024 * 1024 - 500) })],
    });
    expect(near.status).toBe(202);
  });

  it('refuses malformed JSON, no events array, or none, with 400', async () => {
    const raw = await call(eventsRoute, {
      method: 'POST',
      path: PATH,
      headers: key.headers,
      rawBody: '{"events": [',
    });
    expect(raw.status).toBe(400);
    for (const body of [{}, { events: {} }, { events: 'x' }, { events: [] }, { events: null }]) {
      const res = await send(key.headers, body);
      expect([body, res.status, typeof res.body.message]).toEqual([body, 400, 'string']);
    }
  });

  it('lists each bad record with every reason and takes the rest', async () => {
    const good = practiceEvent();
    const res = await send(key.headers, {
      events: [
        good,
        practiceEvent({ externalEventId: 'bad-1', kind: 'checkup', firstName: '' }),
        practiceEvent({ externalEventId: 'bad-2', eventDate: '2999-01-01' }),
        'not a record',
        practiceEvent({ externalEventId: 'bad-3', eventDate: 'yesterday' }),
      ],
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ received: 1, new: 1 });
    expect(res.body.rejected).toEqual([
      {
        index: 1,
        externalEventId: 'bad-1',
        reasons: expect.arrayContaining([RECORD_KIND_TEXT, RECORD_NAME_TEXT]),
      },
      { index: 2, externalEventId: 'bad-2', reasons: [RECORD_FUTURE_TEXT] },
      { index: 3, reasons: ['A record must be an object'] },
      { index: 4, externalEventId: 'bad-3', reasons: [expect.stringMatching(/eventDate must be a date/)] },
    ]);
    const stored = await db.practiceRecord.findMany({
      where: {
        source: 'test-system',
        externalEventId: { in: [good.externalEventId as string, 'bad-1', 'bad-2', 'bad-3'] },
      },
    });
    expect(stored.map((r) => r.externalEventId)).toEqual([good.externalEventId]);
    expect(stored[0]!.via).toBe('api');
  });

  it('counts the same event once: new, then a duplicate', async () => {
    const event = practiceEvent();
    const first = await send(key.headers, { events: [event] });
    expect(first.body).toMatchObject({ received: 1, new: 1, duplicates: 0 });
    const second = await send(key.headers, { events: [event] });
    expect(second.body).toMatchObject({ received: 1, new: 0, duplicates: 1 });
    expect(
      await db.practiceRecord.count({
        where: { source: 'test-system', externalEventId: event.externalEventId as string },
      }),
    ).toBe(1);
  });

  it("proposes a match for a friend who started treatment (the friend's email)", async () => {
    const referral = await fixtureReferral('pending');
    const lead = await db.lead.findUniqueOrThrow({ where: { id: referral.leadId } });
    const res = await send(key.headers, {
      events: [practiceEvent({ firstName: lead.firstName, lastName: lead.lastName, email: lead.email })],
    });
    expect(res.body).toMatchObject({ received: 1, new: 1, matched: 1, proposed: 1 });
    const match = await db.practiceMatch.findFirstOrThrow({ where: { referralId: referral.id } });
    expect(match.confidence).toBe('high');
  });
});
