/**
 * The clients table (issue 15): GET /api/clients sorted (sort, dir) and filtered (owed, bacsMissing,
 * noReferrals, affiliate) on the server, paged by keyset cursor in every order, with the owed amount on each
 * row; bad parameters are 400s that name them.
 */
import { GET as clientsRoute } from '@/app/api/clients/route';
import { db } from '@/lib/db';
import { CLIENT_SORT_TEXT, CURSOR_TEXT, SORT_DIR_TEXT } from '@/lib/validation/paging';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();

type Row = {
  id: string;
  firstName: string;
  lastName: string;
  cardNumber: string;
  referralCount: number;
  owedAmount: number;
  createdAt: string;
  hasBankDetails: boolean;
  affiliateCompany: string | null;
};

let staff: TestStaff;
const names = ['Zoe Adams', 'amy Baker', 'Carl Adams', 'Dina Evans', 'Eve Clark', 'Finn Baker'];
const byName: Record<string, string> = {};

beforeAll(async () => {
  staff = await makeStaff();
  for (const [i, full] of names.entries()) {
    const [firstName, lastName] = full.split(' ') as [string, string];
    const client = await fixtureClient({
      firstName,
      lastName,
      affiliateCompany: i % 2 === 0 ? 'Smile Partners' : null,
    });
    byName[full] = client.id;
  }
  // Owed: Zoe £200 + £50, Carl £100 (and one paid), Dina pending only; Eve and Finn none; amy paid only.
  await fixtureReferral('due', { client: { id: byName['Zoe Adams']! }, rewardPence: 20_000 });
  await fixtureReferral('due', { client: { id: byName['Zoe Adams']! }, rewardPence: 5_000 });
  await fixtureReferral('due', { client: { id: byName['Carl Adams']! }, rewardPence: 10_000 });
  await fixtureReferral('paid', { client: { id: byName['Carl Adams']! } });
  await fixtureReferral('pending', { client: { id: byName['Dina Evans']! } });
  await fixtureReferral('paid', { client: { id: byName['amy Baker']! } });
  // Bank details for Zoe and Eve (any ciphertext: the filter looks at presence only).
  await db.client.updateMany({
    where: { id: { in: [byName['Zoe Adams']!, byName['Eve Clark']!] } },
    data: { sortCodeEnc: 'x', accountNumberEnc: 'y' },
  });
});

const get = (query: string, cookie = staff.cookie) =>
  call(clientsRoute, { path: `/api/clients?referrals=false&${query}`, cookie });

const fullName = (r: Row) => `${r.firstName} ${r.lastName}`;

async function walk(query: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const res = await get(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    rows.push(...(res.body as Row[]));
    cursor = res.headers.get('X-Next-Cursor');
    if (!cursor) return rows;
  }
  throw new Error('more than 20 pages');
}

describe('GET /api/clients: sorting', () => {
  it('by name, A to Z by last name then first name (any case), across pages', async () => {
    const rows = await walk('sort=name', 2);
    expect(rows.map(fullName)).toEqual([
      'Carl Adams',
      'Zoe Adams',
      'amy Baker',
      'Finn Baker',
      'Eve Clark',
      'Dina Evans',
    ]);
  });

  it('by name, Z to A', async () => {
    const rows = await walk('sort=name&dir=desc', 4);
    expect(rows.map(fullName)).toEqual([
      'Dina Evans',
      'Eve Clark',
      'Finn Baker',
      'amy Baker',
      'Zoe Adams',
      'Carl Adams',
    ]);
  });

  it('by referrals, most first, then by owed, most first', async () => {
    const byReferrals = await walk('sort=referrals', 2);
    const counts = byReferrals.map((r) => r.referralCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(byReferrals.slice(0, 2).map(fullName).sort()).toEqual(['Carl Adams', 'Zoe Adams']);

    const byOwed = await walk('sort=owed', 1);
    expect(byOwed.map((r) => r.owedAmount).slice(0, 3)).toEqual([250, 100, 0]);
    expect(byOwed).toHaveLength(6);
  });

  it('by card number both ways, and oldest first', async () => {
    const asc = await walk('sort=cardNumber', 4);
    const cards = asc.map((r) => r.cardNumber);
    expect(cards).toEqual([...cards].sort());
    const desc = await walk('sort=cardNumber&dir=desc', 5);
    expect(desc.map((r) => r.cardNumber)).toEqual([...cards].reverse());
    const oldest = await walk('sort=created&dir=asc', 4);
    expect(oldest.map(fullName)).toEqual(names);
  });
});

describe('GET /api/clients: filters', () => {
  it('owed: only clients with rewards owed now, each with the amount', async () => {
    const res = await get('owed=true');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    const rows = res.body as Row[];
    expect(Object.fromEntries(rows.map((r) => [fullName(r), r.owedAmount]))).toEqual({
      'Zoe Adams': 250,
      'Carl Adams': 100,
    });
  });

  it('bacsMissing, noReferrals and affiliate, alone and together, and with a search', async () => {
    const names = async (q: string) => ((await get(q)).body as Row[]).map(fullName).sort();
    expect(await names('bacsMissing=true')).toEqual(['Carl Adams', 'Dina Evans', 'Finn Baker', 'amy Baker']);
    expect(await names('noReferrals=true')).toEqual(['Eve Clark', 'Finn Baker']);
    expect(await names('affiliate=true')).toEqual(['Carl Adams', 'Eve Clark', 'Zoe Adams']);
    expect(await names('affiliate=true&bacsMissing=true')).toEqual(['Carl Adams']);
    expect(await names('noReferrals=true&bacsMissing=true')).toEqual(['Finn Baker']);
    expect(await names('owed=false&affiliate=false')).toHaveLength(6);
    const res = await get('affiliate=true&q=adams');
    expect(res.headers.get('X-Total-Count')).toBe('2');
  });

  it('counts the filtered matches across pages', async () => {
    const res = await get('bacsMissing=true&limit=1');
    expect(res.headers.get('X-Total-Count')).toBe('4');
    expect(res.headers.get('X-Next-Cursor')).toBeTruthy();
    expect(await walk('bacsMissing=true&sort=name', 1)).toHaveLength(4);
  });
});

describe('GET /api/clients: bad parameters', () => {
  it.each([
    ['sort=surname', CLIENT_SORT_TEXT],
    ['dir=up', SORT_DIR_TEXT],
    ['owed=yes', 'owed must be true or false'],
    ['bacsMissing=1', 'bacsMissing must be true or false'],
    ['noReferrals=maybe', 'noReferrals must be true or false'],
    ['affiliate=on', 'affiliate must be true or false'],
  ])('%s is a 400 naming it', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('a cursor of one order used with another is refused', async () => {
    const byName = await get('sort=name&limit=1');
    const cursor = byName.headers.get('X-Next-Cursor')!;
    for (const other of ['sort=referrals', 'sort=created', '']) {
      const res = await get(`${other}&cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(CURSOR_TEXT);
    }
    const newest = (await get('limit=1')).headers.get('X-Next-Cursor')!;
    expect((await get(`sort=name&cursor=${newest}`)).status).toBe(400);
  });

  it('signed out is a 401', async () => {
    const res = await call(clientsRoute, { path: '/api/clients?sort=name' });
    expect(res.status).toBe(401);
  });
});
