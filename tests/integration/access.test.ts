/**
 * Issue 14, access: links and QR codes are built from APP_URL only (point 5), and what signed-in routes
 * answer is never stored by a cache while the public card routes keep theirs (point 11).
 */
import jsQR from 'jsqr';
import { NextRequest } from 'next/server';
import { PNG } from 'pngjs';
import { PATCH as patchClientRoute } from '@/app/api/admin/clients/[id]/route';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { POST as brandedLinkRoute } from '@/app/api/admin/create-branded-link/route';
import { GET as clientRoute } from '@/app/api/clients/[id]/route';
import { GET as leaderboardRoute } from '@/app/api/clients/leaderboard/route';
import { GET as clientsRoute } from '@/app/api/clients/route';
import { GET as auditCsvRoute } from '@/app/api/payments/audit.csv/route';
import { GET as reportCsvRoute } from '@/app/api/payments/report.csv/route';
import { GET as teamQrRoute } from '@/app/api/team-members/[id]/qr/route';
import { GET as teamMembersRoute, POST as createMemberRoute } from '@/app/api/team-members/route';
import { GET as userRoute } from '@/app/api/user/route';
import { GET as cardQrRoute } from '@/app/api/users/card/[cardNumber]/qr/route';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureMember, uniqueEmail } from '../support/fixtures';
import { call, makeStaff, ORIGIN, type TestStaff } from '../support/http';

setUpTestDatabase();

/** What an attacker writes in the request to get their own site into links and publicly cached QR codes. */
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

let staff: TestStaff;
let admin: TestStaff;
const saved = {
  APP_URL: process.env.APP_URL,
  NEXTAUTH_URL: process.env.NEXTAUTH_URL,
  PORT: process.env.PORT,
};

beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
});

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Every absolute address anywhere in a JSON answer. */
function addressesIn(value: unknown): string[] {
  if (typeof value === 'string') return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(addressesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(addressesIn);
  return [];
}

/** The text a QR code PNG answer encodes (binary bodies do not survive call()'s text reading). */
async function qrText(
  handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  params: Record<string, string>,
  cookie?: string,
): Promise<{ text: string | undefined; cacheControl: string | null }> {
  const headers = new Headers({ ...FORGED, 'x-forwarded-for': '127.0.0.1' });
  if (cookie) headers.set('cookie', cookie);
  const res = await handler(new NextRequest(new URL(path, ORIGIN), { headers }), {
    params: Promise.resolve(params),
  });
  expect(res.status).toBe(200);
  const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
  const text = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  return { text, cacheControl: res.headers.get('cache-control') };
}

describe.each([
  ['APP_URL unset: the default http://localhost:<PORT>', undefined, 'http://localhost:3210'],
  ['APP_URL set', 'https://referrals.clinic.example/', 'https://referrals.clinic.example'],
])('issue 14 point 5, %s: a forged Host never reaches a link or a QR code', (_, appUrl, expected) => {
  /** The staff session under the one cookie name this APP_URL reads (issue 28 point 15: __Secure- on https). */
  let cookie: string;
  beforeEach(() => {
    delete process.env.NEXTAUTH_URL;
    if (appUrl) process.env.APP_URL = appUrl;
    else delete process.env.APP_URL;
    process.env.PORT = '3210';
    cookie = appUrl?.startsWith('https:')
      ? staff.cookie.replace(/(^|; )next-auth\.session-token=/, '$1__Secure-next-auth.session-token=')
      : staff.cookie;
  });

  const expectOnlyAppLinks = (body: unknown, some = true) => {
    const addresses = addressesIn(body);
    if (some) expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(address.startsWith(`${expected}/`)).toBe(true);
  };

  it('in the client DTOs (created, edited, listed, one, leaderboard) and the branded link', async () => {
    const created = await call(createClientRoute, {
      path: '/api/admin/clients',
      headers: FORGED,
      cookie,
      body: { firstName: 'Forged', lastName: 'Host', email: uniqueEmail('forged') },
    });
    expect(created.status).toBe(201);
    expectOnlyAppLinks(created.body);
    const id = created.body.id as string;

    const edited = await call(patchClientRoute, {
      method: 'PATCH',
      path: `/api/admin/clients/${id}`,
      params: { id },
      headers: FORGED,
      cookie,
      body: { firstName: 'Forged', lastName: 'Hostname' },
    });
    expect(edited.status).toBe(200);
    expectOnlyAppLinks(edited.body);

    for (const [handler, path, params] of [
      [clientsRoute, '/api/clients', {}],
      [clientRoute, `/api/clients/${id}`, { id }],
      [leaderboardRoute, '/api/clients/leaderboard', {}],
    ] as const) {
      const res = await call(handler, { path, params, headers: FORGED, cookie });
      expect(res.status).toBe(200);
      // The leaderboard lists only clients with referrals: it may have no link to check here.
      expectOnlyAppLinks(res.body, handler !== leaderboardRoute);
    }

    const branded = await call(brandedLinkRoute, {
      path: '/api/admin/create-branded-link',
      headers: FORGED,
      cookie,
      body: { firstName: 'Forged', lastName: 'Hostname', clientId: id },
    });
    expect(branded.status).toBe(200);
    expectOnlyAppLinks(branded.body);
  });

  it("in the team members' review links", async () => {
    const created = await call(createMemberRoute, {
      path: '/api/team-members',
      headers: FORGED,
      cookie,
      body: { firstName: 'Forged', lastName: 'Member' },
    });
    expect(created.status).toBe(201);
    expectOnlyAppLinks(created.body);
    const list = await call(teamMembersRoute, {
      path: '/api/team-members',
      headers: FORGED,
      cookie,
    });
    expectOnlyAppLinks(list.body);
  });

  it("in the QR codes: a client's (publicly cached) and a team member's", async () => {
    const client = await fixtureClient();
    const card = await qrText(cardQrRoute, `/api/users/card/${client.cardNumber}/qr`, {
      cardNumber: client.cardNumber,
    });
    expect(card.text).toBe(`${expected}/recommendation-details?ref=${client.cardNumber}`);

    const member = await fixtureMember();
    const review = await qrText(teamQrRoute, `/api/team-members/${member.id}/qr`, { id: member.id }, cookie);
    expect(review.text).toBe(`${expected}/review/${member.code}`);
  });
});

describe('issue 14 point 11: signed-in answers are not stored; public cards keep their caching', () => {
  it.each([
    ['GET /api/user (staff)', userRoute, '/api/user', 'staff'],
    ['GET /api/clients (staff)', clientsRoute, '/api/clients', 'staff'],
    [
      'GET /api/payments/report.csv (admin)',
      reportCsvRoute,
      '/api/payments/report.csv?year=2026&month=1',
      'admin',
    ],
    ['GET /api/payments/audit.csv (admin)', auditCsvRoute, '/api/payments/audit.csv', 'admin'],
  ] as const)('%s answers Cache-Control: no-store, refusals included', async (_, handler, path, who) => {
    const ok = await call(handler, { path, cookie: who === 'admin' ? admin.cookie : staff.cookie });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const refused = await call(handler, { path });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it("a client's public QR code stays publicly cacheable; a team member's stays private", async () => {
    const client = await fixtureClient();
    const card = await qrText(cardQrRoute, `/api/users/card/${client.cardNumber}/qr`, {
      cardNumber: client.cardNumber,
    });
    expect(card.cacheControl).toBe('public, max-age=3600');
    const member = await fixtureMember();
    const review = await qrText(
      teamQrRoute,
      `/api/team-members/${member.id}/qr`,
      { id: member.id },
      staff.cookie,
    );
    expect(review.cacheControl).toBe('private, max-age=3600');
  });
});
