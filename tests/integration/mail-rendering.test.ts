/**
 * Emails on a phone (issue 29, point 11). Every kind of message goes through the real pipeline (the outbox, the
 * job's dispatch, a real SMTP server) and the HTML that arrives is opened in Chromium at 390 px wide, as a phone's
 * mail app or browser shows it: nothing may be wider than the screen, and the text must be readable without
 * zooming. Also here: the clinic's name in every subject, the friend's phone as a formatted tel: link in the
 * clinic's alert, and the offer the form promised in the friend's thank-you (read from the offer settings).
 */
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { chromium, type Browser } from '@playwright/test';
import { PATCH as patchClient } from '@/app/api/admin/clients/[id]/route';
import { POST as sendCardRoute } from '@/app/api/clients/[id]/send-card/route';
import { POST as postLead } from '@/app/api/leads/route';
import { db } from '@/lib/db';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, uniqueEmail, uniqueIp } from '../support/fixtures';
import { call, makeStaff } from '../support/http';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';

setUpTestDatabase();

const APP = 'https://referrals.bright-smile.test';
const CLINIC = {
  clinicName: 'Bright Smile Dental',
  clinicEmail: 'front-desk@bright-smile.test',
  clinicPhone: '0113 496 0000',
  clinicAddress: '12 Park Row, Leeds, LS1 5HD',
  brandColour: '#0f766e',
};
const OFFER = {
  offerEnabled: true,
  offerHeadline: 'a free whitening kit',
  offerDetails: 'Start your treatment with us and we will give you a home whitening kit.',
  offerTerms: 'One kit per new patient; treatment must start within 3 months.',
};
const PHONE_WIDTH = 390;

let mail: TestMailServer;
let browser: Browser;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.APP_URL = APP;
  process.env.SMTP_URL = mail.url;
  process.env.MAIL_FROM = 'Bright Smile Dental <hello@bright-smile.test>';
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, ...CLINIC, ...OFFER },
    update: { ...CLINIC, ...OFFER, messageKindsOff: [] },
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
});
afterAll(async () => {
  await browser?.close();
  closeMailTransport();
  await mail.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  delete process.env.MAIL_FROM;
});

const to = (address: string) => (m: ParsedMail) => recipients(m).includes(address.toLowerCase());
const html = (m: ParsedMail) => (typeof m.html === 'string' ? m.html : '');

/** The friend's lead from the public form: the clinic's alert and the friend's thank-you. */
async function leadMails() {
  const referrer = await fixtureClient({ firstName: 'Mia', lastName: 'Jones' });
  const email = uniqueEmail('friend');
  const res = await call(postLead, {
    path: '/api/leads',
    ip: uniqueIp(),
    body: {
      firstName: 'Amy',
      lastName: 'Pond',
      email,
      phone: '+44 7700 900123',
      treatmentInterest: 'improve-my-smile',
      referrerId: referrer.cardNumber,
    },
  });
  expect(res.status).toBe(201);
  await dispatchDue();
  const [alert] = await mail.waitFor(to(CLINIC.clinicEmail));
  const [thanks] = await mail.waitFor(to(email));
  return { alert: alert!, thanks: thanks! };
}

/** A referral reward card sent by staff, with a long name (the longest card link). */
async function cardMail() {
  const client = await fixtureClient({ firstName: 'Maximiliana', lastName: 'Fotheringham-Worthington' });
  const staff = await makeStaff();
  const res = await call(sendCardRoute, { params: { id: client.id }, method: 'POST', cookie: staff.cookie });
  expect(res.status).toBe(202);
  await dispatchDue();
  const [card] = await mail.waitFor(to(client.email!));
  return card!;
}

async function bankDetailsMail() {
  const client = await fixtureClient({ firstName: 'Rory' });
  const staff = await makeStaff();
  const res = await call(patchClient, {
    method: 'PATCH',
    params: { id: client.id },
    body: { bacsRequested: true },
    cookie: staff.cookie,
  });
  expect(res.status).toBe(200);
  await dispatchDue();
  const [request] = await mail.waitFor(to(client.email!));
  return request!;
}

/** 'Reward paid', queued in the outbox as a payment writes it, and sent by the same dispatch. */
async function rewardPaidMail() {
  const client = await fixtureClient({ firstName: 'Donna' });
  await db.message.create({
    data: {
      id: randomUUID(),
      kind: 'reward_paid',
      dedupeKey: `mail-rendering:${randomUUID()}`,
      toEmail: client.email,
      toName: client.firstName,
      subject: 'We’ve paid your £200.00 referral reward from Bright Smile Dental',
      data: { firstName: client.firstName, amountPence: 20_000 },
      status: 'queued',
      nextAttemptAt: new Date(),
      clientId: client.id,
    },
  });
  await dispatchDue();
  const [paid] = await mail.waitFor(to(client.email!));
  return paid!;
}

/** The message as a phone shows it: its inline images (cid:) given from the message's own attachments. */
async function openOnPhone(message: ParsedMail) {
  let body = html(message);
  for (const a of message.attachments) {
    if (a.cid)
      body = body.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content.toString('base64')}`);
  }
  const page = await browser.newPage({ viewport: { width: PHONE_WIDTH, height: 844 }, deviceScaleFactor: 3 });
  await page.setContent(body, { waitUntil: 'load' });
  const measured = await page.evaluate(() => {
    const texts = [...document.body.querySelectorAll<HTMLElement>('p, a, td, strong, span')].filter(
      (el) => el.offsetWidth > 0 && (el.textContent ?? '').trim() !== '',
    );
    const sizes = texts.map((el) => parseFloat(getComputedStyle(el).fontSize));
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()} ${Math.round(el.getBoundingClientRect().right)}px`);
    const paragraphs = [...document.body.querySelectorAll<HTMLElement>('p')].map((p) =>
      parseFloat(getComputedStyle(p).fontSize),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      smallestText: Math.min(...sizes),
      commonText: paragraphs.sort(
        (a, b) => paragraphs.filter((x) => x === b).length - paragraphs.filter((x) => x === a).length,
      )[0],
      wide,
      viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? null,
    };
  });
  await page.close();
  return measured;
}

describe('every email fits a 390 px phone screen, readable without zooming', () => {
  let all: Record<string, ParsedMail>;

  beforeAll(async () => {
    const { alert, thanks } = await leadMails();
    all = {
      'card-issued': await cardMail(),
      'new-referral': alert,
      'lead-acknowledgement': thanks,
      'reward-paid': await rewardPaidMail(),
      'bank-details-request': await bankDetailsMail(),
    };
  });

  it.each(['card-issued', 'new-referral', 'lead-acknowledgement', 'reward-paid', 'bank-details-request'])(
    '%s: has a viewport, no horizontal overflow and text of at least 13 px (16 px for the body)',
    async (kind) => {
      const measured = await openOnPhone(all[kind]!);
      expect(measured.viewport).toBe('width=device-width, initial-scale=1');
      // Without the viewport a phone lays the page out 980 px wide: the innerWidth shows which way it went.
      expect(measured.innerWidth).toBe(PHONE_WIDTH);
      expect(measured.wide).toEqual([]);
      expect(measured.scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
      expect(measured.smallestText).toBeGreaterThanOrEqual(13);
      expect(measured.commonText).toBeGreaterThanOrEqual(16);
    },
  );

  it('names the clinic in every subject, keeping the spec’s words', () => {
    expect(all['card-issued']!.subject).toBe('Your Referral Reward Card from Bright Smile Dental');
    expect(all['new-referral']!.subject).toBe('New referral for Bright Smile Dental: Amy Pond');
    expect(all['lead-acknowledgement']!.subject).toBe('Thank you: Bright Smile Dental will be in touch');
    expect(all['bank-details-request']!.subject).toBe(
      'Where should we pay your referral reward from Bright Smile Dental?',
    );
  });

  it('shows the friend’s phone in the clinic’s alert as 07700 900123, a tel: link', () => {
    const alert = all['new-referral']!;
    expect(alert.text).toContain('Phone: 07700 900123');
    expect(html(alert)).toMatch(/<a href="tel:\+447700900123"[^>]*>07700 900123<\/a>/);
    expect(alert.text).not.toContain('+447700900123');
  });

  it('repeats the offer the form promised in the friend’s thank-you, in the clinic’s words', () => {
    const text = all['lead-acknowledgement']!.text ?? '';
    expect(text).toContain('Your offer: a free whitening kit.');
    expect(text).toContain(OFFER.offerDetails);
    expect(text).toContain(OFFER.offerTerms);
    // The clinic's own number, tappable.
    expect(html(all['lead-acknowledgement']!)).toContain('href="tel:+441134960000"');
  });
});

describe('the thank-you without an offer', () => {
  it('says nothing of an offer when the clinic has none', async () => {
    await db.settings.update({ where: { id: 1 }, data: { offerEnabled: false } });
    try {
      const { thanks } = await leadMails();
      expect(thanks.text).not.toContain('Your offer');
      expect(thanks.text).not.toContain(OFFER.offerHeadline);
    } finally {
      await db.settings.update({ where: { id: 1 }, data: { offerEnabled: true } });
    }
  });
});
