import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { GET as getManifest } from '@/app/(public)/card/[cardToken]/manifest.webmanifest/route';
import { GET as getCardLimitPage } from '@/app/(public)/card-limit/route';
import { PATCH as patchClient } from '@/app/api/admin/clients/[id]/route';
import { GET as getCard } from '@/app/api/card/[cardToken]/route';
import { GET as getPass } from '@/app/api/users/card/[cardNumber]/pass/route';
import { GET as getQr } from '@/app/api/users/card/[cardNumber]/qr/route';
import { GET as getReferrer } from '@/app/api/users/card/[cardNumber]/route';
import { NextRequest } from 'next/server';
import { lookupRewardCardFor } from '@/components/card/load-card';
import { CARD_KEY_PATTERN } from '@/lib/card-address';
import { db } from '@/lib/db';
import { forgetCards, isKnownCard } from '@/lib/known-cards';
import { PUBLIC_RATE_LIMIT_TEXT } from '@/lib/services/public-limits';
import { proxy } from '@/proxy';
import { setUpTestDatabase } from '../support/db';
import { uniqueIp } from '../support/fixtures';
import { call, makeStaff, ORIGIN } from '../support/http';

setUpTestDatabase();

const KEY = '7kq2x9ab4m';
let client: { id: string; inviteToken: string; cardKey: string; cardNumber: string };
beforeAll(async () => {
  client = await db.client.create({
    data: {
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane@example.com',
      cardNumber: 'SC-ABCD-EFGH-JKLM',
      inviteToken: 'tok_abcdefghijklmnopqrstuv',
      cardKey: KEY,
      sortCodeEnc: 'v1.secret',
      accountNumberEnc: 'v1.secret',
    },
  });
});

describe('GET /api/card/{cardToken} (public)', () => {
  it('shows the cardholder and card number, and nothing else, for the invite token or the branded address', async () => {
    for (const cardToken of [client.inviteToken, `jane-smith-${KEY}`, KEY]) {
      const res = await call(getCard, { params: { cardToken } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ firstName: 'Jane', lastName: 'Smith', cardNumber: 'SC-ABCD-EFGH-JKLM' });
    }
  });

  it.each([
    'unknown-token',
    'JaneSmith', // the old guessable slug
    'janesmith',
    'jane-smith', // the readable part alone
    `jane-smith-${KEY.slice(0, 9)}`,
    `jane-smith-${KEY.slice(0, 9)}n`, // one character off
    `jane-smith-${KEY.toUpperCase()}`,
    "x' OR '1'='1",
    'a'.repeat(300),
  ])('answers 404 for %p', async (cardToken) => {
    const res = await call(getCard, { params: { cardToken }, ip: uniqueIp() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Referral Reward Card Not Found');
  });
});

describe('branded card addresses (issue 14, point 4)', () => {
  it('are found by their key alone, so a renamed client keeps the old link, which shows the new name', async () => {
    const staff = await makeStaff();
    const renamed = await db.client.create({
      data: {
        firstName: 'Olivia',
        lastName: 'Brown',
        email: 'olivia@example.com',
        cardNumber: 'SC-BCDE-FGHJ-KLMN',
        inviteToken: 'tok_olivia_brown_0123456789',
      },
    });
    expect(renamed.cardKey).toMatch(CARD_KEY_PATTERN); // made by the database
    const oldLink = `olivia-brown-${renamed.cardKey}`;
    expect((await call(getCard, { params: { cardToken: oldLink } })).body.firstName).toBe('Olivia');

    const res = await call(patchClient, {
      method: 'PATCH',
      params: { id: renamed.id },
      body: { firstName: 'Olivia', lastName: 'Green' },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.brandedUrl).toBe(`${ORIGIN}/card/olivia-green-${renamed.cardKey}`);

    for (const cardToken of [oldLink, `olivia-green-${renamed.cardKey}`]) {
      const card = await call(getCard, { params: { cardToken } });
      expect(card.status).toBe(200);
      expect(card.body).toEqual({ firstName: 'Olivia', lastName: 'Green', cardNumber: 'SC-BCDE-FGHJ-KLMN' });
    }
    // The names alone, old or new, find nothing.
    for (const cardToken of ['OliviaBrown', 'OliviaGreen', 'olivia-green']) {
      expect((await call(getCard, { params: { cardToken }, ip: uniqueIp() })).status).toBe(404);
    }
  });

  it("the database's new_card_key() gives 10 unambiguous characters, different every time", async () => {
    const rows = await db.$queryRaw<
      { key: string }[]
    >`SELECT new_card_key() AS key FROM generate_series(1, 2000)`;
    for (const { key } of rows) expect(key).toMatch(CARD_KEY_PATTERN);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    // Every character of the alphabet turns up (the key is not drawn from a corner of it).
    expect(new Set(rows.flatMap((r) => [...r.key])).size).toBe(32);
  });
});

describe('GET /api/users/card/{cardNumber} (public referrer lookup)', () => {
  it('gives the first and last name only, for any case', async () => {
    const res = await call(getReferrer, { params: { cardNumber: 'sc-abcd-efgh-jklm' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Jane', lastName: 'Smith' });
  });

  it('answers 404 for an unknown or malformed card number', async () => {
    expect((await call(getReferrer, { params: { cardNumber: 'SC-ZZZZ-ZZZZ-ZZZZ' } })).status).toBe(404);
    expect((await call(getReferrer, { params: { cardNumber: 'nonsense' } })).status).toBe(404);
  });
});

describe('GET /api/users/card/{cardNumber}/qr', () => {
  const decode = (png: Buffer) => {
    const image = PNG.sync.read(png);
    return {
      width: image.width,
      text: jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data,
    };
  };
  const getPng = async (query: string) => {
    const req = new NextRequest(new URL(`/api/users/card/SC-ABCD-EFGH-JKLM/qr${query}`, ORIGIN));
    const res = await getQr(req, { params: Promise.resolve({ cardNumber: 'SC-ABCD-EFGH-JKLM' }) });
    return { res, png: Buffer.from(await res.arrayBuffer()) };
  };

  it('is a 200 px PNG (300 px for download) that decodes to the recommendation link', async () => {
    const shown = await getPng('');
    expect(shown.res.headers.get('content-type')).toBe('image/png');
    expect(decode(shown.png)).toEqual({
      width: 200,
      text: `${ORIGIN}/recommendation-details?ref=SC-ABCD-EFGH-JKLM`,
    });
    const download = await getPng('?size=300');
    expect(decode(download.png).width).toBe(300);
  });

  it('answers 400 for another size and 404 for an unknown card', async () => {
    expect((await getPng('?size=5000')).res.status).toBe(400);
    const res = await call(getQr, { params: { cardNumber: 'SC-ZZZZ-ZZZZ-ZZZZ' } });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/users/card/{cardNumber}/pass (Apple Wallet)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (key.startsWith('WALLET_')) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('answers 503 with a message while the clinic has no wallet certificates', async () => {
    const res = await call(getPass, { params: { cardNumber: client.cardNumber } });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Apple Wallet passes are not set up for this clinic yet.');
  });

  it('signs a .pkpass holding pass.json, manifest.json and signature with the configured certificates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-'));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    // A throwaway CA standing in for Apple's WWDR, and a pass certificate signed by it.
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'wwdr.pem',
      '-days',
      '1',
      '-subj',
      '/CN=Test WWDR',
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'signer.key',
      '-out',
      'signer.csr',
      '-subj',
      '/CN=Pass Type ID: pass.test.smile',
    );
    openssl(
      'x509',
      '-req',
      '-in',
      'signer.csr',
      '-CA',
      'wwdr.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'signer.pem',
      '-days',
      '1',
    );
    Object.assign(process.env, {
      WALLET_PASS_TYPE_ID: 'pass.test.smile',
      WALLET_TEAM_ID: 'TEAM123456',
      WALLET_SIGNER_CERT: path.join(dir, 'signer.pem'),
      WALLET_SIGNER_KEY: path.join(dir, 'signer.key'),
      WALLET_WWDR_CERT: path.join(dir, 'wwdr.pem'),
    });
    try {
      const req = new NextRequest(new URL(`/api/users/card/${client.cardNumber}/pass`, ORIGIN));
      const res = await getPass(req, { params: Promise.resolve({ cardNumber: client.cardNumber }) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
      const zip = Buffer.from(await res.arrayBuffer());
      fs.writeFileSync(path.join(dir, 'card.pkpass'), zip);
      const listing = execFileSync('python3', [
        '-c',
        'import sys,zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))',
        path.join(dir, 'card.pkpass'),
      ]).toString();
      expect(listing.split('\n')).toEqual(
        expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']),
      );
      const passJson = JSON.parse(
        execFileSync('python3', [
          '-c',
          'import sys,zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("pass.json").decode())',
          path.join(dir, 'card.pkpass'),
        ]).toString(),
      );
      expect(passJson).toMatchObject({
        serialNumber: client.cardNumber,
        passTypeIdentifier: 'pass.test.smile',
      });
      expect(JSON.stringify(passJson)).toContain('Jane Smith');
      expect(JSON.stringify(passJson)).toContain(`${ORIGIN}/recommendation-details?ref=${client.cardNumber}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('failed public card lookups are limited per address (issue 14, point 4)', () => {
  const LIMIT = 5;
  const wallet = {
    WALLET_PASS_TYPE_ID: 'pass.test.smile',
    WALLET_TEAM_ID: 'TEAM123456',
    WALLET_SIGNER_CERT: '/nonexistent/signer.pem',
    WALLET_SIGNER_KEY: '/nonexistent/signer.key',
    WALLET_WWDR_CERT: '/nonexistent/wwdr.pem',
  };
  beforeAll(() => {
    process.env.CARD_LOOKUP_FAILURES_PER_HOUR = String(LIMIT);
    // The pass route looks the card up only once the wallet is configured (503 before); a miss never signs.
    Object.assign(process.env, wallet);
  });
  afterAll(() => {
    delete process.env.CARD_LOOKUP_FAILURES_PER_HOUR;
    for (const key of Object.keys(wallet)) delete process.env[key];
  });

  const UNKNOWN_NUMBER = 'SC-ZZZZ-ZZZZ-ZZZZ';
  const headersFrom = (ip: string) => new Headers({ 'x-forwarded-for': ip });
  /** Each public route that looks a card up, asked for something that does not exist. */
  const misses = {
    'GET /api/card/{token}': (ip: string, n: number) =>
      call(getCard, { params: { cardToken: `guess-${n}-jane-smith` }, ip }),
    'GET /api/card/{branded address} with a made-up key': (ip: string, n: number) =>
      call(getCard, { params: { cardToken: `jane-smith-${String(n).padStart(10, 'a')}` }, ip }),
    'GET /api/users/card/{n}': (ip: string) =>
      call(getReferrer, { params: { cardNumber: UNKNOWN_NUMBER }, ip }),
    'GET /api/users/card/{n}/qr': (ip: string) => call(getQr, { params: { cardNumber: UNKNOWN_NUMBER }, ip }),
    'GET /api/users/card/{n}/pass': (ip: string) =>
      call(getPass, { params: { cardNumber: UNKNOWN_NUMBER }, ip }),
    'GET /card/{token}/manifest.webmanifest': (ip: string, n: number) =>
      call(getManifest, { params: { cardToken: `guess-${n}` }, ip }),
  };

  it(`answers 404 to ${LIMIT} misses from one address, then 429 with Retry-After on every public route`, async () => {
    const ip = uniqueIp();
    for (let n = 0; n < LIMIT; n++) {
      const res = await misses['GET /api/card/{token}'](ip, n);
      expect(res.status).toBe(404);
    }
    for (const [name, miss] of Object.entries(misses)) {
      const res = await miss(ip, 100);
      expect({ name, status: res.status, message: res.body?.message }).toEqual({
        name,
        status: 429,
        message: PUBLIC_RATE_LIMIT_TEXT,
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
    }
    // The card page's lookup: used up too.
    const page = await lookupRewardCardFor('jane-smith', headersFrom(ip));
    expect(page).toMatchObject({ status: 'limited' });
    // ... and the page it is sent to answers 429 with Retry-After.
    await db.settings.upsert({
      where: { id: 1 },
      create: { id: 1, clinicPhone: '0113 496 0000' },
      update: { clinicPhone: '0113 496 0000' },
    });
    const limitPage = await getCardLimitPage(
      new NextRequest(new URL('/card-limit', ORIGIN), { headers: headersFrom(ip) }),
    );
    expect(limitPage.status).toBe(429);
    expect(Number(limitPage.headers.get('retry-after'))).toBeGreaterThan(3500);
    // In a patient's words, with a way to reach the clinic (issue 29, point 12).
    const limitHtml = await limitPage.text();
    expect(limitHtml).toContain('Please wait a few minutes');
    expect(limitHtml).toContain('<a class="call" href="tel:+441134960000">Call 0113 496 0000</a>');
    // Another address is not affected.
    expect((await misses['GET /api/card/{token}'](uniqueIp(), 0)).status).toBe(404);
  });

  it('counts every kind of miss against the same budget, whichever route it came through', async () => {
    const ip = uniqueIp();
    const names = Object.keys(misses) as (keyof typeof misses)[];
    for (let n = 0; n < LIMIT; n++) expect((await misses[names[n % names.length]!](ip, n)).status).toBe(404);
    expect((await lookupRewardCardFor(`guess-${LIMIT}`, headersFrom(ip))).status).toBe('limited');
  });

  it('the card page counts its misses: not found up to the limit, then limited', async () => {
    const ip = uniqueIp();
    for (let n = 0; n < LIMIT; n++) {
      expect(await lookupRewardCardFor(`JaneSmith${n}`, headersFrom(ip))).toEqual({ status: 'missing' });
    }
    expect((await lookupRewardCardFor('JaneSmith', headersFrom(ip))).status).toBe('limited');
    // No token at all is no guess: the not-found card, uncounted.
    expect(await lookupRewardCardFor(undefined, headersFrom(uniqueIp()))).toEqual({ status: 'missing' });
  });

  it('still shows cards that exist to an address that has used up its failures, and never counts them', async () => {
    const ip = uniqueIp();
    for (let n = 0; n < LIMIT; n++) await misses['GET /api/card/{token}'](ip, n);
    expect((await misses['GET /api/card/{token}'](ip, LIMIT)).status).toBe(429);

    for (const cardToken of [client.inviteToken, `jane-smith-${KEY}`]) {
      const res = await call(getCard, { params: { cardToken }, ip });
      expect(res.status).toBe(200);
      expect(res.body.cardNumber).toBe(client.cardNumber);
      const manifest = await call(getManifest, { params: { cardToken }, ip });
      expect(manifest.status).toBe(200);
      const page = await lookupRewardCardFor(cardToken, headersFrom(ip));
      expect(page).toMatchObject({ status: 'found', data: { card: { cardNumber: client.cardNumber } } });
    }
    expect((await call(getReferrer, { params: { cardNumber: client.cardNumber }, ip })).status).toBe(200);
    expect((await call(getQr, { params: { cardNumber: client.cardNumber }, ip })).status).toBe(200);

    // Hits from a fresh address leave no trace in the counters.
    const fresh = uniqueIp();
    for (let n = 0; n < 3 * LIMIT; n++) {
      expect((await call(getCard, { params: { cardToken: client.inviteToken }, ip: fresh })).status).toBe(
        200,
      );
      expect((await call(getReferrer, { params: { cardNumber: client.cardNumber }, ip: fresh })).status).toBe(
        200,
      );
    }
    expect(await db.rateLimitEvent.count({ where: { key: { endsWith: fresh } } })).toBe(0);
  });
});

describe('proxy.ts in front of /card/{token}', () => {
  const gate = (token: string) => proxy(new NextRequest(new URL(`/card/${token}`, ORIGIN)));
  const rewrittenTo = (res: Response) => res.headers.get('x-middleware-rewrite');

  it('sends an address it has not seen a card for to the counted lookup, and a known card to the cached page', async () => {
    forgetCards(KEY, client.inviteToken);
    const guess = await gate('JaneSmith');
    expect(rewrittenTo(guess)).toBe(`${ORIGIN}/card-lookup/JaneSmith`);
    const unseen = await gate(`jane-smith-${KEY}`);
    expect(rewrittenTo(unseen)).toBe(`${ORIGIN}/card-lookup/jane-smith-${KEY}`);

    // The counted lookup finds the card and remembers it: later visits, under any name, go to the cache.
    const found = await lookupRewardCardFor(
      `jane-smith-${KEY}`,
      new Headers({ 'x-forwarded-for': uniqueIp() }),
    );
    expect(found.status).toBe('found');
    expect(isKnownCard(KEY)).toBe(true);
    for (const token of [`jane-smith-${KEY}`, `old-name-${KEY}`]) {
      const res = await gate(token);
      expect(rewrittenTo(res)).toBeNull();
      expect(res.headers.get('x-middleware-next')).toBe('1');
    }
    // An unknown key still goes through the count.
    expect(rewrittenTo(await gate('jane-smith-aaaaaaaaaa'))).toBe(
      `${ORIGIN}/card-lookup/jane-smith-aaaaaaaaaa`,
    );
  });
});
