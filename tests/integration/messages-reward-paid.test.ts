/**
 * Issue 29, point 1: the 'reward paid' email waits for certainty. Through a real SMTP server started here: the
 * email is written with the payment but held for `paidEmailDelayMinutes` (default 10); an undo inside that
 * window cancels it (never sent, shown as cancelled); after the window it is sent; an undo after it was sent
 * writes a short correction; 0 minutes sends at once. Pay All's one email behaves the same, payment by payment.
 * Cancel against send is race-free: an undo raced against a sender either cancels the email (nothing arrives)
 * or, if it went, is followed by exactly one correction, never the email alone and never anything twice.
 */
import type { ParsedMail } from 'mailparser';
import { GET as listMessagesRoute } from '@/app/api/messages/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { DELETE as undoRoute, POST as payRoute } from '@/app/api/referrals/[id]/payment/route';
import { GET as getSettings, PATCH as patchSettings } from '@/app/api/settings/route';
import { db } from '@/lib/db';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import { PAID_EMAIL_DELAY_TEXT } from '@/lib/validation/settings';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';

setUpTestDatabase();

const CLINIC = { clinicName: 'Harbour Smile Studio', clinicEmail: 'front-desk@harbour-smile.test' };
// Issue 29, point 11: every subject names the clinic.
const CORRECTION_SUBJECT =
  'Our mistake: your £200.00 referral reward has not been paid yet – Harbour Smile Studio';
let mail: TestMailServer;
let admin: TestStaff;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.APP_URL = 'https://referrals.harbour-smile.test';
  process.env.MAIL_FROM = 'Harbour Smile Studio <hello@harbour-smile.test>';
  process.env.SMTP_URL = mail.url;
  admin = await makeStaff({ isFullAdmin: true });
});
beforeEach(async () => {
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, ...CLINIC },
    update: { ...CLINIC, messageKindsOff: [], paidEmailDelayMinutes: 10 },
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
const mailsTo = (address: string) => mail.mails.filter(to(address));
const pay = (id: string) => call(payRoute, { params: { id }, method: 'POST', cookie: admin.cookie });
const undo = (id: string) => call(undoRoute, { params: { id }, method: 'DELETE', cookie: admin.cookie });
const messagesOf = (clientId: string) =>
  db.message.findMany({ where: { clientId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
/** The undo window passes: every waiting message of this client is due now. */
const windowPasses = (clientId: string) =>
  db.$executeRaw`UPDATE "messages" SET "nextAttemptAt" = now() - interval '1 second'
    WHERE "clientId" = ${clientId}::uuid AND "status" = 'queued'`;

function currentUkMonth() {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date());
  return {
    year: Number(parts.find((p) => p.type === 'year')!.value),
    month: Number(parts.find((p) => p.type === 'month')!.value),
  };
}

describe('paidEmailDelayMinutes in /api/settings', () => {
  it('is 10 by default, takes 0 to 1440 from a full admin, and refuses anything else writing nothing', async () => {
    const staff = await makeStaff();
    expect((await call(getSettings, { cookie: staff.cookie })).body.paidEmailDelayMinutes).toBe(10);
    for (const bad of [-1, 1441, 2.5, '5', null]) {
      const res = await call(patchSettings, {
        method: 'PATCH',
        body: { paidEmailDelayMinutes: bad },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PAID_EMAIL_DELAY_TEXT);
    }
    expect((await db.settings.findUniqueOrThrow({ where: { id: 1 } })).paidEmailDelayMinutes).toBe(10);
    const forbidden = await call(patchSettings, {
      method: 'PATCH',
      body: { paidEmailDelayMinutes: 0 },
      cookie: staff.cookie,
    });
    expect(forbidden.status).toBe(403);
    for (const good of [0, 1440, 30]) {
      const res = await call(patchSettings, {
        method: 'PATCH',
        body: { paidEmailDelayMinutes: good },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      expect(res.body.paidEmailDelayMinutes).toBe(good);
    }
  });
});

describe('Paid Now', () => {
  it('holds the email for the undo window: the sender sends nothing before its time', async () => {
    const referrer = await fixtureClient({ firstName: 'Donna' });
    const referral = await fixtureReferral('due', { client: referrer });
    const res = await pay(referral.id);
    expect(res.status).toBe(200);
    expect(res.body.paidEmail).toBe('queued');
    const [message] = await messagesOf(referrer.id);
    expect(message!.status).toBe('queued');
    const waitMs = message!.nextAttemptAt!.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(9 * 60_000);
    expect(waitMs).toBeLessThanOrEqual(10 * 60_000);
    await dispatchDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(referrer.email!)).toHaveLength(0);
    expect((await db.message.findUniqueOrThrow({ where: { id: message!.id } })).status).toBe('queued');
  });

  it('is cancelled by an undo inside the window and never sent; the message list shows it cancelled', async () => {
    const referrer = await fixtureClient({ firstName: 'Rose' });
    const referral = await fixtureReferral('due', { client: referrer });
    expect((await pay(referral.id)).status).toBe(200);
    const res = await undo(referral.id);
    expect(res.status).toBe(200);
    expect(res.body.paidEmail).toBe('cancelled');
    await windowPasses(referrer.id);
    await dispatchDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(referrer.email!)).toHaveLength(0);
    const messages = await messagesOf(referrer.id);
    expect(messages.map((m) => [m.kind, m.status])).toEqual([['reward_paid', 'cancelled']]);
    const list = await call(listMessagesRoute, {
      path: `/api/messages?status=cancelled&q=${encodeURIComponent(referrer.email!)}`,
      cookie: admin.cookie,
    });
    expect(list.status).toBe(200);
    expect(list.body.map((m: { status: string }) => m.status)).toEqual(['cancelled']);
  });

  it('is sent once the window has passed', async () => {
    const referrer = await fixtureClient({ firstName: 'Martha' });
    const referral = await fixtureReferral('due', { client: referrer });
    expect((await pay(referral.id)).status).toBe(200);
    await windowPasses(referrer.id);
    await dispatchDue();
    const [paid] = await mail.waitFor(to(referrer.email!));
    expect(paid!.subject).toContain('We’ve paid your £200.00 referral reward');
    expect(paid!.text).toContain('Harbour Smile Studio');
  });

  it('an undo after the email went writes a short correction, in the clinic’s name', async () => {
    const referrer = await fixtureClient({ firstName: 'Amy' });
    const referral = await fixtureReferral('due', { client: referrer });
    expect((await pay(referral.id)).status).toBe(200);
    await windowPasses(referrer.id);
    await dispatchDue();
    await mail.waitFor(to(referrer.email!));
    const res = await undo(referral.id);
    expect(res.status).toBe(200);
    expect(res.body.paidEmail).toBe('correction');
    await dispatchDue();
    const arrived = await mail.waitFor(to(referrer.email!), 2);
    const correction = arrived[1]!;
    expect(correction.subject).toContain(CORRECTION_SUBJECT);
    expect(correction.text).toContain('Our mistake: your £200.00 referral reward has not been paid yet');
    expect(correction.text).toContain('Harbour Smile Studio');
    expect(correction.text).toContain('Hi Amy');
    const messages = await messagesOf(referrer.id);
    expect(messages.map((m) => [m.kind, m.status])).toEqual([
      ['reward_paid', 'sent'],
      ['reward_paid_correction', 'sent'],
    ]);
  });

  it('paying again after an undo tells the client again (the cancelled email does not block it)', async () => {
    const referrer = await fixtureClient();
    const referral = await fixtureReferral('due', { client: referrer });
    expect((await pay(referral.id)).status).toBe(200);
    expect((await undo(referral.id)).status).toBe(200);
    expect((await pay(referral.id)).status).toBe(200);
    await windowPasses(referrer.id);
    await dispatchDue();
    await mail.waitFor(to(referrer.email!));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(referrer.email!)).toHaveLength(1);
  });

  it('with a delay of 0 sends at once', async () => {
    await db.settings.update({ where: { id: 1 }, data: { paidEmailDelayMinutes: 0 } });
    const referrer = await fixtureClient();
    const referral = await fixtureReferral('due', { client: referrer });
    expect((await pay(referral.id)).status).toBe(200);
    await dispatchDue();
    const [paid] = await mail.waitFor(to(referrer.email!));
    expect(paid!.subject).toContain('We’ve paid your £200.00 referral reward');
  });

  it('says "to your bank account" only when the client has bank details', async () => {
    await db.settings.update({ where: { id: 1 }, data: { paidEmailDelayMinutes: 0 } });
    const referrer = await fixtureClient();
    const referral = await fixtureReferral('due', { client: referrer });
    expect((await pay(referral.id)).status).toBe(200);
    await dispatchDue();
    const [paid] = await mail.waitFor(to(referrer.email!));
    expect(paid!.text).not.toContain('bank account');
  });
});

describe('Pay All', () => {
  it('holds its one email; undoing one payment inside the window leaves an email for the rest, at the same time', async () => {
    const referrer = await fixtureClient({ firstName: 'Clara' });
    const first = await fixtureReferral('due', { client: referrer });
    const second = await fixtureReferral('due', { client: referrer, rewardPence: 15_000 });
    const res = await call(payAllRoute, {
      body: { clientId: referrer.id, ...currentUkMonth() },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const [held] = await messagesOf(referrer.id);
    expect(held!.subject).toBe('We’ve paid your £350.00 referral reward from Harbour Smile Studio');
    expect(held!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    await dispatchDue();
    expect(mailsTo(referrer.email!)).toHaveLength(0);

    expect((await undo(second.id)).body.paidEmail).toBe('cancelled');
    const after = await messagesOf(referrer.id);
    expect(after.map((m) => [m.status, m.subject])).toEqual([
      ['cancelled', 'We’ve paid your £350.00 referral reward from Harbour Smile Studio'],
      ['queued', 'We’ve paid your £200.00 referral reward from Harbour Smile Studio'],
    ]);
    expect(after[1]!.nextAttemptAt!.getTime()).toBe(held!.nextAttemptAt!.getTime());

    // The whole Pay All undone inside the window: nothing is ever sent.
    expect((await undo(first.id)).body.paidEmail).toBe('cancelled');
    await windowPasses(referrer.id);
    await dispatchDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(referrer.email!)).toHaveLength(0);
    expect((await messagesOf(referrer.id)).every((m) => m.status === 'cancelled')).toBe(true);
  });

  it('after its email went, an undo of each payment writes its correction', async () => {
    const referrer = await fixtureClient();
    const first = await fixtureReferral('due', { client: referrer });
    await fixtureReferral('due', { client: referrer });
    await call(payAllRoute, { body: { clientId: referrer.id, ...currentUkMonth() }, cookie: admin.cookie });
    await windowPasses(referrer.id);
    await dispatchDue();
    const [paid] = await mail.waitFor(to(referrer.email!));
    expect(paid!.subject).toContain('£400.00');
    expect((await undo(first.id)).body.paidEmail).toBe('correction');
    await dispatchDue();
    const arrived = await mail.waitFor(to(referrer.email!), 2);
    expect(arrived[1]!.subject).toContain(CORRECTION_SUBJECT);
  });
});

describe('cancel against send', () => {
  it('an undo while a sender holds the email writes a correction, which waits until the email has gone', async () => {
    const referrer = await fixtureClient();
    const referral = await fixtureReferral('due', { client: referrer });
    await pay(referral.id);
    // Another instance's sender has taken the email (its lease) and is sending it.
    await db.$executeRaw`UPDATE "messages" SET "nextAttemptAt" = now() - interval '1 second',
      "lockedUntil" = now() + interval '2 minutes' WHERE "clientId" = ${referrer.id}::uuid`;
    expect((await undo(referral.id)).body.paidEmail).toBe('correction');
    await db.$executeRaw`UPDATE "messages" SET "nextAttemptAt" = now() - interval '1 second'
      WHERE "clientId" = ${referrer.id}::uuid AND "status" = 'queued'`;
    // The correction is not sent before the email it corrects.
    await dispatchDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(referrer.email!)).toHaveLength(0);
    // The sender's lease ends (as if it crashed before recording): the email goes, then its correction.
    await db.$executeRaw`UPDATE "messages" SET "lockedUntil" = NULL WHERE "clientId" = ${referrer.id}::uuid`;
    await dispatchDue();
    const arrived = await mail.waitFor(to(referrer.email!), 2);
    expect(arrived[0]!.subject).toContain('We’ve paid your');
    expect(arrived[1]!.subject).toContain(CORRECTION_SUBJECT);
  });

  it('an email whose send fails while its payment is undone is neither retried nor corrected', async () => {
    const referrer = await fixtureClient();
    const referral = await fixtureReferral('due', { client: referrer });
    await pay(referral.id);
    await windowPasses(referrer.id);
    mail.refuse(1, 451);
    // The undo lands while the sender holds it; then the send fails.
    await db.$executeRaw`UPDATE "messages" SET "lockedUntil" = now() + interval '2 minutes'
      WHERE "clientId" = ${referrer.id}::uuid`;
    expect((await undo(referral.id)).body.paidEmail).toBe('correction');
    await db.$executeRaw`UPDATE "messages" SET "lockedUntil" = NULL WHERE "clientId" = ${referrer.id}::uuid`;
    await dispatchDue();
    await dispatchDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(referrer.email!)).toHaveLength(0);
    expect((await messagesOf(referrer.id)).map((m) => m.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('raced against two senders, an undo cancels the email or corrects it: never the email alone, nothing twice', async () => {
    for (let round = 0; round < 8; round++) {
      const referrer = await fixtureClient();
      const referral = await fixtureReferral('due', { client: referrer });
      await pay(referral.id);
      await windowPasses(referrer.id);
      const [undone] = await Promise.all([undo(referral.id), dispatchDue(), dispatchDue()]);
      expect(undone.status).toBe(200);
      await dispatchDue();
      await dispatchDue();
      await new Promise((r) => setTimeout(r, 300));
      const subjects = mailsTo(referrer.email!).map((m) => m.subject ?? '');
      if (undone.body.paidEmail === 'cancelled') {
        expect(subjects).toEqual([]);
      } else {
        expect(undone.body.paidEmail).toBe('correction');
        expect(subjects).toHaveLength(2);
        expect(subjects[0]).toContain('We’ve paid your');
        expect(subjects[1]).toContain(CORRECTION_SUBJECT);
      }
    }
  });
});
