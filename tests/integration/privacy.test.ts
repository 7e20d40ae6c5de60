/**
 * Privacy (issue 16): the exports of everything held about a client or a lead, a lead's erasure, the daily
 * retention run (it erases exactly what it should and nothing the money records need), the job queue that
 * schedules it, and a card number that matches no client.
 */
import { GET as exportClientRoute } from '@/app/api/clients/[id]/export/route';
import { GET as exportReferralRoute } from '@/app/api/referrals/[id]/export/route';
import { POST as eraseLeadRoute } from '@/app/api/leads/[id]/erase/route';
import { POST as attachLeadRoute } from '@/app/api/leads/[id]/attach/route';
import { GET as listLeadsRoute, POST as postLead } from '@/app/api/leads/route';
import { GET as reportRoute } from '@/app/api/payments/report/route';
import { db } from '@/lib/db';
import { encrypt } from '@/lib/crypto';
import { encryptionKey } from '@/lib/env';
import { RETENTION_JOB, startJobs } from '@/lib/jobs/queue';
import { ERASED_SESSION, runRetention } from '@/lib/services/privacy';
import { monthsBefore } from '@/lib/retention-rules';
import { setUpTestDatabase } from '../support/db';
import {
  fixtureClient,
  fixtureLead,
  fixtureMember,
  fixtureReferral,
  fixtureScan,
  UNKNOWN_ID,
  uniqueEmail,
  uniqueIp,
} from '../support/fixtures';
import { call, makeStaff } from '../support/http';

setUpTestDatabase();

describe('GET /api/clients/{id}/export', () => {
  it('answers 401 signed out, 403 to staff, 404 for an unknown client', async () => {
    const client = await fixtureClient();
    expect((await call(exportClientRoute, { params: { id: client.id } })).status).toBe(401);
    const staff = await makeStaff();
    expect((await call(exportClientRoute, { params: { id: client.id }, cookie: staff.cookie })).status).toBe(
      403,
    );
    const admin = await makeStaff({ isFullAdmin: true });
    const missing = await call(exportClientRoute, { params: { id: UNKNOWN_ID }, cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('That client does not exist.');
  });

  it('downloads everything held about the client, and nothing about their friends', async () => {
    const client = await fixtureClient({ firstName: 'Grace', lastName: 'Hopper', affiliateCompany: 'Navy' });
    const key = encryptionKey();
    await db.client.update({
      where: { id: client.id },
      data: { sortCodeEnc: encrypt('112233', key), accountNumberEnc: encrypt('12345678', key) },
    });
    const referral = await fixtureReferral('paid', { client });
    const friend = await db.lead.findUniqueOrThrow({ where: { id: referral.leadId } });
    const admin = await makeStaff({ isFullAdmin: true });
    const res = await call(exportClientRoute, { params: { id: client.id }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="client-${client.id}.json"`);
    expect(res.body).toMatchObject({
      kind: 'client',
      client: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: client.email,
        cardNumber: client.cardNumber,
        affiliateCompany: 'Navy',
        bankDetails: { sortCode: '112233', accountNumber: '12345678' },
      },
      referralsMade: [{ id: referral.id, status: 'Payment Due', rewardPaid: true, rewardAmount: 200 }],
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(friend.lastName);
    expect(text).not.toContain(friend.email!);
  });
});

describe('GET /api/referrals/{id}/export and POST /api/leads/{id}/erase', () => {
  it('answer 401, 403 and 404 as usual', async () => {
    const referral = await fixtureReferral('pending');
    const staff = await makeStaff();
    const admin = await makeStaff({ isFullAdmin: true });
    expect((await call(exportReferralRoute, { params: { id: referral.id } })).status).toBe(401);
    expect(
      (await call(exportReferralRoute, { params: { id: referral.id }, cookie: staff.cookie })).status,
    ).toBe(403);
    expect(
      (await call(exportReferralRoute, { params: { id: UNKNOWN_ID }, cookie: admin.cookie })).status,
    ).toBe(404);
    const erase = (id: string, cookie?: string) =>
      call(eraseLeadRoute, { method: 'POST', params: { id }, cookie });
    expect((await erase(referral.leadId)).status).toBe(401);
    expect((await erase(referral.leadId, staff.cookie)).status).toBe(403);
    expect((await erase(UNKNOWN_ID, admin.cookie)).status).toBe(404);
    expect((await db.lead.findUniqueOrThrow({ where: { id: referral.leadId } })).erasedAt).toBeNull();
  });

  it('exports what the form recorded, then erases it while the paid reward stays in the report', async () => {
    const client = await fixtureClient();
    const referral = await fixtureReferral('paid', { client, convertedAt: new Date('2025-03-10T12:00:00Z') });
    await db.paymentAuditEntry.create({
      data: {
        action: 'payment_marked',
        referralId: referral.id,
        clientId: client.id,
        clientName: 'Fixture Client',
        referralName: 'Fixture Lead',
        amountPence: 20_000,
        performedBy: 'admin@clinic.test',
      },
    });
    const admin = await makeStaff({ isFullAdmin: true });
    const exported = await call(exportReferralRoute, { params: { id: referral.id }, cookie: admin.cookie });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      kind: 'lead',
      lead: { id: referral.leadId, phone: '+447123456789', marketingConsent: false, erasedAt: null },
      referrals: [{ id: referral.id, referrerCardNumber: client.cardNumber, rewardPaid: true }],
    });

    const report = () =>
      call(reportRoute, { path: '/api/payments/report?year=2025&month=3', cookie: admin.cookie });
    const before = (await report()).body;
    const res = await call(eraseLeadRoute, {
      method: 'POST',
      params: { id: referral.leadId },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ erased: true });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: referral.leadId } });
    expect(lead).toMatchObject({
      firstName: '',
      lastName: '',
      email: null,
      phone: null,
      treatmentInterest: null,
    });
    expect(lead.erasedAt).not.toBeNull();
    // Money records: the referral and its amount stay; the audit keeps the amount without the name.
    expect(await db.referral.findUnique({ where: { id: referral.id } })).toMatchObject({
      rewardPaid: true,
      rewardPence: 20_000,
    });
    const audit = await db.paymentAuditEntry.findFirstOrThrow({ where: { referralId: referral.id } });
    expect(audit).toMatchObject({ referralName: 'Erased lead', amountPence: 20_000 });
    const after = (await report()).body;
    expect(after.totalPaid).toBe(200);
    expect(after.totalPaid).toEqual(before.totalPaid);
    expect(after.groups[0].payments[0]).toMatchObject({
      id: referral.id,
      name: 'Erased lead',
      rewardAmount: 200,
      paid: true,
    });
    expect(JSON.stringify(after)).not.toContain(exported.body.lead.lastName);
  });
});

describe('the retention run', () => {
  it('erases old leads that never became a paying referral, and nothing else', async () => {
    const now = new Date('2026-11-25T03:15:00Z');
    const old = monthsBefore(now, 25);
    const recent = monthsBefore(now, 23);
    const client = await fixtureClient();

    const oldUnpaid = await fixtureLead(client.id);
    const oldPending = await fixtureReferral('pending', { client });
    const oldDue = await fixtureReferral('due', { client });
    const oldPaid = await fixtureReferral('paid', { client });
    const recentLead = await fixtureLead();
    for (const id of [oldUnpaid.id, oldPending.leadId, oldDue.leadId, oldPaid.leadId]) {
      await db.lead.update({ where: { id }, data: { createdAt: old } });
    }
    await db.lead.update({ where: { id: recentLead.id }, data: { createdAt: recent } });

    const member = await fixtureMember();
    const oldScan = await fixtureScan(member);
    const newScan = await fixtureScan(member);
    await db.reviewScan.update({ where: { id: oldScan.id }, data: { createdAt: monthsBefore(now, 14) } });
    const counts = await db.teamMember.findUniqueOrThrow({ where: { id: member.id } });

    const result = await runRetention(now);
    expect(result.leadsErased).toBeGreaterThanOrEqual(2);

    const erased = async (id: string) =>
      (await db.lead.findUniqueOrThrow({ where: { id } })).erasedAt !== null;
    expect(await erased(oldUnpaid.id)).toBe(true);
    expect(await erased(oldPending.leadId)).toBe(true);
    expect(await erased(oldDue.leadId)).toBe(false);
    expect(await erased(oldPaid.leadId)).toBe(false);
    expect(await erased(recentLead.id)).toBe(false);
    // The referrals stay (the client's count and history); only the person is gone.
    expect(await db.referral.count({ where: { id: { in: [oldPending.id, oldDue.id, oldPaid.id] } } })).toBe(
      3,
    );

    expect(await db.reviewScan.findUniqueOrThrow({ where: { id: oldScan.id } })).toMatchObject({
      sessionId: ERASED_SESSION,
      userAgent: null,
    });
    expect((await db.reviewScan.findUniqueOrThrow({ where: { id: newScan.id } })).sessionId).not.toBe(
      ERASED_SESSION,
    );
    // Counts and bonuses are money and statistics: untouched.
    expect(await db.teamMember.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      scanCount: counts.scanCount,
      uniqueVisitorCount: counts.uniqueVisitorCount,
    });

    // A second run finds nothing more to do.
    expect(await runRetention(now)).toMatchObject({ leadsErased: 0, scansErased: 0 });
  });

  it('follows the clinic’s leadRetentionMonths', async () => {
    const now = new Date('2026-11-25T03:15:00Z');
    await db.settings.upsert({
      where: { id: 1 },
      create: { id: 1, leadRetentionMonths: 6 },
      update: { leadRetentionMonths: 6 },
    });
    const lead = await fixtureLead();
    await db.lead.update({ where: { id: lead.id }, data: { createdAt: monthsBefore(now, 7) } });
    await runRetention(now);
    expect((await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).erasedAt).not.toBeNull();
    await db.settings.update({ where: { id: 1 }, data: { leadRetentionMonths: 24 } });
  });

  it('is scheduled daily on pg-boss in the same PostgreSQL', async () => {
    const boss = await startJobs(process.env.DATABASE_URL!);
    try {
      const schedules = await boss.getSchedules();
      expect(schedules).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: RETENTION_JOB, cron: '15 3 * * *', timezone: 'Europe/London' }),
        ]),
      );
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});

describe('a card number that matches no client', () => {
  it('keeps what the friend typed, lists it for staff, and lets staff attach the right client', async () => {
    const res = await call(postLead, {
      ip: uniqueIp(),
      body: {
        firstName: 'ada',
        lastName: 'lovelace',
        email: uniqueEmail('friend'),
        phone: '07123 456789',
        treatmentInterest: 'improve-my-smile',
        referrerId: 'sc-zzzz-zzzz-zzzz',
        marketingConsent: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.referralId).toBeNull();
    const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
    expect(lead).toMatchObject({
      enteredCardNumber: 'SC-ZZZZ-ZZZZ-ZZZZ',
      cardNotFound: true,
      referrerId: null,
      marketingConsent: true,
    });
    expect(lead.marketingConsentAt).not.toBeNull();

    const staff = await makeStaff();
    const listed = await call(listLeadsRoute, { path: '/api/leads?unmatched=true', cookie: staff.cookie });
    const items = (Array.isArray(listed.body) ? listed.body : listed.body.items) as {
      id: string;
      enteredCardNumber: string | null;
    }[];
    expect(items.map((l) => l.id)).toContain(lead.id);
    expect(items.every((l) => l.enteredCardNumber)).toBe(true);

    const attach = (body: unknown, cookie?: string) =>
      call(attachLeadRoute, { method: 'POST', params: { id: lead.id }, body, cookie });
    expect((await attach({ cardNumber: 'SC-AAAA-AAAA-AAAA' })).status).toBe(401);
    const bad = await attach({ cardNumber: 'nonsense' }, staff.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter the client’s card number, e.g. SC-AB12-CD34-EF56');
    const unknown = await attach({ cardNumber: 'SC-AAAA-AAAA-AAAA' }, staff.cookie);
    expect(unknown.status).toBe(404);
    expect(await db.referral.count({ where: { leadId: lead.id } })).toBe(0);

    const client = await fixtureClient();
    const attached = await attach({ cardNumber: client.cardNumber.toLowerCase() }, staff.cookie);
    expect(attached.status).toBe(200);
    expect(attached.body.referral).toMatchObject({
      referrerId: client.id,
      status: 'pending',
      rewardAmount: 200,
    });
    expect(await db.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({
      referrerId: client.id,
      enteredCardNumber: null,
      // Insights still count it among the leads that came with a card number matching no client (issue 20).
      cardNotFound: true,
    });
    expect((await attach({ cardNumber: client.cardNumber }, staff.cookie)).status).toBe(409);
  });

  it('stores marketing consent as unticked unless the box was ticked', async () => {
    const res = await call(postLead, {
      ip: uniqueIp(),
      body: {
        firstName: 'Alan',
        lastName: 'Turing',
        email: uniqueEmail('friend'),
        phone: '07123 456789',
        treatmentInterest: 'improve-my-smile',
      },
    });
    expect(await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } })).toMatchObject({
      marketingConsent: false,
      enteredCardNumber: null,
      cardNotFound: false,
    });
  });
});
