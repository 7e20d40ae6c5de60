/**
 * The paged lists (issue 7): GET /api/clients, /api/referrals, /api/leads and /api/payments/outstanding answer
 * an array a page at a time (limit, cursor) with X-Total-Count and X-Next-Cursor, search on the server (q),
 * and the counts the database keeps (referralCount, the number of clients) stay right through every change.
 */
import { GET as getClientRoute, DELETE as deleteClientRoute } from '@/app/api/clients/[id]/route';
import { GET as leaderboardRoute } from '@/app/api/clients/leaderboard/route';
import { GET as clientsRoute } from '@/app/api/clients/route';
import { GET as leadsRoute, POST as postLead } from '@/app/api/leads/route';
import { GET as auditRoute } from '@/app/api/payments/audit/route';
import { GET as outstandingRoute } from '@/app/api/payments/outstanding/route';
import { DELETE as deleteReferralRoute } from '@/app/api/referrals/[id]/route';
import { GET as referralsRoute } from '@/app/api/referrals/route';
import { db } from '@/lib/db';
import { clientCount } from '@/lib/services/clients';
import { CURSOR_TEXT, LIMIT_TEXT, SEARCH_TEXT } from '@/lib/validation/paging';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type TestStaff } from '../support/http';
import { seedBulk } from '../support/seed';

setUpTestDatabase();

const CLIENTS = 250;
let staff: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
  await seedBulk({ clients: CLIENTS, referralsPerClient: 2, tag: 'pg' });
});

type Row = { id: string; createdAt: string };
const get = (handler: Parameters<typeof call>[0], path: string, cookie = staff.cookie) =>
  call(handler, { path, cookie });

/** Every page of a list, following X-Next-Cursor. */
async function walk(handler: Parameters<typeof call>[0], path: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get(handler, `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    rows.push(...res.body);
    cursor = res.headers.get('X-Next-Cursor');
    if (!cursor) return rows;
  }
  throw new Error('more than 100 pages');
}

const newestFirst = (rows: Row[]) =>
  rows.every(
    (r, i) =>
      i === 0 ||
      rows[i - 1]!.createdAt > r.createdAt ||
      (rows[i - 1]!.createdAt === r.createdAt && rows[i - 1]!.id > r.id),
  );

describe('GET /api/clients (paged)', () => {
  it('answers 401 signed out', async () => {
    expect((await get(clientsRoute, '/api/clients', '')).status).toBe(401);
  });

  it.each([
    ['limit=0', LIMIT_TEXT],
    ['limit=501', LIMIT_TEXT],
    ['limit=abc', LIMIT_TEXT],
    ['limit=2.5', LIMIT_TEXT],
    ['limit=-1', LIMIT_TEXT],
    ['cursor=not-a-cursor', CURSOR_TEXT],
    [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`, CURSOR_TEXT],
    [`q=${'a'.repeat(101)}`, SEARCH_TEXT],
    ['referrals=maybe', 'referrals must be true or false'],
  ])('answers 400 for ?%s with a clear message', async (query, message) => {
    const res = await get(clientsRoute, `/api/clients?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('gives 100 newest-first clients by default, the total, and a cursor to the next page', async () => {
    const res = await get(clientsRoute, '/api/clients');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(100);
    expect(res.headers.get('X-Total-Count')).toBe(String(CLIENTS));
    expect(res.headers.get('X-Next-Cursor')).toBeTruthy();
    expect(newestFirst(res.body)).toBe(true);
    expect(res.body[0].firstName).toBe('Client1');
    // Each client comes with its referrals unless asked otherwise; the count is the database's own.
    expect(Array.isArray(res.body[0].referrals)).toBe(true);
    for (const c of res.body) expect(c.referralCount).toBe(c.referrals.length);
  });

  it('walks every client exactly once, a page at a time, up to 500 a page', async () => {
    const rows = await walk(clientsRoute, '/api/clients?referrals=false', 60);
    expect(rows).toHaveLength(CLIENTS);
    expect(new Set(rows.map((r) => r.id)).size).toBe(CLIENTS);
    expect(newestFirst(rows)).toBe(true);
    const big = await get(clientsRoute, '/api/clients?limit=500&referrals=false');
    expect(big.body).toHaveLength(CLIENTS);
    expect(big.headers.get('X-Next-Cursor')).toBeNull();
  });

  it('keeps its pages stable while clients are added: no row twice, none skipped', async () => {
    const first = await get(clientsRoute, '/api/clients?limit=40&referrals=false');
    const cursor = first.headers.get('X-Next-Cursor')!;
    const before = await get(clientsRoute, `/api/clients?limit=40&referrals=false&cursor=${cursor}`);

    await db.client.createMany({
      data: Array.from({ length: 5 }, (_, i) => ({
        firstName: 'Added',
        lastName: `Meanwhile${i}`,
        email: `added${i}.meanwhile@seed.test`,
        cardNumber: `SC-ADDE-D${i}AA-AAAA`,
        inviteToken: `added-meanwhile-${i}`,
      })),
    });
    try {
      const after = await get(clientsRoute, `/api/clients?limit=40&referrals=false&cursor=${cursor}`);
      expect(after.body.map((c: Row) => c.id)).toEqual(before.body.map((c: Row) => c.id));
      expect(after.headers.get('X-Total-Count')).toBe(String(CLIENTS + 5));
      const top = await get(clientsRoute, '/api/clients?limit=5&referrals=false');
      expect(top.body.map((c: { firstName: string }) => c.firstName)).toEqual(Array(5).fill('Added'));
    } finally {
      await db.client.deleteMany({ where: { firstName: 'Added' } });
    }
    expect(await clientCount()).toBe(CLIENTS);
  });

  it('leaves out the referrals with referrals=false, keeping the count', async () => {
    const res = await get(clientsRoute, '/api/clients?limit=10&referrals=false');
    expect(res.body[0]).not.toHaveProperty('referrals');
    expect(res.body.some((c: { referralCount: number }) => c.referralCount > 0)).toBe(true);
  });

  it.each([
    // Three characters or more match anywhere: Client17 and Client170 to Client179, newest first.
    ['client17 ', ['Client17', ...Array.from({ length: 10 }, (_, i) => `Client17${i}`)], 11],
    ['CLIENT17', ['Client17', ...Array.from({ length: 10 }, (_, i) => `Client17${i}`)], 11],
    // Every word must match a field: the first name, then the start of the surname (Smithpg).
    ['client27 sm', ['Client27'], 1],
    ['client27 jo', [], 0],
    ['client17.pg@seed', ['Client17'], 1],
    // A short word also matches at the start of a later word: the affiliate company 'Practice 49'.
    ['practice 49', ['Client49'], 1],
    ['no-such-client', [], 0],
    // LIKE's wildcards are matched as text, not as wildcards.
    ['%', [], 0],
    ['client_7', [], 0],
  ])('searches name, email, card number and company: %p', async (q, names, total) => {
    const res = await get(clientsRoute, `/api/clients?referrals=false&q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe(String(total));
    if (names) expect(res.body.map((c: { firstName: string }) => c.firstName)).toEqual(names);
    expect(res.body).toHaveLength(total);
  });

  it('finds a client by any part of the card number', async () => {
    const [client] = await db.client.findMany({
      where: { firstName: 'Client42' },
      select: { cardNumber: true },
    });
    const part = client!.cardNumber.slice(3, 12).toLowerCase(); // e.g. 'abcd-efgh'
    const res = await get(clientsRoute, `/api/clients?q=${part}&referrals=false`);
    expect(res.body.map((c: { firstName: string }) => c.firstName)).toContain('Client42');
  });

  it('pages a search too, with the total of matches', async () => {
    const rows = await walk(clientsRoute, '/api/clients?referrals=false&q=smithpg', 7);
    const expected = await db.client.count({ where: { lastName: 'Smithpg' } });
    expect(expected).toBeGreaterThan(20);
    expect(rows).toHaveLength(expected);
    expect(newestFirst(rows)).toBe(true);
  });
});

describe('GET /api/clients/{id}', () => {
  it('answers 401 signed out, 404 for an unknown or malformed id, and the client otherwise', async () => {
    const client = await db.client.findFirstOrThrow({ where: { firstName: 'Client3' } });
    const path = `/api/clients/${client.id}`;
    expect((await call(getClientRoute, { path, params: { id: client.id } })).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await call(getClientRoute, {
        path: `/api/clients/${id}`,
        params: { id },
        cookie: staff.cookie,
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('That client does not exist.');
    }
    const res = await call(getClientRoute, {
      path: `${path}?referrals=false`,
      params: { id: client.id },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: client.id, firstName: 'Client3', referralCount: 3 });
    expect(res.body).not.toHaveProperty('referrals');
    expect(res.body).not.toHaveProperty('sortCode'); // bank details for full admins only
  });
});

describe('GET /api/clients/leaderboard and the counts the database keeps', () => {
  it('answers 401 signed out', async () => {
    expect((await get(leaderboardRoute, '/api/clients/leaderboard', '')).status).toBe(401);
  });

  it('ranks by referral count, an earlier-registered client first on a tie, ten at most', async () => {
    const res = await get(leaderboardRoute, '/api/clients/leaderboard');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    const counts = res.body.map((c: { referralCount: number }) => c.referralCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(4); // client n has n % 5 referrals
    for (let i = 1; i < res.body.length; i++) {
      if (counts[i] === counts[i - 1]) expect(res.body[i].createdAt >= res.body[i - 1].createdAt).toBe(true);
    }
    const [truth] = await db.$queryRaw<{ n: number }[]>`
      SELECT max(cnt)::int AS n FROM (SELECT count(*) AS cnt FROM referrals GROUP BY "referrerId") t`;
    expect(counts[0]).toBe(truth!.n);
  });

  it('keeps referralCount and the client total right through a new lead, a deleted referral and a deleted client', async () => {
    const client = await db.client.findFirstOrThrow({ where: { firstName: 'Client5' } });
    const countOf = async () =>
      (await db.client.findUniqueOrThrow({ where: { id: client.id } })).referralCount;
    expect(await countOf()).toBe(0);

    const lead = await call(postLead, {
      body: {
        firstName: 'Counted',
        lastName: 'Lead',
        email: 'counted.lead@seed.test',
        phone: '+447700900555',
        treatmentInterest: 'improve-my-smile',
        referrerId: client.cardNumber,
      },
      ip: '10.77.0.1',
    });
    expect(lead.status).toBe(201);
    expect(await countOf()).toBe(1);

    const del = await call(deleteReferralRoute, {
      method: 'DELETE',
      path: `/api/referrals/${lead.body.referralId}`,
      params: { id: lead.body.referralId },
      cookie: admin.cookie,
    });
    expect(del.status).toBe(204);
    expect(await countOf()).toBe(0);

    const before = await clientCount();
    const gone = await call(deleteClientRoute, {
      method: 'DELETE',
      path: `/api/clients/${client.id}`,
      params: { id: client.id },
      cookie: admin.cookie,
    });
    expect(gone.status).toBe(204);
    expect(await clientCount()).toBe(before - 1);
    const res = await get(clientsRoute, '/api/clients?limit=1&referrals=false');
    expect(res.headers.get('X-Total-Count')).toBe(String(before - 1));
  });
});

describe('GET /api/referrals (paged)', () => {
  it('answers 401 signed out, 400 for a bad clientId or limit, 404 for an unknown client', async () => {
    expect((await get(referralsRoute, '/api/referrals', '')).status).toBe(401);
    const bad = await get(referralsRoute, '/api/referrals?clientId=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('clientId must be a client id');
    expect((await get(referralsRoute, '/api/referrals?limit=0')).body.message).toBe(LIMIT_TEXT);
    const unknown = await get(referralsRoute, '/api/referrals?clientId=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('That client does not exist.');
  });

  it("pages one client's referrals, newest first, with the referrer's name", async () => {
    const client = await db.client.findFirstOrThrow({ where: { firstName: 'Client4' } });
    const first = await get(referralsRoute, `/api/referrals?clientId=${client.id}&limit=3`);
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Total-Count')).toBe('4');
    expect(first.body).toHaveLength(3);
    expect(first.body[0]).toMatchObject({
      referrerId: client.id,
      referrerName: `Client4 ${client.lastName}`,
    });
    const rest = await get(
      referralsRoute,
      `/api/referrals?clientId=${client.id}&limit=3&cursor=${first.headers.get('X-Next-Cursor')}`,
    );
    expect(rest.body).toHaveLength(1);
    expect(rest.headers.get('X-Next-Cursor')).toBeNull();
    expect(newestFirst([...first.body, ...rest.body])).toBe(true);
  });

  it('walks every referral once', async () => {
    const rows = await walk(referralsRoute, '/api/referrals', 200);
    expect(rows).toHaveLength(await db.referral.count());
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(newestFirst(rows)).toBe(true);
  });

  it.each([
    // A phone number in its national form finds the stored +44 number.
    ['07700900014 03', 'Lead14x3'],
    ['+44 7700 9000 1403', 'Lead14x3'],
    ['lead14x3 seedpg', 'Lead14x3'],
    ['lead14x3.pg@seed', 'Lead14x3'],
  ])('searches the lead: %p', async (q, firstName) => {
    const res = await get(referralsRoute, `/api/referrals?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual([`${firstName} Seedpg`]);
    expect(res.headers.get('X-Total-Count')).toBe('1');
  });

  it("searches within one client's referrals", async () => {
    const client = await db.client.findFirstOrThrow({ where: { firstName: 'Client14' } });
    const res = await get(referralsRoute, `/api/referrals?clientId=${client.id}&q=lead14x`);
    expect(res.body).toHaveLength(4);
    const other = await get(referralsRoute, `/api/referrals?clientId=${client.id}&q=lead13x`);
    expect(other.body).toHaveLength(0);
  });
});

describe('GET /api/leads (paged)', () => {
  it('answers 401 signed out and 400 for a bad limit', async () => {
    expect((await get(leadsRoute, '/api/leads', '')).status).toBe(401);
    expect((await get(leadsRoute, '/api/leads?limit=1000')).status).toBe(400);
  });

  it('pages every lead once, newest first, with the total, and searches', async () => {
    const rows = await walk(leadsRoute, '/api/leads', 150);
    expect(rows).toHaveLength(await db.lead.count());
    expect(newestFirst(rows)).toBe(true);
    const found = await get(leadsRoute, '/api/leads?q=lead7x2');
    expect(found.body.map((l: { firstName: string }) => l.firstName)).toEqual(['Lead7x2']);
  });
});

describe('GET /api/payments/outstanding (paged)', () => {
  it('answers 401, 403 for other staff, 400 for a bad limit', async () => {
    expect((await get(outstandingRoute, '/api/payments/outstanding', '')).status).toBe(401);
    expect((await get(outstandingRoute, '/api/payments/outstanding')).status).toBe(403);
    const bad = await get(outstandingRoute, '/api/payments/outstanding?limit=0', admin.cookie);
    expect(bad.status).toBe(400);
  });

  it('pages the unpaid conversions, oldest first, with the total', async () => {
    const expected = await db.referral.count({ where: { status: 'payment_due', rewardPaid: false } });
    expect(expected).toBeGreaterThan(10);
    const rows: { referralId: string; convertedAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        outstandingRoute,
        `/api/payments/outstanding?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
        admin.cookie,
      );
      expect(res.headers.get('X-Total-Count')).toBe(String(expected));
      expect(res.headers.get('X-Total-Amount')).toBe(String(expected * 200)); // £200 each, summed by the server
      rows.push(...res.body);
      cursor = res.headers.get('X-Next-Cursor');
    } while (cursor);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => r.referralId)).size).toBe(expected);
    const times = rows.map((r) => r.convertedAt);
    expect([...times].sort()).toEqual(times);
  });
});

describe('a crafted cursor on any paged list (issue 14 point 10)', () => {
  const ID = '0199a3b2-0000-7000-8000-000000000001';
  const cursorAt = (time: string) => Buffer.from(JSON.stringify([time, ID])).toString('base64url');
  const AUDIT_TEXT = 'cursor is not valid: pass back the nextCursor of the previous page';
  const lists: [string, Parameters<typeof call>[0], string, 'staff' | 'admin'][] = [
    ['/api/clients', clientsRoute, CURSOR_TEXT, 'staff'],
    ['/api/referrals', referralsRoute, CURSOR_TEXT, 'staff'],
    ['/api/leads', leadsRoute, CURSOR_TEXT, 'staff'],
    ['/api/payments/outstanding', outstandingRoute, CURSOR_TEXT, 'admin'],
    ['/api/payments/audit', auditRoute, AUDIT_TEXT, 'admin'],
  ];
  // Valid JavaScript dates that PostgreSQL's timestamptz cannot hold (or no row can have).
  const times = [
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '0001-01-01T00:00:00.000Z',
  ];

  it.each(lists)('%s answers 400 with its message, never 500', async (path, handler, message, who) => {
    const cookie = who === 'admin' ? admin.cookie : staff.cookie;
    const answers = [];
    for (const time of times) {
      const res = await get(handler, `${path}?cursor=${cursorAt(time)}`, cookie);
      answers.push({ time, status: res.status, message: res.body?.message });
    }
    expect(answers).toEqual(times.map((time) => ({ time, status: 400, message })));
    // A cursor at a time a row could have still pages.
    expect(
      (await get(handler, `${path}?cursor=${cursorAt('2026-01-01T00:00:00.000Z')}`, cookie)).status,
    ).toBe(200);
  });
});

describe('the search indexes', () => {
  it("keep a pending list of new entries only on the clients' index, capped at 1 MB, so an import merges them a list at a time and a search reads through little besides the index", async () => {
    const rows = await db.$queryRaw<{ relname: string; reloptions: string[] | null }[]>`
      SELECT relname, reloptions FROM pg_class
      WHERE relname IN ('clients_search_trgm_idx', 'leads_search_trgm_idx') ORDER BY relname`;
    expect(rows.map((r) => ({ ...r, reloptions: [...(r.reloptions ?? [])].sort() }))).toEqual([
      { relname: 'clients_search_trgm_idx', reloptions: ['fastupdate=on', 'gin_pending_list_limit=1024'] },
      { relname: 'leads_search_trgm_idx', reloptions: ['fastupdate=off'] },
    ]);
  });
});
