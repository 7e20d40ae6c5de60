/**
 * Issue 14, points 7 and 8, against the real route handlers and a real PostgreSQL: money records are never
 * rewritten (deleting a client, a referral or a team member leaves every past month's report as it was), a
 * deleted client's personal data is gone while what was paid stays under their card number, rewards still owed
 * to them are cancelled with an audit entry, and a referral's reward is the amount its card promised.
 *
 * Each test works in its own past month (2025-03, 2025-04), because the file shares one database.
 */
import { PATCH as patchClientRoute } from '@/app/api/admin/clients/[id]/route';
import { POST as createClientRoute } from '@/app/api/admin/clients/route';
import { GET as cardRoute } from '@/app/api/card/[cardToken]/route';
import { DELETE as deleteClientRoute, GET as getClientRoute } from '@/app/api/clients/[id]/route';
import { GET as leaderboardRoute } from '@/app/api/clients/leaderboard/route';
import { GET as listClientsRoute } from '@/app/api/clients/route';
import { POST as postLeadRoute } from '@/app/api/leads/route';
import { GET as auditRoute } from '@/app/api/payments/audit/route';
import { GET as outstandingRoute } from '@/app/api/payments/outstanding/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { GET as reportRoute } from '@/app/api/payments/report/route';
import { DELETE as undoPaymentRoute, POST as markPaidRoute } from '@/app/api/referrals/[id]/payment/route';
import { DELETE as deleteReferralRoute, PATCH as patchReferralRoute } from '@/app/api/referrals/[id]/route';
import { GET as listReferralsRoute, POST as createReferralRoute } from '@/app/api/referrals/route';
import { PATCH as patchSettingsRoute } from '@/app/api/settings/route';
import { GET as cardholderRoute } from '@/app/api/users/card/[cardNumber]/route';
import { GET as cardQrRoute } from '@/app/api/users/card/[cardNumber]/qr/route';
import pg from 'pg';
import { brandedCardToken } from '@/lib/card-address';
import { db } from '@/lib/db';
import type { ClientDto } from '@/lib/dto/clients';
import type { PaymentReportDto } from '@/lib/dto/payments';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type TestStaff } from '../support/http';
import { snapshot } from '../support/row-counts';

setUpTestDatabase();

const PAID_REFERRAL_TEXT =
  "This referral's reward has been paid, so it stays in the payment records. Undo the payment first if it was marked by mistake.";
const DELETED_CLIENT_REFERRAL_TEXT =
  "This referral's client has been deleted, so its payment record can no longer change.";
const CLIENT_NOT_FOUND_TEXT = 'That client does not exist.';

let staff: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
});

let n = 0;
const uniqueEmail = (name: string) => {
  n += 1;
  return `${name.toLowerCase()}.${n}@example.com`;
};
let ip = 0;
const nextIp = () => {
  ip += 1;
  return `10.77.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
};

let accounts = 0;

async function newClient(firstName: string, lastName: string): Promise<ClientDto> {
  const res = await call(createClientRoute, {
    body: { firstName, lastName, email: uniqueEmail(firstName), affiliateCompany: 'Smile Partners Ltd' },
    cookie: staff.cookie,
  });
  if (res.status !== 201) throw new Error(`client not created: ${res.status} ${JSON.stringify(res.body)}`);
  const client = res.body as ClientDto;
  const bank = await call(patchClientRoute, {
    method: 'PATCH',
    path: `/api/admin/clients/${client.id}`,
    params: { id: client.id },
    body: {
      sortCode: '12-34-56',
      // A different account each: the same one on two clients would flag them to each other.
      accountNumber: String(10_000_000 + ++accounts),
      accountName: `${firstName} ${lastName}`,
    },
    cookie: admin.cookie,
  });
  if (bank.status !== 200) throw new Error(`bank details not set: ${bank.status}`);
  return client;
}

async function pendingReferral(client: ClientDto, lead: [string, string]): Promise<string> {
  const row = await db.lead.create({
    data: { firstName: lead[0], lastName: lead[1], email: uniqueEmail(lead[0]), phone: '+447123456789' },
  });
  const res = await call(createReferralRoute, {
    path: '/api/referrals',
    body: { referrerId: client.id, leadId: row.id },
    cookie: staff.cookie,
  });
  if (res.status !== 201) throw new Error(`referral not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** As a full admin: the conversions name their own amounts, which only a full admin may (issue 28). */
const patchReferral = (id: string, body: unknown) =>
  call(patchReferralRoute, {
    method: 'PATCH',
    path: `/api/referrals/${id}`,
    params: { id },
    body,
    cookie: admin.cookie,
  });

/** Story Started through the API, then moved to a conversion instant in the given month. */
async function conversion(client: ClientDto, lead: [string, string], amount: number, at?: string) {
  const id = await pendingReferral(client, lead);
  const res = await patchReferral(id, { status: 'Payment Due', rewardAmount: amount });
  if (res.status !== 200) throw new Error(`not converted: ${res.status} ${JSON.stringify(res.body)}`);
  if (at) await db.referral.update({ where: { id }, data: { convertedAt: new Date(at) } });
  return id;
}

const markPaid = (id: string) =>
  call(markPaidRoute, {
    method: 'POST',
    path: `/api/referrals/${id}/payment`,
    params: { id },
    cookie: staff.cookie,
  });
const undoPayment = (id: string) =>
  call(undoPaymentRoute, {
    method: 'DELETE',
    path: `/api/referrals/${id}/payment`,
    params: { id },
    cookie: admin.cookie,
  });
async function paid(id: string) {
  const res = await markPaid(id);
  if (res.status !== 200) throw new Error(`not paid: ${res.status} ${JSON.stringify(res.body)}`);
}
const report = async (year: number, month: number): Promise<PaymentReportDto> => {
  const res = await call(reportRoute, {
    path: `/api/payments/report?year=${year}&month=${month}`,
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
  return res.body as PaymentReportDto;
};
const deleteClient = (id: string, cookie = admin.cookie) =>
  call(deleteClientRoute, { method: 'DELETE', path: `/api/clients/${id}`, params: { id }, cookie });
const deleteReferral = (id: string) =>
  call(deleteReferralRoute, {
    method: 'DELETE',
    path: `/api/referrals/${id}`,
    params: { id },
    cookie: admin.cookie,
  });

/** What a past month's report says was paid: the total, and each paid payment (id and amount). */
const paidPart = (r: PaymentReportDto) => ({
  totalPaid: r.totalPaid,
  payments: r.groups
    .flatMap((g) => g.payments.filter((p) => p.paid).map((p) => ({ id: p.id, amount: p.rewardAmount })))
    .sort((a, b) => (a.id < b.id ? -1 : 1)),
});

describe('deleting a client (issue 14, point 7)', () => {
  it("keeps every past month's paid total and payments, names the client 'Deleted client' with the card number, erases their data, cancels what was owed with an audit entry, and no card lookup finds them", async () => {
    const gone = await newClient('Dorothy', 'Gale');
    const bystander = await newClient('Toto', 'Kansas');
    const paidA = await conversion(gone, ['Amy', 'Pond'], 200, '2025-03-10T12:00:00Z');
    const paidB = await conversion(gone, ['Rory', 'Williams'], 150, '2025-03-11T12:00:00Z');
    await paid(paidA);
    await paid(paidB);
    const owedPast = await conversion(gone, ['Clara', 'Oswald'], 120, '2025-03-12T12:00:00Z');
    const owedNow = await conversion(gone, ['Bill', 'Potts'], 80);
    const pending = await pendingReferral(gone, ['Donna', 'Noble']);
    const otherPaid = await conversion(bystander, ['Martha', 'Jones'], 90, '2025-03-13T12:00:00Z');
    await paid(otherPaid);
    await conversion(bystander, ['River', 'Song'], 60, '2025-03-14T12:00:00Z');

    const before = await report(2025, 3);
    const row = await db.client.findUniqueOrThrow({ where: { id: gone.id } });
    const outstandingBefore = (
      await call(outstandingRoute, { path: '/api/payments/outstanding', cookie: admin.cookie })
    ).headers;
    const listedBefore = await call(listClientsRoute, {
      path: '/api/clients?referrals=false',
      cookie: staff.cookie,
    });

    // The delete dialog states what is owed, from the server, before anything is deleted.
    const shown = await call(getClientRoute, {
      path: `/api/clients/${gone.id}`,
      params: { id: gone.id },
      cookie: admin.cookie,
    });
    expect(shown.status).toBe(200);
    expect(shown.body.owedAmount).toBe(200);

    // Staff who are not full admins cannot delete.
    const refused = await deleteClient(gone.id, staff.cookie);
    expect(refused.status).toBe(403);

    const res = await deleteClient(gone.id);
    expect(res.status).toBe(204);

    // The past month's report: the same paid total and the same paid payments.
    const after = await report(2025, 3);
    expect(paidPart(after)).toEqual(paidPart(before));
    expect(paidPart(after).payments).toHaveLength(3);
    // The deleted client's group: 'Deleted client' with the card number, no bank details, nothing owed.
    const group = after.groups.find((g) => g.clientId === gone.id)!;
    expect(group).toMatchObject({
      clientName: 'Deleted client',
      cardNumber: row.cardNumber,
      sortCode: null,
      accountNumber: null,
      totalPaid: 350,
      totalOwed: 0,
    });
    expect(group.payments.map((p) => p.id).sort()).toEqual([paidA, paidB].sort());
    // The owed reward is no longer owed; nobody else's group moved.
    expect(after.totalOwed).toBe(before.totalOwed - 120);
    expect(after.groups.find((g) => g.clientId === bystander.id)).toEqual(
      before.groups.find((g) => g.clientId === bystander.id),
    );

    // Personal data gone from the row; the card number and the money stay.
    const erased = await db.client.findUniqueOrThrow({ where: { id: gone.id } });
    expect(erased).toMatchObject({
      firstName: '',
      lastName: '',
      email: null,
      affiliateCompany: null,
      sortCodeEnc: null,
      accountNumberEnc: null,
      accountNameEnc: null,
      bankDetailsHash: null,
      cardNumber: row.cardNumber,
      deletedAt: expect.any(Date),
    });
    expect(erased.inviteToken).not.toBe(row.inviteToken);
    expect(JSON.stringify(erased)).not.toMatch(/Dorothy|Gale|dorothy/);
    expect(await db.referral.count({ where: { referrerId: gone.id } })).toBe(2);
    expect(await db.referral.count({ where: { id: { in: [owedPast, owedNow, pending] } } })).toBe(0);

    // The audit: the payments stay under 'Deleted client' with the card number; each owed reward has its
    // 'reward_cancelled' entry, by whom, with the amount and the friend's name.
    const audit = (await call(auditRoute, { path: '/api/payments/audit?limit=200', cookie: admin.cookie }))
      .body.entries as {
      action: string;
      clientName: string;
      referralName: string;
      amount: number;
      performedBy: string;
    }[];
    const label = `Deleted client (${row.cardNumber})`;
    expect(audit.filter((e) => e.action === 'payment_marked' && e.clientName === label)).toHaveLength(2);
    expect(audit.filter((e) => e.action === 'reward_cancelled')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          clientName: label,
          referralName: 'Clara Oswald',
          amount: 120,
          performedBy: admin.email,
        }),
        expect.objectContaining({
          clientName: label,
          referralName: 'Bill Potts',
          amount: 80,
          performedBy: admin.email,
        }),
      ]),
    );
    expect(JSON.stringify(audit)).not.toMatch(/Dorothy|Gale/);

    // No longer owed: the outstanding list and its total leave them out.
    const outstanding = await call(outstandingRoute, {
      path: '/api/payments/outstanding?limit=200',
      cookie: admin.cookie,
    });
    expect((outstanding.body as { clientId: string }[]).some((o) => o.clientId === gone.id)).toBe(false);
    expect(Number(outstanding.headers.get('X-Total-Count'))).toBe(
      Number(outstandingBefore.get('X-Total-Count')) - 2,
    );

    // The card address, the card number routes and the lead form's referrer lookup no longer find the card.
    for (const token of [row.inviteToken, brandedCardToken(row.firstName, row.lastName, row.cardKey)]) {
      const card = await call(cardRoute, {
        path: `/api/card/${token}`,
        params: { cardToken: token },
        ip: nextIp(),
      });
      expect(card.status).toBe(404);
    }
    const byNumber = await call(cardholderRoute, {
      path: `/api/users/card/${row.cardNumber}`,
      params: { cardNumber: row.cardNumber },
      ip: nextIp(),
    });
    expect(byNumber.status).toBe(404);
    const qr = await call(cardQrRoute, {
      path: `/api/users/card/${row.cardNumber}/qr`,
      params: { cardNumber: row.cardNumber },
      ip: nextIp(),
    });
    expect(qr.status).toBe(404);
    const lead = await call(postLeadRoute, {
      path: '/api/leads',
      body: {
        firstName: 'New',
        lastName: 'Friend',
        email: uniqueEmail('friend'),
        phone: '+44 7123 456789',
        treatmentInterest: 'improve-my-smile',
        referrerId: row.cardNumber,
      },
      ip: nextIp(),
    });
    expect(lead.status).toBe(201);
    expect(lead.body.referralId).toBeNull();

    // Every list, search, count and the leaderboard leave them out; the client's own routes answer 404.
    const listed = await call(listClientsRoute, {
      path: '/api/clients?referrals=false&limit=200',
      cookie: staff.cookie,
    });
    expect((listed.body as { id: string }[]).some((c) => c.id === gone.id)).toBe(false);
    expect(Number(listed.headers.get('X-Total-Count'))).toBe(
      Number(listedBefore.headers.get('X-Total-Count')) - 1,
    );
    for (const q of [row.cardNumber, 'Dorothy']) {
      const found = await call(listClientsRoute, {
        path: `/api/clients?referrals=false&q=${encodeURIComponent(q)}`,
        cookie: staff.cookie,
      });
      expect(found.body).toEqual([]);
      expect(found.headers.get('X-Total-Count')).toBe('0');
    }
    const board = await call(leaderboardRoute, { path: '/api/clients/leaderboard', cookie: staff.cookie });
    expect((board.body as { id: string }[]).some((c) => c.id === gone.id)).toBe(false);
    const again = await call(getClientRoute, {
      path: `/api/clients/${gone.id}`,
      params: { id: gone.id },
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(CLIENT_NOT_FOUND_TEXT);
    const theirReferrals = await call(listReferralsRoute, {
      path: `/api/referrals?clientId=${gone.id}`,
      cookie: staff.cookie,
    });
    expect(theirReferrals.status).toBe(404);
    expect((await deleteClient(gone.id)).status).toBe(404);

    // What was paid cannot be unpaid, reverted, deleted or paid again: it is the record.
    const beforeActions = await snapshot();
    const undo = await undoPayment(paidA);
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe(DELETED_CLIENT_REFERRAL_TEXT);
    expect((await patchReferral(paidA, { status: 'pending' })).status).toBe(409);
    expect((await deleteReferral(paidA)).status).toBe(409);
    const payAll = await call(payAllRoute, {
      path: '/api/payments/pay-all',
      body: { clientId: gone.id, year: 2025, month: 3 },
      cookie: admin.cookie,
    });
    expect(payAll.status).toBe(404);
    expect(await snapshot()).toEqual(beforeActions);
    expect(paidPart(await report(2025, 3))).toEqual(paidPart(before));
  });
});

describe('deleting a referral (issue 14, point 7)', () => {
  it("answers 409 for a paid one, saying why, and leaves the month's report as it was", async () => {
    const client = await newClient('Jo', 'March');
    const id = await conversion(client, ['Meg', 'March'], 175, '2025-04-08T12:00:00Z');
    await paid(id);
    const before = await report(2025, 4);
    const rows = await snapshot();

    const res = await deleteReferral(id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PAID_REFERRAL_TEXT);
    expect(await snapshot()).toEqual(rows);
    expect(await report(2025, 4)).toEqual(before);
  });
});

describe('the reward ceiling (issue 14, point 8)', () => {
  it.each([
    [{ referralRewardAmount: 5001 }, 'The reward cannot be more than £5,000.'],
    [{ teamBonusAmount: 5001 }, 'The team bonus cannot be more than £5,000.'],
    [{ referralRewardAmount: 1_000_000 }, 'The reward cannot be more than £5,000.'],
  ])('refuses %p with 400 and a clear message, writing nothing', async (body, message) => {
    const before = await snapshot();
    const res = await call(patchSettingsRoute, {
      method: 'PATCH',
      path: '/api/settings',
      body,
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts £5,000 exactly', async () => {
    const res = await call(patchSettingsRoute, {
      method: 'PATCH',
      path: '/api/settings',
      body: { referralRewardAmount: 5000 },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.referralRewardAmount).toBe(5000);
  });
});

describe('a lead on its way while its referrer is deleted (issue 14, point 7)', () => {
  it('waits for the deletion and records the lead without a referrer or a referral', async () => {
    const client = await newClient('Ozma', 'Oz');
    const row = await db.client.findUniqueOrThrow({ where: { id: client.id } });
    // A deletion under way: the client's row locked and marked deleted, not yet committed.
    const deleting = new pg.Client(process.env.DATABASE_URL);
    await deleting.connect();
    try {
      await deleting.query('BEGIN');
      await deleting.query('SELECT 1 FROM "clients" WHERE "id" = $1 FOR UPDATE', [client.id]);
      await deleting.query(
        `UPDATE "clients" SET "deletedAt" = now(), "firstName" = '', "lastName" = '', "email" = NULL WHERE "id" = $1`,
        [client.id],
      );
      const posting = call(postLeadRoute, {
        path: '/api/leads',
        body: {
          firstName: 'Late',
          lastName: 'Friend',
          email: uniqueEmail('late'),
          phone: '+44 7123 456789',
          treatmentInterest: 'improve-my-smile',
          referrerId: row.cardNumber,
        },
        ip: nextIp(),
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await deleting.query('COMMIT');
      const res = await posting;
      expect(res.status).toBe(201);
      expect(res.body.referralId).toBeNull();
      const lead = await db.lead.findUniqueOrThrow({ where: { id: res.body.leadId } });
      expect(lead).toMatchObject({ referrerId: null });
      expect(lead.recommendedBy ?? '').not.toMatch(/Ozma|Oz\b/);
      expect(await db.referral.count({ where: { referrerId: client.id } })).toBe(0);
    } finally {
      await deleting.end();
    }
  });
});
