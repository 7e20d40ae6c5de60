/**
 * Issue 28, point 5: staff could send a client five bank-details emails in a second, and switching the request
 * off did not retire the emailed link. At most one bank-details email a day per client (429 saying when another
 * can go; nothing queued), atomic under simultaneous requests; switching the request off, or entering the
 * details for the client, withdraws the link. Against the real route handlers and a real PostgreSQL.
 */
import { PATCH as patchClientRoute } from '@/app/api/admin/clients/[id]/route';
import { POST as bankDetailsRoute } from '@/app/api/bank-details/[token]/route';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { formatDateTime } from '@/lib/format';
import {
  bankDetailsLinkState,
  LINK_WITHDRAWN_TEXT,
  REQUEST_INTERVAL_HOURS,
} from '@/lib/services/bank-details-link';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, uniqueIp } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();

let staff: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
});

const DAY_MS = REQUEST_INTERVAL_HOURS * 60 * 60 * 1000;
const DETAILS = { accountName: 'Martha Jones', sortCode: '11-22-33', accountNumber: '12345678' };

const patchClient = (id: string, body: Record<string, unknown>, cookie = staff.cookie) =>
  call(patchClientRoute, { method: 'PATCH', path: `/api/admin/clients/${id}`, params: { id }, body, cookie });
const request = (id: string, cookie = staff.cookie) => patchClient(id, { bacsRequested: true }, cookie);
const emails = (clientId: string) =>
  db.message.findMany({ where: { clientId, kind: 'bank_details_request' }, orderBy: { createdAt: 'asc' } });
const links = (clientId: string) =>
  db.bankDetailsRequest.findMany({ where: { clientId }, orderBy: { createdAt: 'asc' } });

/** The link's token, as the email will carry it (kept encrypted in the queued message until it is sent). */
async function tokenOf(clientId: string): Promise<string> {
  const [message] = (await emails(clientId)).slice(-1);
  const data = message!.data as { tokenEnc: string };
  return decrypt(data.tokenEnc, encryptionKey());
}

const submit = (token: string) =>
  call(bankDetailsRoute, {
    method: 'POST',
    path: `/api/bank-details/${token}`,
    params: { token },
    body: DETAILS,
    ip: uniqueIp(),
  });

describe('at most one bank-details email a day per client (issue 28, point 5)', () => {
  it('a second request within 24 hours is 429 saying when another can be sent; nothing queued, nothing changed', async () => {
    const c = await fixtureClient();
    expect((await request(c.id)).status).toBe(200);
    const [first] = await links(c.id);
    // Off and on again, and again: no second email.
    expect((await patchClient(c.id, { bacsRequested: false })).status).toBe(200);
    const before = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    for (const cookie of [staff.cookie, admin.cookie]) {
      const again = await request(c.id, cookie);
      expect(again.status).toBe(429);
      expect(again.body).toEqual({
        message:
          `A bank-details email was already sent to this client on ${formatDateTime(first!.createdAt)} ` +
          '(UK time), and one a day is the most we send. Another can be sent from ' +
          `${formatDateTime(new Date(first!.createdAt.getTime() + DAY_MS))} (UK time).`,
      });
      const retryAfter = Number(again.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(DAY_MS / 1000 - 120);
      expect(retryAfter).toBeLessThanOrEqual(DAY_MS / 1000);
    }
    expect(await emails(c.id)).toHaveLength(1);
    expect(await links(c.id)).toHaveLength(1);
    expect(await db.client.findUniqueOrThrow({ where: { id: c.id } })).toEqual(before);

    // A day later, another can go.
    await db.bankDetailsRequest.update({
      where: { id: first!.id },
      data: { createdAt: new Date(Date.now() - DAY_MS - 60_000) },
    });
    const later = await request(c.id);
    expect(later.status).toBe(200);
    expect(later.body.bacsRequested).toBe(true);
    expect(await emails(c.id)).toHaveLength(2);
  });

  it('20 requests at the same moment send one email: one 200, nineteen 429', async () => {
    const c = await fixtureClient();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(c.id, i % 2 ? admin.cookie : staff.cookie)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 429)]);
    expect(await emails(c.id)).toHaveLength(1);
    expect(await links(c.id)).toHaveLength(1);
  });

  it('each client has its own day: requests for two clients at once both go', async () => {
    const [a, b] = [await fixtureClient(), await fixtureClient()];
    const [ra, rb] = await Promise.all([request(a.id), request(b.id)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(await emails(a.id)).toHaveLength(1);
    expect(await emails(b.id)).toHaveLength(1);
  });
});

describe('switching the request off withdraws the emailed link (issue 28, point 5)', () => {
  it('the link stops working: the page says it is no longer valid, and details sent through it are refused', async () => {
    const c = await fixtureClient();
    expect((await request(c.id)).status).toBe(200);
    const token = await tokenOf(c.id);
    expect((await bankDetailsLinkState(token)).state).toBe('valid');

    const off = await patchClient(c.id, { bacsRequested: false });
    expect(off.status).toBe(200);
    expect(off.body.bacsRequested).toBe(false);
    expect(await bankDetailsLinkState(token)).toEqual({ state: 'withdrawn' });

    const res = await submit(token);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ message: LINK_WITHDRAWN_TEXT, state: 'withdrawn' });
    const stored = await db.client.findUniqueOrThrow({ where: { id: c.id } });
    expect(stored).toMatchObject({ sortCodeEnc: null, accountNumberEnc: null, bankDetailsHeldAt: null });
    expect(await db.paymentAuditEntry.count({ where: { clientId: c.id } })).toBe(0);
  });

  it('details entered for the client answer the request: its link is withdrawn too', async () => {
    const c = await fixtureClient();
    expect((await request(c.id)).status).toBe(200);
    const token = await tokenOf(c.id);
    const saved = await patchClient(c.id, {
      sortCode: '12-34-56',
      accountNumber: '87654321',
      accountName: 'M J',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.bacsRequested).toBe(false);
    expect((await submit(token)).status).toBe(410);
    // The details staff entered stay; the link could not replace them.
    const entries = await db.paymentAuditEntry.findMany({ where: { clientId: c.id } });
    expect(entries.map((e) => e.performedBy)).toEqual([staff.email]);
  });

  it('a link still requested keeps working', async () => {
    const c = await fixtureClient();
    expect((await request(c.id)).status).toBe(200);
    const res = await submit(await tokenOf(c.id));
    expect(res).toMatchObject({ status: 200, body: { saved: true } });
  });
});
