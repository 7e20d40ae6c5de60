/**
 * Issue 33, point 7: GET /api/clients/export.csv. Every client but the deleted, with card number, card link,
 * consent, referrals and the amount owed; formula cells neutralised; no bank details; streamed a page at a time.
 */
import { GET as exportRoute } from '@/app/api/clients/export.csv/route';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { newCardNumber, newInviteToken } from '@/lib/codes';
import { CLIENT_EXPORT_HEADER, clientsExportCsv } from '@/lib/services/client-export';
import { ukDateString } from '@/lib/uk-time';
import { parseCsv } from '../support/csv';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();
jest.setTimeout(120_000);

const APP = 'https://referrals.harbour-smile.test';
let admin: TestStaff;
let staff: TestStaff;

beforeAll(async () => {
  process.env.APP_URL = APP;
  admin = await makeStaff({ isFullAdmin: true });
  staff = await makeStaff();
});
afterAll(() => {
  delete process.env.APP_URL;
});

const exportCsv = (who = admin) => call(exportRoute, { cookie: who.cookie });

describe('GET /api/clients/export.csv', () => {
  it('is for full admins only (401 signed out, 403 for other staff)', async () => {
    expect((await call(exportRoute)).status).toBe(401);
    const res = await exportCsv(staff);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a full admin can do this.');
  });

  it('gives every client with card number, card link, consent, referrals and the amount owed, never bank details or the deleted', async () => {
    const consenting = await db.client.create({
      data: {
        firstName: 'Siân',
        lastName: "O'Brien",
        email: 'sian@practice.test',
        phone: '+447700900123',
        affiliateCompany: 'Acme Ltd',
        externalId: 'EX-42',
        marketingConsent: true,
        marketingConsentAt: new Date('2026-07-01T09:30:00Z'),
        marketingConsentSource: 'import',
        cardNumber: newCardNumber(),
        inviteToken: newInviteToken(),
        sortCodeEnc: encrypt('112233', encryptionKey()),
        accountNumberEnc: encrypt('87654321', encryptionKey()),
        accountNameEnc: encrypt('S OBRIEN SAVINGS', encryptionKey()),
      },
    });
    await fixtureReferral('due', { client: consenting, rewardPence: 20_000 });
    await fixtureReferral('due', { client: consenting, rewardPence: 5_050 });
    await fixtureReferral('paid', { client: consenting, rewardPence: 20_000 });
    const gone = await fixtureClient({ firstName: 'Deleted', lastName: 'Person' });
    await db.client.update({
      where: { id: gone.id },
      data: { deletedAt: new Date(), firstName: '', lastName: '', email: null },
    });

    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="clients-${ukDateString(new Date())}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = res.body as string;
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(CLIENT_EXPORT_HEADER);
    const line = rows.find((r) => r[0] === consenting.cardNumber)!;
    expect(line).toEqual([
      consenting.cardNumber,
      'Siân',
      "O'Brien",
      'sian@practice.test',
      '07700 900123',
      'Acme Ltd',
      'EX-42',
      'Yes',
      '01/07/2026, 10:30',
      `${APP}/card/sian-obrien-${consenting.cardKey}`,
      '3',
      '250.50',
      ukDateString(consenting.createdAt).split('-').reverse().join('/'),
    ]);
    // No bank details, in any form.
    for (const secret of ['112233', '11-22-33', '87654321', 'S OBRIEN SAVINGS', 'Sort code', 'Account']) {
      expect(text).not.toContain(secret);
    }
    // The deleted client is left out.
    expect(text).not.toContain(gone.cardNumber);
    expect(rows.every((r) => r.length === CLIENT_EXPORT_HEADER.length)).toBe(true);
  });

  it('writes cells beginning =, +, - or @ as text, so no spreadsheet runs them', async () => {
    const tricky = await db.client.create({
      data: {
        firstName: '=HYPERLINK("https://evil.test","Click")',
        lastName: '+SUM(1,2)',
        email: 'formula@practice.test',
        affiliateCompany: '@cmd',
        externalId: '-1+2',
        phone: '+15551234567',
        cardNumber: newCardNumber(),
        inviteToken: newInviteToken(),
      },
    });
    const [, ...rows] = parseCsv((await exportCsv()).body as string);
    const line = rows.find((r) => r[0] === tricky.cardNumber)!;
    expect(line.slice(1, 7)).toEqual([
      `'=HYPERLINK("https://evil.test","Click")`,
      `'+SUM(1,2)`,
      'formula@practice.test',
      `'+15551234567`,
      `'@cmd`,
      `'-1+2`,
    ]);
    expect(line[7]).toBe('No');
    expect(line[8]).toBe('');
  });

  it('streams thousands of clients a page at a time, each once, newest first', async () => {
    const before = await db.client.count({ where: { deletedAt: null } });
    // One statement: every row the same createdAt, so the pages rely on the id to break ties.
    await db.client.createMany({
      data: Array.from({ length: 2_500 }, (_, i) => ({
        firstName: 'Many',
        lastName: `Patient${i}`,
        email: `many-${i}@practice.test`,
        cardNumber: newCardNumber(),
        inviteToken: newInviteToken(),
      })),
    });
    const file = clientsExportCsv(new Date(), 1_000);
    expect(file.body).toBeInstanceOf(ReadableStream);
    const reader = (file.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The first chunk is the header alone: nothing has been read from the database yet.
    const first = await reader.read();
    expect(parseCsv(decoder.decode(first.value))).toEqual([CLIENT_EXPORT_HEADER]);
    let text = '';
    let chunks = 0;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks++;
      text += decoder.decode(next.value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(10);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(before + 2_500);
    expect(new Set(rows.map((r) => r[0])).size).toBe(before + 2_500);
    expect(rows.filter((r) => r[1] === 'Many')).toHaveLength(2_500);
    // Newest first: the many (added last) before the clients of the tests above.
    expect(rows[0]![1]).toBe('Many');
    expect(rows.at(-1)![1]).not.toBe('Many');
  });
});
