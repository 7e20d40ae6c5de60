/**
 * Messages (issue 17), end to end through a real SMTP server started here (smtp-server) and read back with
 * mailparser: each kind's recipient, subject, clinic and links; the transactional outbox (a message is written
 * with its cause and sent afterwards, retried after a refusal and delivered once, delivered after a crash
 * between commit and send, kept as unsent without a mail server); the Messages API; unsubscribing; the
 * clinic's switches per kind; erasure.
 */
import type { ParsedMail } from 'mailparser';
import { PATCH as patchClient } from '@/app/api/admin/clients/[id]/route';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { POST as bankDetailsRoute } from '@/app/api/bank-details/[token]/route';
import { POST as sendCardRoute } from '@/app/api/clients/[id]/send-card/route';
import { POST as eraseLeadRoute } from '@/app/api/leads/[id]/erase/route';
import { POST as postLead } from '@/app/api/leads/route';
import { POST as retryRoute } from '@/app/api/messages/[id]/retry/route';
import { GET as listMessagesRoute } from '@/app/api/messages/route';
import { POST as sendHeldRoute } from '@/app/api/messages/send-held/route';
import { GET as summaryRoute } from '@/app/api/messages/summary/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { POST as payRoute } from '@/app/api/referrals/[id]/payment/route';
import { PATCH as patchSettings } from '@/app/api/settings/route';
import { GET as unsubscribeGetRoute, POST as unsubscribeRoute } from '@/app/api/unsubscribe/[token]/route';
import { db } from '@/lib/db';
import { startJobs } from '@/lib/jobs/queue';
import { closeMailTransport, dispatchDue, RETRY_DELAYS_SECONDS } from '@/lib/messages/dispatch';
import { NO_MAIL_SERVER_TEXT } from '@/lib/messages/kinds';
import { unsubscribeRateLimitPerHour } from '@/lib/messages/unsubscribe';
import { LINK_EXPIRED_TEXT, LINK_USED_TEXT } from '@/lib/services/bank-details-link';
import { setUpTestDatabase } from '../support/db';
import {
  fixtureClient,
  fixtureMessage,
  fixtureReferral,
  UNKNOWN_ID,
  uniqueEmail,
  uniqueIp,
} from '../support/fixtures';
import { runRetention } from '@/lib/services/privacy';
import { call, makeStaff } from '../support/http';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';

setUpTestDatabase();

const APP = 'https://referrals.harbour-smile.test';
const CLINIC = { clinicName: 'Harbour Smile Studio', clinicEmail: 'front-desk@harbour-smile.test' };
let mail: TestMailServer;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.APP_URL = APP;
  process.env.MAIL_FROM = 'Harbour Smile Studio <hello@harbour-smile.test>';
});
beforeEach(async () => {
  process.env.SMTP_URL = mail.url;
  mail.refuse(0);
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, ...CLINIC, clinicPhone: '020 7946 0000', brandColour: '#1f4e79' },
    update: { ...CLINIC, clinicPhone: '020 7946 0000', brandColour: '#1f4e79', messageKindsOff: [] },
  });
});
afterAll(async () => {
  closeMailTransport();
  await mail.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  delete process.env.MAIL_FROM;
});

const to = (address: string) => (m: ParsedMail) => recipients(m).includes(address.toLowerCase());
const html = (m: ParsedMail) => (typeof m.html === 'string' ? m.html : '');
/** A header as it was sent (mailparser turns List-* headers into a structured `list` object). */
const header = (m: ParsedMail, name: string) =>
  m.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');

function friend(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Amy',
    lastName: 'Pond',
    email: uniqueEmail('friend'),
    phone: '+44 7123 456789',
    treatmentInterest: 'improve-my-smile',
    ...overrides,
  };
}

const submitLead = (body: Record<string, unknown>) =>
  call(postLead, { path: '/api/leads', body, ip: uniqueIp() });

describe('a lead from the public form', () => {
  it('writes the clinic’s alert and the friend’s acknowledgement with the lead, then sends both', async () => {
    const referrer = await fixtureClient({ firstName: 'Mia', lastName: 'Jones' });
    const lead = friend();
    const res = await submitLead({ ...lead, referrerId: referrer.cardNumber });
    expect(res.status).toBe(201);
    const rows = await db.message.findMany({ where: { leadId: res.body.leadId }, orderBy: { kind: 'asc' } });
    expect(rows.map((r) => [r.kind, r.status, r.toEmail])).toEqual([
      ['new_referral', 'queued', CLINIC.clinicEmail],
      ['lead_acknowledgement', 'queued', lead.email],
    ]);
    expect((await dispatchDue()).sent).toBeGreaterThanOrEqual(2);

    const [alert] = await mail.waitFor(to(CLINIC.clinicEmail));
    expect(alert!.subject).toBe('New referral for Harbour Smile Studio: Amy Pond');
    expect(alert!.from?.text).toContain('hello@harbour-smile.test');
    // Issue 29, point 11: written as people in the UK write it, and dialled with one tap.
    expect(alert!.text).toContain('07123 456789');
    expect(html(alert!)).toContain('href="tel:+447123456789"');
    expect(alert!.text).toContain(lead.email);
    expect(alert!.text).toContain('Improve my smile');
    expect(alert!.text).toContain(`Mia Jones (card ${referrer.cardNumber})`);
    expect(html(alert!)).toContain(`href="${APP}/#new-referrals"`);
    expect(html(alert!)).toContain('Harbour Smile Studio');
    expect(header(alert!, 'list-unsubscribe')).toBeUndefined();

    const [thanks] = await mail.waitFor(to(lead.email));
    expect(thanks!.subject).toBe('Thank you: Harbour Smile Studio will be in touch');
    expect(thanks!.text).toContain('020 7946 0000');
    expect(html(thanks!)).toContain(`href="${APP}/privacy"`);
    expect(html(thanks!)).toContain('#1f4e79');
    // No tracking: no remote image, nothing but the app's own links.
    expect(html(thanks!)).not.toMatch(/<img[^>]+src="https?:/);
    const sent = await db.message.findMany({ where: { leadId: res.body.leadId } });
    expect(sent.every((m) => m.status === 'sent' && m.sentAt !== null && m.attempts === 1)).toBe(true);
  });

  it('names the card number that matched no client', async () => {
    const res = await submitLead(friend({ referrerId: 'SC-ZZZZ-ZZZZ-7777', recommendedBy: 'A friend' }));
    expect(res.status).toBe(201);
    await dispatchDue();
    const [alert] = await mail.waitFor((m) => (m.text ?? '').includes('SC-ZZZZ-ZZZZ-7777'));
    expect(alert!.text).toContain('Card number not found: SC-ZZZZ-ZZZZ-7777');
    expect(alert!.text).toContain('They said: A friend');
  });

  it('sends the same lead submitted twice once', async () => {
    const referrer = await fixtureClient();
    const lead = friend();
    await submitLead({ ...lead, referrerId: referrer.cardNumber });
    await submitLead({ ...lead, referrerId: referrer.cardNumber });
    expect(await db.message.count({ where: { toEmail: lead.email } })).toBe(1);
  });

  it('writes nothing of a kind the clinic turned off', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const off = await call(patchSettings, {
      method: 'PATCH',
      body: { messageKindsOff: ['lead-acknowledgement'] },
      cookie: admin.cookie,
    });
    expect(off.status).toBe(200);
    expect(off.body.messageKindsOff).toEqual(['lead-acknowledgement']);
    const bad = await call(patchSettings, {
      method: 'PATCH',
      body: { messageKindsOff: ['carrier-pigeon'] },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^messageKindsOff must list kinds from card-issued/);
    const res = await submitLead(friend());
    const kinds = (await db.message.findMany({ where: { leadId: res.body.leadId } })).map((m) => m.kind);
    expect(kinds).toEqual(['new_referral']);
  });
});

describe('POST /api/clients/{id}/send-card', () => {
  it('answers 401 signed out and 404 for an unknown client, writing nothing', async () => {
    const client = await fixtureClient();
    expect((await call(sendCardRoute, { params: { id: client.id }, method: 'POST' })).status).toBe(401);
    const staff = await makeStaff();
    const missing = await call(sendCardRoute, {
      params: { id: UNKNOWN_ID },
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(missing.status).toBe(404);
    expect(await db.message.count({ where: { clientId: client.id } })).toBe(0);
  });

  it('emails the card link, the QR code and how the reward works; a second click while it waits is refused', async () => {
    const client = await fixtureClient({ firstName: 'Rory', lastName: 'Williams' });
    const staff = await makeStaff();
    const res = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'card-issued', status: 'queued', to: client.email });
    const again = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A card email to this client is already waiting to be sent.');
    await dispatchDue();
    const [card] = await mail.waitFor(to(client.email!));
    expect(card!.subject).toBe('Your Referral Reward Card from Harbour Smile Studio');
    expect(card!.text).toContain(client.cardNumber);
    expect(card!.text).toContain('£200');
    expect(html(card!)).toMatch(new RegExp(`href="${APP}/card/rory-williams-${client.cardKey}"`));
    expect(card!.attachments.map((a) => a.cid)).toContain('qr');
    const unsubscribe = header(card!, 'list-unsubscribe')!;
    // Issue 28 changed this: the header names the one-click address, not the page (see 'one-click unsubscribe').
    expect(unsubscribe).toMatch(new RegExp(`^<${APP}/api/unsubscribe/[\\w.-]+>$`));
    expect(header(card!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // The link in the message turns card emails off for this client, and only for them.
    const token = unsubscribe.slice(unsubscribe.lastIndexOf('/') + 1, -1);
    expect((await call(unsubscribeRoute, { params: { token: 'not.valid' }, method: 'POST' })).status).toBe(
      404,
    );
    const done = await call(unsubscribeRoute, { params: { token }, method: 'POST' });
    expect(done).toMatchObject({ status: 200, body: { unsubscribed: true, kind: 'card-issued' } });
    const refused = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This client unsubscribed from these emails.');
  });

  it('is an option of Add Client', async () => {
    const staff = await makeStaff();
    const email = uniqueEmail('new-client');
    const res = await call(createClientRoute, {
      body: { firstName: 'Clara', lastName: 'Oswald', email, sendCard: true },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(201);
    expect(await db.message.count({ where: { clientId: res.body.id, kind: 'card_issued' } })).toBe(1);
    const bad = await call(createClientRoute, {
      body: { firstName: 'Clara', lastName: 'Oswald', email: uniqueEmail(), sendCard: 'yes' },
      cookie: staff.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('sendCard must be true or false');
  });
});

/**
 * Issue 28, point 13: List-Unsubscribe named the page, where a mail provider's one-click POST answered 200 and
 * recorded nothing. The header must name an address on APP_URL that takes the RFC 8058 POST itself.
 */
describe('one-click unsubscribe (RFC 8058)', () => {
  /** The app's POST routes by address, as the server would find them: the page has none. */
  function postRouteFor(url: URL) {
    const match = /^\/api\/unsubscribe\/([^/]+)$/.exec(url.pathname);
    return match ? { handler: unsubscribeRoute, params: { token: decodeURIComponent(match[1]!) } } : null;
  }
  /** Exactly what a mail provider sends (RFC 8058 section 3.1): no cookie, no Origin, the one-click body. */
  const oneClick = (url: URL, ip = uniqueIp()) => {
    const target = postRouteFor(url);
    if (!target) throw new Error(`List-Unsubscribe names ${url.pathname}, where no route takes a POST`);
    return call(target.handler, {
      method: 'POST',
      path: url.pathname,
      params: target.params,
      rawBody: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
      ip,
    });
  };
  const optOuts = (email: string) => db.messageOptOut.findMany({ where: { email } });

  async function cardEmailTo(client: { id: string; email: string | null }) {
    const staff = await makeStaff();
    const sent = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(sent.status).toBe(202);
    await dispatchDue();
    const [card] = await mail.waitFor(to(client.email!));
    return { card: card!, staff };
  }

  it('unsubscribes at the https address the header names, and no further card email is sent', async () => {
    const client = await fixtureClient({ firstName: 'Martha', lastName: 'Jones' });
    const { card, staff } = await cardEmailTo(client);
    const listUnsubscribe = header(card, 'list-unsubscribe')!;
    expect(header(card, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const https = /<(https:[^>]+)>/.exec(listUnsubscribe)?.[1];
    expect(https).toBeDefined();
    const url = new URL(https!);
    expect(url.origin).toBe(APP);

    const res = await oneClick(url);
    expect(res).toMatchObject({ status: 200, body: { unsubscribed: true, kind: 'card-issued' } });
    expect((await optOuts(client.email!)).map((o) => o.kind)).toEqual(['card_issued']);

    const again = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This client unsubscribed from these emails.');
    await dispatchDue();
    expect(mail.mails.filter(to(client.email!))).toHaveLength(1);
    // A second one-click (providers retry) changes nothing and still answers 200.
    expect((await oneClick(url)).status).toBe(200);
    expect(await optOuts(client.email!)).toHaveLength(1);
  });

  it('shows the page, which asks, to a mail app that opens the address instead', async () => {
    const client = await fixtureClient();
    const { card } = await cardEmailTo(client);
    const url = new URL(/<(https:[^>]+)>/.exec(header(card, 'list-unsubscribe')!)![1]!);
    const opened = await call(unsubscribeGetRoute, {
      path: url.pathname,
      params: postRouteFor(url)!.params,
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${APP}/unsubscribe/${postRouteFor(url)!.params.token}`);
    // The page in the message's footer is the same page.
    expect(html(card)).toContain(`href="${opened.headers.get('location')}"`);
    expect(await optOuts(client.email!)).toEqual([]);
  });

  it('refuses a token that is not valid with 404, writing nothing', async () => {
    const client = await fixtureClient();
    const { card } = await cardEmailTo(client);
    const url = new URL(/<(https:[^>]+)>/.exec(header(card, 'list-unsubscribe')!)![1]!);
    const token = postRouteFor(url)!.params.token;
    const [body, signature] = token.split('.');
    const forged = [
      // Another address in the body, the signature kept.
      `${Buffer.from(`card-issued:someone-else@example.com`).toString('base64url')}.${signature}`,
      // Another kind for the same address.
      `${Buffer.from(`reward-paid:${client.email!.toLowerCase()}`).toString('base64url')}.${signature}`,
      `${body}.${signature!.slice(0, -2)}AA`,
      body!,
      'not.valid',
    ];
    const before = await db.messageOptOut.count();
    for (const bad of forged) {
      const res = await oneClick(new URL(`/api/unsubscribe/${bad}`, APP));
      expect({ bad, status: res.status, message: res.body.message }).toEqual({
        bad,
        status: 404,
        message: 'This unsubscribe link is not valid.',
      });
    }
    expect(await db.messageOptOut.count()).toBe(before);
  });

  it('is limited per caller’s address like the other link routes, exactly, when the calls come at once', async () => {
    process.env.UNSUBSCRIBE_RATE_LIMIT_PER_HOUR = '25';
    try {
      expect(unsubscribeRateLimitPerHour()).toBe(25);
      const ip = uniqueIp();
      const url = new URL('/api/unsubscribe/not.valid', APP);
      const statuses = await Promise.all(Array.from({ length: 35 }, () => oneClick(url, ip)));
      expect(statuses.filter((r) => r.status === 404)).toHaveLength(25);
      expect(statuses.filter((r) => r.status === 429)).toHaveLength(10);
      expect((await oneClick(url)).status).toBe(404);
    } finally {
      delete process.env.UNSUBSCRIBE_RATE_LIMIT_PER_HOUR;
    }
    expect(unsubscribeRateLimitPerHour()).toBe(120);
  });
});

describe('reward paid', () => {
  it('tells the referrer the amount, never the friend’s name or treatment', async () => {
    // Sent at once (issue 29: it otherwise waits out the undo window, messages-reward-paid.test.ts).
    await db.settings.update({ where: { id: 1 }, data: { paidEmailDelayMinutes: 0 } });
    const referrer = await fixtureClient({ firstName: 'Donna' });
    const referral = await fixtureReferral('due', { client: referrer });
    const lead = await db.lead.update({
      where: { id: referral.leadId },
      data: { firstName: 'Secretive', lastName: 'Friend', treatmentInterest: 'facial_aesthetic_treatments' },
    });
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await call(payRoute, { params: { id: referral.id }, method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(200);
    await dispatchDue();
    const [paid] = await mail.waitFor(to(referrer.email!));
    expect(paid!.subject).toBe('We’ve paid your £200.00 referral reward from Harbour Smile Studio');
    const everything = `${paid!.subject} ${paid!.text} ${html(paid!)}`;
    for (const secret of [lead.firstName, lead.lastName, lead.email!, 'aesthetic', 'Facial']) {
      expect(everything).not.toContain(secret);
    }
    expect(header(paid!, 'list-unsubscribe')).toMatch(/\/unsubscribe\//);
  });

  it('sends one message for a Pay All of several rewards, with their total', async () => {
    const referrer = await fixtureClient();
    await fixtureReferral('due', { client: referrer });
    await fixtureReferral('due', { client: referrer });
    const now = new Date();
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: 'numeric',
    }).formatToParts(now);
    const year = Number(parts.find((p) => p.type === 'year')!.value);
    const month = Number(parts.find((p) => p.type === 'month')!.value);
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await call(payAllRoute, {
      body: { clientId: referrer.id, year, month },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.paid).toHaveLength(2);
    const rows = await db.message.findMany({ where: { clientId: referrer.id, kind: 'reward_paid' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('We’ve paid your £400.00 referral reward from Harbour Smile Studio');
  });
});

describe('the bank details link', () => {
  async function requestLink() {
    const client = await fixtureClient({ firstName: 'Martha', lastName: 'Jones' });
    const staff = await makeStaff();
    const res = await call(patchClient, {
      method: 'PATCH',
      params: { id: client.id },
      body: { bacsRequested: true },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.bacsRequested).toBe(true);
    await dispatchDue();
    const [request] = await mail.waitFor(to(client.email!));
    const link = html(request!).match(new RegExp(`href="${APP}/bank-details/([\\w-]+)"`));
    expect(link).not.toBeNull();
    return { client, token: link![1]!, mail: request! };
  }

  it('emails a one-time link that stores the details encrypted, held for a full admin, once', async () => {
    const { client, token, mail: request } = await requestLink();
    expect(request.subject).toBe('Where should we pay your referral reward from Harbour Smile Studio?');
    expect(header(request, 'list-unsubscribe')).toBeUndefined();
    // The token is not kept anywhere readable once it is sent.
    const message = await db.message.findFirstOrThrow({
      where: { clientId: client.id, kind: 'bank_details_request' },
    });
    expect(JSON.stringify(message.data)).not.toContain('tokenEnc');
    expect(JSON.stringify(await db.bankDetailsRequest.findMany())).not.toContain(token);

    const bad = await call(bankDetailsRoute, {
      params: { token },
      body: { accountName: 'Martha Jones', sortCode: '112233', accountNumber: '1234' },
      ip: uniqueIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Sort Code must be in format XX-XX-XX (6 digits with hyphens)');
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).sortCodeEnc).toBeNull();

    const body = { accountName: 'Martha Jones', sortCode: '11-22-33', accountNumber: '12345678' };
    const ok = await call(bankDetailsRoute, { params: { token }, body, ip: uniqueIp() });
    expect(ok).toMatchObject({ status: 200, body: { saved: true } });
    const stored = await db.client.findUniqueOrThrow({ where: { id: client.id } });
    expect(stored.sortCodeEnc).not.toContain('112233');
    expect(stored.bankDetailsHeldAt).not.toBeNull();
    expect(stored.bankDetailsChangedBy).toBe('the client (bank details link)');
    expect(stored.bacsRequested).toBe(false);
    const audit = await db.paymentAuditEntry.findFirstOrThrow({
      where: { clientId: client.id, action: 'bank_details_changed' },
    });
    expect(audit).toMatchObject({ performedBy: 'the client (bank details link)', performedById: null });

    const twice = await call(bankDetailsRoute, { params: { token }, body, ip: uniqueIp() });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(LINK_USED_TEXT);
  });

  it('says so when the link expired, and when it was made up', async () => {
    const { client, token } = await requestLink();
    await db.bankDetailsRequest.updateMany({
      where: { clientId: client.id },
      data: { expiresAt: new Date() },
    });
    const body = { accountName: 'Martha Jones', sortCode: '11-22-33', accountNumber: '12345678' };
    const expired = await call(bankDetailsRoute, { params: { token }, body, ip: uniqueIp() });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(LINK_EXPIRED_TEXT);
    const madeUp = await call(bankDetailsRoute, { params: { token: 'x'.repeat(43) }, body, ip: uniqueIp() });
    expect(madeUp.status).toBe(404);
    expect((await db.client.findUniqueOrThrow({ where: { id: client.id } })).sortCodeEnc).toBeNull();
  });
});

describe('delivery', () => {
  it('retries a refusal within 30 seconds and delivers the message once', async () => {
    const client = await fixtureClient();
    const staff = await makeStaff();
    mail.refuse(1);
    const res = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    const first = await dispatchDue();
    expect(first).toMatchObject({ sent: 0, retrying: 1 });
    const waiting = await db.message.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toContain('Try again later');
    const wait = waiting.nextAttemptAt!.getTime() - waiting.updatedAt.getTime();
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(RETRY_DELAYS_SECONDS[0]).toBeLessThanOrEqual(30);
    // Not yet due: nothing is sent again early.
    expect((await dispatchDue()).sent).toBe(0);
    await db.message.update({ where: { id: res.body.id }, data: { nextAttemptAt: new Date() } });
    expect((await dispatchDue()).sent).toBe(1);
    expect(await db.message.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
    expect(mail.mails.filter(to(client.email!))).toHaveLength(1);
  });

  it('gives up after 24 hours, or at once on a permanent refusal, and a full admin can send it again', async () => {
    const client = await fixtureClient();
    const staff = await makeStaff();
    const admin = await makeStaff({ isFullAdmin: true });
    mail.refuse(1, 550);
    const res = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    await dispatchDue();
    expect(await db.message.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
    const summary = await call(summaryRoute, { cookie: admin.cookie });
    expect(summary.body.failed).toBeGreaterThanOrEqual(1);
    expect(
      (await call(retryRoute, { params: { id: res.body.id }, method: 'POST', cookie: staff.cookie })).status,
    ).toBe(403);
    const again = await call(retryRoute, {
      params: { id: res.body.id },
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(again.status).toBe(200);
    await dispatchDue();
    expect(mail.mails.filter(to(client.email!))).toHaveLength(1);
    const twice = await call(retryRoute, {
      params: { id: res.body.id },
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(twice.status).toBe(409);

    // A message queued more than 24 hours ago that fails again is failed for good.
    const other = await fixtureClient();
    mail.refuse(1);
    const late = await call(sendCardRoute, {
      params: { id: other.id },
      method: 'POST',
      cookie: staff.cookie,
    });
    await db.message.update({
      where: { id: late.body.id },
      data: { queuedAt: new Date(Date.now() - 24 * 60 * 60 * 1000) },
    });
    await dispatchDue();
    expect(await db.message.findUniqueOrThrow({ where: { id: late.body.id } })).toMatchObject({
      status: 'failed',
    });
  });

  it('sends, after a restart, what was committed before a crash, once', async () => {
    // No job queue runs in this process: the lead commits and nothing sends it (as if the server died).
    const lead = friend();
    const res = await submitLead(lead);
    expect(res.status).toBe(201);
    await new Promise((r) => setTimeout(r, 500));
    expect(mail.mails.filter(to(lead.email))).toHaveLength(0);
    // A sender that took the message and died before finishing holds it only until its lease runs out.
    await db.message.updateMany({
      where: { leadId: res.body.leadId },
      data: { lockedUntil: new Date(Date.now() - 1000), attempts: 1 },
    });

    // The app starts again: its job queue sends what is waiting, once.
    let boss = await startJobs(process.env.DATABASE_URL!);
    try {
      await mail.waitFor(to(lead.email));
    } finally {
      await boss.stop({ graceful: true, wait: true });
    }
    boss = await startJobs(process.env.DATABASE_URL!);
    await new Promise((r) => setTimeout(r, 1500));
    await boss.stop({ graceful: true, wait: true });
    expect(mail.mails.filter(to(lead.email))).toHaveLength(1);
    expect((await db.message.findFirstOrThrow({ where: { toEmail: lead.email } })).status).toBe('sent');
  });

  it('a message written while the queue runs is sent without anyone calling the sender', async () => {
    const boss = await startJobs(process.env.DATABASE_URL!);
    try {
      const lead = friend();
      await submitLead(lead);
      await mail.waitFor(to(lead.email));
    } finally {
      await boss.stop({ graceful: true, wait: true });
    }
  });

  it('without SMTP_URL keeps every message as unsent, and a full admin sends them on once it is set', async () => {
    delete process.env.SMTP_URL;
    const admin = await makeStaff({ isFullAdmin: true });
    // A card sent twice while it is held is written once.
    const client = await fixtureClient();
    expect(
      (await call(sendCardRoute, { params: { id: client.id }, method: 'POST', cookie: admin.cookie })).status,
    ).toBe(202);
    const again = await call(sendCardRoute, {
      params: { id: client.id },
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
    expect(await db.message.count({ where: { clientId: client.id } })).toBe(1);
    const lead = friend();
    const res = await submitLead(lead);
    const held = await db.message.findMany({ where: { leadId: res.body.leadId } });
    expect(held).toHaveLength(2);
    expect(held.every((m) => m.status === 'unsent' && m.lastError === NO_MAIL_SERVER_TEXT)).toBe(true);
    expect(await dispatchDue()).toMatchObject({ sent: 0 });
    const refused = await call(sendHeldRoute, { method: 'POST', cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^No mail server is set up/);

    process.env.SMTP_URL = mail.url;
    const staff = await makeStaff();
    expect((await call(sendHeldRoute, { method: 'POST', cookie: staff.cookie })).status).toBe(403);
    const sent = await call(sendHeldRoute, { method: 'POST', cookie: admin.cookie });
    expect(sent.status).toBe(200);
    expect(sent.body.queued).toBeGreaterThanOrEqual(2);
    await dispatchDue();
    await mail.waitFor(to(lead.email));
    expect(mail.mails.filter(to(lead.email))).toHaveLength(1);
  });
});

describe('GET /api/messages', () => {
  it('answers 401 signed out, 403 to staff, 400 for a bad filter', async () => {
    expect((await call(listMessagesRoute)).status).toBe(401);
    const staff = await makeStaff();
    expect((await call(listMessagesRoute, { cookie: staff.cookie })).status).toBe(403);
    const admin = await makeStaff({ isFullAdmin: true });
    const bad = await call(listMessagesRoute, { path: '/api/messages?status=lost', cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of unsent, queued, sent, failed, cancelled');
  });

  it('lists each message’s recipient, subject, kind, status, attempts, error and times, paged and filtered', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const lead = friend();
    await submitLead(lead);
    await dispatchDue();
    const res = await call(listMessagesRoute, {
      path: `/api/messages?kind=lead-acknowledgement&status=sent&q=${encodeURIComponent(lead.email)}`,
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(res.body[0]).toMatchObject({
      kind: 'lead-acknowledgement',
      status: 'sent',
      to: lead.email,
      subject: 'Thank you: Harbour Smile Studio will be in touch',
      attempts: 1,
      lastError: null,
    });
    expect(Date.parse(res.body[0].sentAt)).not.toBeNaN();
    const page = await call(listMessagesRoute, { path: '/api/messages?limit=1', cookie: admin.cookie });
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('x-next-cursor')).toBeTruthy();
  });
});

describe('erasure', () => {
  it('empties what messages said 90 days after they were sent, keeping the record', async () => {
    const old = await fixtureMessage('sent');
    const recent = await fixtureMessage('sent');
    const waiting = await fixtureMessage('queued');
    const now = new Date();
    await db.message.updateMany({
      where: { id: { in: [old.id, waiting.id] } },
      data: { updatedAt: new Date(now.getTime() - 91 * 86_400_000) },
    });
    const result = await runRetention(now);
    expect(result.messagesEmptied).toBeGreaterThanOrEqual(1);
    const [o, r, w] = await Promise.all(
      [old, recent, waiting].map((m) => db.message.findUniqueOrThrow({ where: { id: m.id } })),
    );
    expect(o).toMatchObject({
      data: {},
      status: 'sent',
      subject: 'Your Referral Reward Card',
      toEmail: old.toEmail,
    });
    expect(r!.data).toEqual(recent.data);
    expect(w!.data).toEqual(waiting.data);
  });

  it('empties the messages about an erased lead; one not yet sent never will be', async () => {
    delete process.env.SMTP_URL;
    const lead = friend();
    const res = await submitLead(lead);
    const admin = await makeStaff({ isFullAdmin: true });
    expect(
      (await call(eraseLeadRoute, { params: { id: res.body.leadId }, method: 'POST', cookie: admin.cookie }))
        .status,
    ).toBe(200);
    const rows = await db.message.findMany({ where: { leadId: res.body.leadId } });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('failed');
      expect(row.data).toEqual({});
      expect(JSON.stringify(row)).not.toContain(lead.email);
      expect(JSON.stringify(row)).not.toContain('Pond');
    }
  });
});
