/**
 * Issue 29, points 3, 6 and 7, through the real routes, a real PostgreSQL and a real SMTP server: a client's
 * phone (Add Client and edit, normalised like the lead form's), a corrected email (409 when another client has
 * it, audited in client_changes, a waiting card email to the old address cancelled, the card emailed before
 * still opening), "Send card" and "Send again" (a fresh message each time, never two for a double click, and the
 * list says when the card last went), one ASCII link per card that old spellings still reach, and the address
 * the app names (GET /api/app-url) for the warning before emailing a link nobody else can open.
 */
import type { ParsedMail } from 'mailparser';
import { PATCH as patchClient } from '@/app/api/admin/clients/[id]/route';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { GET as appUrlRoute } from '@/app/api/app-url/route';
import { GET as cardRoute } from '@/app/api/card/[cardToken]/route';
import { GET as getClientRoute } from '@/app/api/clients/[id]/route';
import { POST as sendCardRoute } from '@/app/api/clients/[id]/send-card/route';
import { GET as listClientsRoute } from '@/app/api/clients/route';
import { db } from '@/lib/db';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import { EMAIL_CORRECTED_BEFORE_SENT_TEXT } from '@/lib/services/clients';
import { CLIENT_PHONE_TEXT, EMAIL_IN_USE_TEXT } from '@/lib/validation/clients';
import { setUpTestDatabase } from '../support/db';
import { uniqueEmail, uniqueIp } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';

setUpTestDatabase();

const APP = 'https://referrals.harbour-smile.test';
let mail: TestMailServer;
let staff: TestStaff;
let savedAppUrl: string | undefined;

beforeAll(async () => {
  mail = await startMailServer();
  savedAppUrl = process.env.APP_URL;
  process.env.APP_URL = APP;
  process.env.SMTP_URL = mail.url;
  process.env.MAIL_FROM = 'Harbour Smile Studio <hello@harbour-smile.test>';
  staff = await makeStaff({ email: 'reception@harbour-smile.test' });
});
afterAll(async () => {
  process.env.APP_URL = savedAppUrl;
  delete process.env.SMTP_URL;
  await closeMailTransport();
  await mail.close();
});

const to = (address: string) => (m: ParsedMail) => recipients(m).includes(address.toLowerCase());
const html = (m: ParsedMail) => (typeof m.html === 'string' ? m.html : '');
const create = (body: Record<string, unknown>) =>
  call(createClientRoute, { body: { firstName: 'Jane', lastName: 'Smith', ...body }, cookie: staff.cookie });
const patch = (id: string, body: unknown, cookie = staff.cookie) =>
  call(patchClient, { params: { id }, body, cookie, method: 'PATCH' });
const sendCard = (id: string) =>
  call(sendCardRoute, { params: { id }, method: 'POST', cookie: staff.cookie });
const getClient = (id: string) =>
  call(getClientRoute, { params: { id }, path: `/api/clients/${id}?referrals=false`, cookie: staff.cookie });
const openCard = (token: string) => call(cardRoute, { params: { cardToken: token }, ip: uniqueIp() });

/** The card address in a card email: the href of its button. */
function cardLinkIn(message: ParsedMail): string {
  const match = new RegExp(`href="(${APP.replaceAll('.', '\\.')}/card/[^"]+)"`).exec(html(message));
  if (!match) throw new Error('No card link in the email');
  return match[1]!;
}

describe('a client phone (issue 29, point 3)', () => {
  it('is optional in Add Client and stored as the lead form stores a UK number', async () => {
    const none = await create({ email: uniqueEmail('no-phone') });
    expect(none.status).toBe(201);
    expect(none.body.phone).toBeNull();
    const res = await create({ email: uniqueEmail('phone'), phone: '07700 900123' });
    expect(res.status).toBe(201);
    expect(res.body.phone).toBe('+447700900123');
    expect(await db.client.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      phone: '+447700900123',
    });
  });

  it.each(['12345', 'call me', '+44 123'])(
    'refuses %p with a 400 naming the field, creating nothing',
    async (phone) => {
      const before = await db.client.count();
      const res = await create({ email: uniqueEmail('bad-phone'), phone });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.phone).toEqual([CLIENT_PHONE_TEXT]);
      expect(await db.client.count()).toBe(before);
    },
  );

  it('is edited, cleared and audited; an unchanged phone writes no audit entry', async () => {
    const { body: client } = await create({ email: uniqueEmail('edit-phone') });
    const set = await patch(client.id, { phone: '+44 7700 900456' });
    expect(set.status).toBe(200);
    expect(set.body.phone).toBe('+447700900456');
    expect((await patch(client.id, { phone: '07700900456' })).status).toBe(200);
    const cleared = await patch(client.id, { phone: '' });
    expect(cleared.body.phone).toBeNull();
    const bad = await patch(client.id, { phone: 'nope' });
    expect(bad.status).toBe(400);
    const changes = await db.clientChange.findMany({
      where: { clientId: client.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(changes.map((c) => [c.field, c.fromValue, c.toValue, c.performedBy])).toEqual([
      ['phone', null, '+447700900456', staff.email],
      ['phone', '+447700900456', null, staff.email],
    ]);
    expect((await getClient(client.id)).body.contactChanges).toEqual([
      expect.objectContaining({ field: 'phone', from: '+447700900456', to: null, by: staff.email }),
      expect.objectContaining({ field: 'phone', from: null, to: '+447700900456', by: staff.email }),
    ]);
  });
});

describe('a corrected email (issue 29, point 3)', () => {
  it('is refused with a clear 409 when another client has it, and nothing is written', async () => {
    const taken = uniqueEmail('taken');
    await create({ firstName: 'Other', email: taken });
    const { body: client } = await create({ email: uniqueEmail('mine') });
    const res = await patch(client.id, { email: taken.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(EMAIL_IN_USE_TEXT);
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).email).toBe(client.email);
    expect(await db.clientChange.count({ where: { clientId: client.id } })).toBe(0);
  });

  it('answers 400 for a malformed email, 401 signed out and 404 for an unknown client', async () => {
    const { body: client } = await create({ email: uniqueEmail('malformed') });
    expect((await patch(client.id, { email: 'not-an-email' })).status).toBe(400);
    expect((await patch(client.id, { email: uniqueEmail('x') }, '')).status).toBe(401);
    expect((await patch('0192f5e0-0000-7000-8000-00000000dead', { email: uniqueEmail('y') })).status).toBe(
      404,
    );
    expect(await db.clientChange.count({ where: { clientId: client.id } })).toBe(0);
  });

  it('is audited, and the card emailed to the old address still opens the card (found by its key)', async () => {
    const oldEmail = uniqueEmail('siobhan.old');
    const { body: client } = await create({ firstName: 'Siobhán', lastName: "O'Neill", email: oldEmail });
    expect((await sendCard(client.id)).status).toBe(202);
    await dispatchDue();
    const [sent] = await mail.waitFor(to(oldEmail));
    const link = cardLinkIn(sent!);
    // Point 7: the email's link is the readable, ASCII one, the same as the dashboard offers.
    expect(link).toBe(client.brandedUrl);
    expect(link).toMatch(new RegExp(`^${APP.replaceAll('.', '\\.')}/card/siobhan-oneill-[0-9a-z]{10}$`));

    const newEmail = uniqueEmail('siobhan.new');
    const res = await patch(client.id, { email: ` ${newEmail.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(newEmail);
    // The link in the email already sent, and the one offered now, are the same and still open the card.
    expect(res.body.brandedUrl).toBe(link);
    const opened = await openCard(new URL(link).pathname.slice('/card/'.length));
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ firstName: 'Siobhán', lastName: "O'Neill" });
    // Links made before point 7 spelled her siobha-n-oneill: they reach the same card by its key.
    const key = link.slice(-10);
    expect((await openCard(`siobha-n-oneill-${key}`)).body).toMatchObject({ firstName: 'Siobhán' });
    expect(await db.clientChange.findMany({ where: { clientId: client.id } })).toEqual([
      expect.objectContaining({
        field: 'email',
        fromValue: oldEmail,
        toValue: newEmail,
        performedBy: staff.email,
      }),
    ]);

    // Send again goes to the corrected address, with the same link.
    expect((await sendCard(client.id)).status).toBe(202);
    await dispatchDue();
    const [again] = await mail.waitFor(to(newEmail));
    expect(cardLinkIn(again!)).toBe(link);
  });

  it('cancels a card email still waiting for the old address, so Send again reaches the new one', async () => {
    delete process.env.SMTP_URL; // held as unsent, as when no mail server is set up
    try {
      const { body: client } = await create({ email: uniqueEmail('wrong'), sendCard: true });
      const [waiting] = await db.message.findMany({ where: { clientId: client.id } });
      expect(waiting).toMatchObject({ status: 'unsent' });
      const blocked = await sendCard(client.id);
      expect(blocked.status).toBe(409);
      const fixed = uniqueEmail('right');
      expect((await patch(client.id, { email: fixed })).status).toBe(200);
      expect(await db.message.findUniqueOrThrow({ where: { id: waiting!.id } })).toMatchObject({
        status: 'cancelled',
        lastError: EMAIL_CORRECTED_BEFORE_SENT_TEXT,
      });
      const res = await sendCard(client.id);
      expect(res.status).toBe(202);
      expect(res.body.to).toBe(fixed);
    } finally {
      process.env.SMTP_URL = mail.url;
    }
  });
});

describe('Send card and Send again (issue 29, point 3)', () => {
  it('writes a fresh message each time it is asked once the last one went, and the list says when', async () => {
    const email = uniqueEmail('again');
    const { body: client } = await create({ email });
    expect(client.cardEmail).toBeNull();
    const first = await sendCard(client.id);
    expect(first.status).toBe(202);
    await dispatchDue();
    await mail.waitFor(to(email));
    const second = await sendCard(client.id);
    expect(second.status).toBe(202);
    expect(second.body.id).not.toBe(first.body.id);
    await dispatchDue();
    await mail.waitFor(to(email), 2);
    const rows = await db.message.findMany({ where: { clientId: client.id, kind: 'card_issued' } });
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);

    const list = await call(listClientsRoute, {
      path: `/api/clients?${new URLSearchParams({ q: email, referrals: 'false' })}`,
      cookie: staff.cookie,
    });
    const [row] = list.body;
    const newest = rows.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
    expect(row.cardEmail).toEqual({
      requestedAt: newest.createdAt.toISOString(),
      sentAt: newest.sentAt!.toISOString(),
      status: 'sent',
    });
  });

  it('sends one for a double click: of two requests at once, one is written and the other is a 409', async () => {
    const { body: client } = await create({ email: uniqueEmail('double') });
    const answers = await Promise.all([sendCard(client.id), sendCard(client.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    expect(await db.message.count({ where: { clientId: client.id, kind: 'card_issued' } })).toBe(1);
  });
});

describe('GET /api/app-url (issue 29, point 6)', () => {
  it('answers 401 signed out', async () => {
    expect((await call(appUrlRoute, {})).status).toBe(401);
  });

  it.each([
    ['https://referrals.harbour-smile.co.uk', 'public', true],
    ['http://127.0.0.1:3000', 'local', false],
    ['http://192.168.1.20', 'local', false],
    ['http://localhost:3000', 'local', false],
  ])('says whether %s can be opened by patients', async (appUrl, state, reachable) => {
    process.env.APP_URL = appUrl;
    try {
      // Signed in under this APP_URL: the session cookie's name follows its scheme (issue 28).
      const viewer = await makeStaff();
      const res = await call(appUrlRoute, { cookie: viewer.cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ origin: new URL(appUrl).origin, state, reachable });
    } finally {
      process.env.APP_URL = APP;
    }
  });
});
