/**
 * Issue 14, points 6 and 9: bank details nobody can swap quietly, and a bank file a bank would take. Against
 * the real route handlers and a real PostgreSQL.
 */
import { PATCH as patchClientRoute } from '@/app/api/admin/clients/[id]/route';
import { POST as approveRoute } from '@/app/api/admin/clients/[id]/bank-details/approve/route';
import { GET as pendingRoute } from '@/app/api/admin/clients/[id]/bank-details/pending/route';
import { GET as getClientRoute } from '@/app/api/clients/[id]/route';
import { GET as auditCsvRoute } from '@/app/api/payments/audit.csv/route';
import { GET as auditRoute } from '@/app/api/payments/audit/route';
import { GET as bankFileRoute } from '@/app/api/payments/bank-file.csv/route';
import { GET as bankFilePreviewRoute } from '@/app/api/payments/bank-file/route';
import { GET as outstandingRoute } from '@/app/api/payments/outstanding/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { GET as reportCsvRoute } from '@/app/api/payments/report.csv/route';
import { GET as reportRoute } from '@/app/api/payments/report/route';
import { POST as markPaidRoute } from '@/app/api/referrals/[id]/payment/route';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { formatDateTime } from '@/lib/format';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type TestStaff } from '../support/http';
import { fixtureClient, fixtureReferral, UNKNOWN_ID } from '../support/fixtures';

setUpTestDatabase();

let staff: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
});

const key = () => Buffer.from(process.env.ENCRYPTION_KEY!, 'base64');

const patchBank = (id: string, body: Record<string, unknown>, cookie: string) =>
  call(patchClientRoute, { method: 'PATCH', path: `/api/admin/clients/${id}`, params: { id }, body, cookie });
/** Issue 28, point 1: an approval names the held change it approves (the client's bankDetailsChangeId). */
const approve = (id: string, cookie: string, changeId?: string | null) =>
  call(approveRoute, {
    method: 'POST',
    path: `/api/admin/clients/${id}/bank-details/approve`,
    params: { id },
    body: { changeId },
    cookie,
  });
/** The held change a full admin sees on the client, as the Clients tab shows it. */
const heldChangeId = async (id: string): Promise<string | null> =>
  (await getClient(id, admin.cookie)).body.bankDetailsChangeId ?? null;
const getClient = (id: string, cookie: string) =>
  call(getClientRoute, { path: `/api/clients/${id}?referrals=false`, params: { id }, cookie });
const markPaid = (id: string, cookie = admin.cookie) =>
  call(markPaidRoute, { method: 'POST', path: `/api/referrals/${id}/payment`, params: { id }, cookie });
const payAll = (clientId: string, year: number, month: number) =>
  call(payAllRoute, { body: { clientId, year, month }, cookie: admin.cookie });
const bankEntries = (clientId: string) =>
  db.paymentAuditEntry.findMany({
    where: { clientId, action: { in: ['bank_details_changed', 'bank_details_approved'] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });

const JANE = { sortCode: '12-34-56', accountNumber: '12345678', accountName: 'Jane Smith' };
const MALLORY = { sortCode: '65-43-21', accountNumber: '87654321', accountName: 'M Allory' };

describe('older rows (saved before the keyed hash and the account name existed)', () => {
  it('get their hash on the first full-admin read, and are flagged when they share an account', async () => {
    // Written as the app wrote bank details before: encrypted numbers, no hash, no account name.
    const a = await fixtureClient({ firstName: 'Legacy', lastName: 'One' });
    const b = await fixtureClient({ firstName: 'Legacy', lastName: 'Two' });
    for (const c of [a, b]) {
      await db.client.update({
        where: { id: c.id },
        data: { sortCodeEnc: encrypt('11-22-33', key()), accountNumberEnc: encrypt('44556677', key()) },
      });
    }
    const res = await getClient(a.id, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sortCode: '11-22-33',
      accountNumber: '44556677',
      accountName: null,
      bankDetailsHeldAt: null,
      sharedBankDetailsWith: [b.cardNumber],
    });
    const rows = await db.client.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(rows.every((r) => r.bankDetailsHash && !r.bankDetailsHash.includes('44556677'))).toBe(true);
  });
});

describe('every change of bank details is audited, numbers masked', () => {
  it('set (staff), changed (full admin), name changed, removed (full admin); the same details again change nothing', async () => {
    const c = await fixtureClient({ firstName: 'Audit', lastName: 'Trail' });
    expect((await patchBank(c.id, JANE, staff.cookie)).status).toBe(200);
    expect((await patchBank(c.id, JANE, staff.cookie)).status).toBe(200); // same again: no entry
    expect((await patchBank(c.id, MALLORY, admin.cookie)).status).toBe(200);
    expect((await patchBank(c.id, { ...MALLORY, accountName: 'Mal Lory' }, admin.cookie)).status).toBe(200);
    const removed = await patchBank(c.id, { sortCode: null, accountNumber: null }, admin.cookie);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ hasBankDetails: false, accountName: null });

    const entries = await bankEntries(c.id);
    expect(entries.map((e) => [e.action, e.performedBy, e.details])).toEqual([
      [
        'bank_details_changed',
        staff.email,
        'Set: none → sort code **-**-56, account ****5678; payments held until a full admin approves',
      ],
      [
        'bank_details_changed',
        admin.email,
        "Changed: sort code **-**-56, account ****5678 → sort code **-**-21, account ****4321; account holder's name changed; an earlier hold is cleared",
      ],
      [
        'bank_details_changed',
        admin.email,
        "Changed: sort code **-**-21, account ****4321 → sort code **-**-21, account ****4321; account holder's name changed",
      ],
      ['bank_details_changed', admin.email, 'Removed: sort code **-**-21, account ****4321 → none'],
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({
        clientId: c.id,
        clientName: 'Audit Trail',
        performedById: expect.any(String),
      });
      expect(e.details).not.toMatch(/12345678|87654321|12-34-56|65-43-21/);
    }

    // Shown in the audit API and audit.csv with a clear label.
    const api = await call(auditRoute, { path: '/api/payments/audit?limit=200', cookie: admin.cookie });
    const mine = api.body.entries.filter((e: { clientName: string }) => e.clientName === 'Audit Trail');
    expect(mine[0]).toMatchObject({
      action: 'bank_details_changed',
      details: 'Removed: sort code **-**-21, account ****4321 → none',
      performedBy: admin.email,
    });
    const csv = await call(auditCsvRoute, { path: '/api/payments/audit.csv', cookie: admin.cookie });
    expect(csv.body).toContain(
      `"Bank details changed","Audit Trail","","","${admin.email}","Removed: sort code **-**-21, account ****4321 → none"`,
    );
    expect(csv.body).not.toMatch(/87654321/);
  });

  it("needs the account holder's name with new details (400, nothing written)", async () => {
    const c = await fixtureClient();
    const res = await patchBank(c.id, { sortCode: '12-34-56', accountNumber: '12345678' }, admin.cookie);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Enter the account holder's name as the bank has it");
    expect((await db.client.findUniqueOrThrow({ where: { id: c.id } })).sortCodeEnc).toBeNull();
    expect(await bankEntries(c.id)).toHaveLength(0);
  });

  it("shows the account holder's name to full admins only", async () => {
    const c = await fixtureClient();
    await patchBank(c.id, JANE, admin.cookie);
    expect((await getClient(c.id, admin.cookie)).body).toMatchObject({ accountName: 'Jane Smith' });
    const forStaff = (await getClient(c.id, staff.cookie)).body;
    expect(forStaff).not.toHaveProperty('accountName');
    expect(forStaff).not.toHaveProperty('sharedBankDetailsWith');
    expect(JSON.stringify(forStaff)).not.toContain('Jane Smith');
  });
});

describe('a change by someone other than a full admin holds the payments', () => {
  it('refuses single payments and Pay All (409 naming who and when) until a full admin approves', async () => {
    const c = await fixtureClient({ firstName: 'Held', lastName: 'Client' });
    await patchBank(c.id, JANE, admin.cookie); // an admin's details: not held
    const converted = new Date('2024-06-10T10:00:00Z');
    const r1 = await fixtureReferral('due', { client: c, convertedAt: converted });
    const r2 = await fixtureReferral('due', { client: c, convertedAt: converted });

    // A staff member swaps the account.
    const swap = await patchBank(c.id, MALLORY, staff.cookie);
    expect(swap.status).toBe(200);
    expect(swap.body.bankDetailsChangedBy).toBe(staff.email);
    const heldAt = swap.body.bankDetailsHeldAt as string;
    expect(new Date(heldAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const message =
      `Payments to Held Client are on hold: their bank details were changed by ${staff.email} on ` +
      `${formatDateTime(heldAt)} (UK time). A full admin must approve the new details before anything is paid.`;

    const single = await markPaid(r1.id);
    expect(single.status).toBe(409);
    expect(single.body.message).toBe(message);
    const all = await payAll(c.id, 2024, 6);
    expect(all.status).toBe(409);
    expect(all.body.message).toBe(message);
    expect(await db.referral.count({ where: { id: { in: [r1.id, r2.id] }, rewardPaid: true } })).toBe(0);

    // The hold is visible: outstanding list, monthly report (API and CSV).
    const out = await call(outstandingRoute, { path: '/api/payments/outstanding', cookie: admin.cookie });
    expect(out.body.find((o: { referralId: string }) => o.referralId === r1.id)).toMatchObject({
      bankDetailsHeldAt: heldAt,
      bankDetailsChangedBy: staff.email,
    });
    const report = await call(reportRoute, {
      path: '/api/payments/report?year=2024&month=6',
      cookie: admin.cookie,
    });
    expect(report.body.groups.find((g: { clientId: string }) => g.clientId === c.id)).toMatchObject({
      bankDetailsHeldAt: heldAt,
      bankDetailsChangedBy: staff.email,
      accountName: 'M Allory',
    });
    const csv = await call(reportCsvRoute, {
      path: '/api/payments/report.csv?year=2024&month=6',
      cookie: admin.cookie,
    });
    expect(csv.body).toContain(`Bank details changed by ${staff.email} on ${formatDateTime(heldAt)}`);

    // Approving (naming the held change, issue 28): staff 403, unknown 404, a full admin 200 with an audit entry.
    const changeId = await heldChangeId(c.id);
    expect(changeId).toMatch(/^[0-9a-f-]{36}$/);
    const byStaff = await approve(c.id, staff.cookie, changeId);
    expect(byStaff.status).toBe(403);
    expect(await approve(UNKNOWN_ID, admin.cookie, changeId)).toMatchObject({ status: 404 });
    const ok = await approve(c.id, admin.cookie, changeId);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      id: c.id,
      bankDetailsHeldAt: null,
      bankDetailsChangedBy: null,
      bankDetailsChangeId: null,
    });
    const again = await approve(c.id, admin.cookie, changeId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('These bank details are not on hold: there is nothing to approve.');
    const entries = await bankEntries(c.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'bank_details_approved',
      performedBy: admin.email,
      details: `Approved: sort code **-**-21, account ****4321, as changed by ${staff.email}`,
    });
    expect(entries.filter((e) => e.action === 'bank_details_approved')).toHaveLength(1);

    // Now paying works, single and Pay All.
    expect((await markPaid(r1.id)).status).toBe(200);
    const rest = await payAll(c.id, 2024, 6);
    expect(rest.status).toBe(200);
    expect(rest.body.paid.map((r: { id: string }) => r.id)).toEqual([r2.id]);
  });

  it("a full admin's change is not held, and clears an earlier hold", async () => {
    const c = await fixtureClient();
    const r = await fixtureReferral('due', { client: c });
    expect((await patchBank(c.id, JANE, staff.cookie)).body.bankDetailsHeldAt).not.toBeNull();
    const byAdmin = await patchBank(c.id, MALLORY, admin.cookie);
    expect(byAdmin.body).toMatchObject({ bankDetailsHeldAt: null, bankDetailsChangedBy: null });
    expect((await markPaid(r.id, staff.cookie)).status).toBe(200);
  });

  it('does not hold a staff edit that leaves the details as they are', async () => {
    const c = await fixtureClient();
    await patchBank(c.id, JANE, admin.cookie);
    const same = await patchBank(c.id, { ...JANE, accountName: ' jane smith ' }, staff.cookie);
    expect(same.body.bankDetailsHeldAt).toBeNull();
  });
});

describe('an approval approves the change the admin saw, never a newer one (issue 28, point 1)', () => {
  const heldOf = (id: string) =>
    db.client.findUniqueOrThrow({
      where: { id },
      select: { bankDetailsHeldAt: true, bankDetailsChangeId: true },
    });

  it('needs the change it approves: none or a malformed one is 400, and nothing is approved', async () => {
    const c = await fixtureClient();
    await patchBank(c.id, JANE, staff.cookie);
    for (const body of [undefined, {}, { changeId: null }, { changeId: 'latest' }, { changeId: 42 }]) {
      const res = await call(approveRoute, {
        method: 'POST',
        path: `/api/admin/clients/${c.id}/bank-details/approve`,
        params: { id: c.id },
        ...(body === undefined ? {} : { body }),
        cookie: admin.cookie,
      });
      // No body at all is 415 (not JSON), as any route with a body answers it.
      expect(res.status).toBe(body === undefined ? 415 : 400);
    }
    expect((await heldOf(c.id)).bankDetailsHeldAt).not.toBeNull();
    expect((await bankEntries(c.id)).map((e) => e.action)).toEqual(['bank_details_changed']);
  });

  it('a staff change landing between the admin reading and approving: 409 with the newer details masked, nothing approved, no payment to the new account until it is approved itself', async () => {
    const c = await fixtureClient({ firstName: 'Raced', lastName: 'Approval' });
    const r = await fixtureReferral('due', { client: c });
    // A member of staff (or the client's link) puts in the client's details; the admin opens the Clients tab.
    await patchBank(c.id, JANE, staff.cookie);
    const seen = await getClient(c.id, admin.cookie);
    expect(seen.body).toMatchObject({
      accountNumber: JANE.accountNumber,
      bankDetailsHeldAt: expect.any(String),
    });
    const seenChange = seen.body.bankDetailsChangeId as string;

    // Meanwhile another member of staff swaps in their own account.
    const swap = await patchBank(c.id, MALLORY, staff.cookie);
    expect(swap.status).toBe(200);

    const res = await approve(c.id, admin.cookie, seenChange);
    expect(res.status).toBe(409);
    const newerChange = await heldChangeId(c.id);
    expect(newerChange).not.toBe(seenChange);
    expect(res.body).toEqual({
      message:
        `These bank details were changed again by ${staff.email} on ` +
        `${formatDateTime(swap.body.bankDetailsHeldAt)} (UK time), after the change you were approving. ` +
        'Nothing was approved: check the newer details and approve them if they are right.',
      code: 'bank_details_changed_again',
      pending: {
        changeId: newerChange,
        // Issue 29, point 8: masked except the last four digits, as the approval shows them.
        sortCode: '**-43-21',
        accountNumber: '****4321',
        accountName: MALLORY.accountName,
        changedBy: staff.email,
        heldAt: swap.body.bankDetailsHeldAt,
      },
    });
    // Never the whole numbers in the answer.
    expect(JSON.stringify(res.body)).not.toMatch(/87654321|65-43-21/);
    // Nothing approved: still held, no approval entry, and the reward is not paid to the new account.
    expect((await heldOf(c.id)).bankDetailsHeldAt).not.toBeNull();
    expect((await bankEntries(c.id)).filter((e) => e.action === 'bank_details_approved')).toHaveLength(0);
    const refused = await markPaid(r.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('bank_details_held');
    expect((await db.referral.findUniqueOrThrow({ where: { id: r.id } })).rewardPaid).toBe(false);

    // Approving what the admin now sees (the newer change) works, and then the payment goes.
    const ok = await approve(c.id, admin.cookie, newerChange);
    expect(ok.status).toBe(200);
    expect((await bankEntries(c.id)).at(-1)).toMatchObject({
      action: 'bank_details_approved',
      details: `Approved: sort code **-**-21, account ****4321, as changed by ${staff.email}`,
    });
    expect((await markPaid(r.id)).status).toBe(200);
  });

  it('the same, at the same moment: whichever lands first, the swapped-in account is never approved by the approval of the earlier one', async () => {
    for (let round = 0; round < 8; round++) {
      const c = await fixtureClient({ firstName: 'Race', lastName: `Round${round}` });
      const r = await fixtureReferral('due', { client: c });
      await patchBank(c.id, JANE, staff.cookie);
      const seenChange = await heldChangeId(c.id);
      const [swap, approval] = await Promise.all([
        patchBank(c.id, MALLORY, staff.cookie),
        approve(c.id, admin.cookie, seenChange),
      ]);
      expect(swap.status).toBe(200);
      expect([200, 409]).toContain(approval.status);
      // Either way the swapped-in account is held now, and paying is refused.
      const after = await heldOf(c.id);
      expect(after.bankDetailsHeldAt).not.toBeNull();
      expect(after.bankDetailsChangeId).not.toBe(seenChange);
      expect((await markPaid(r.id)).status).toBe(409);
      const approved = (await bankEntries(c.id)).filter((e) => e.action === 'bank_details_approved');
      // An approval that landed first approved Jane's account, the one the admin saw, and nothing else.
      expect(approved.map((e) => e.details)).toEqual(
        approval.status === 200
          ? [`Approved: sort code **-**-56, account ****5678, as changed by ${staff.email}`]
          : [],
      );
    }
  });

  it("a full admin's own change clears the held change's id; an approval naming it is told nothing is held", async () => {
    const c = await fixtureClient();
    await patchBank(c.id, JANE, staff.cookie);
    const seenChange = await heldChangeId(c.id);
    await patchBank(c.id, MALLORY, admin.cookie);
    expect(await heldOf(c.id)).toEqual({ bankDetailsHeldAt: null, bankDetailsChangeId: null });
    const res = await approve(c.id, admin.cookie, seenChange);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('These bank details are not on hold: there is nothing to approve.');
  });

  it("the change id is shown to full admins only; staff see that details are held, not the change's id", async () => {
    const c = await fixtureClient();
    await patchBank(c.id, JANE, staff.cookie);
    expect((await getClient(c.id, admin.cookie)).body.bankDetailsChangeId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getClient(c.id, staff.cookie)).body).not.toHaveProperty('bankDetailsChangeId');
  });
});

describe('the same account on two clients is flagged to full admins', () => {
  it('lists the other clients by card number, in the client and in the report', async () => {
    const a = await fixtureClient({ firstName: 'Twin', lastName: 'One' });
    const b = await fixtureClient({ firstName: 'Twin', lastName: 'Two' });
    const other = await fixtureClient({ firstName: 'Twin', lastName: 'Other' });
    await patchBank(
      a.id,
      { sortCode: '20-00-00', accountNumber: '55555555', accountName: 'A' },
      admin.cookie,
    );
    await patchBank(
      b.id,
      { sortCode: '20-00-00', accountNumber: '55555555', accountName: 'B' },
      staff.cookie,
    );
    await patchBank(
      other.id,
      { sortCode: '20-00-00', accountNumber: '55555556', accountName: 'C' },
      admin.cookie,
    );
    expect((await getClient(a.id, admin.cookie)).body.sharedBankDetailsWith).toEqual([b.cardNumber]);
    expect((await getClient(b.id, admin.cookie)).body.sharedBankDetailsWith).toEqual([a.cardNumber]);
    expect((await getClient(other.id, admin.cookie)).body.sharedBankDetailsWith).toEqual([]);

    await fixtureReferral('due', { client: a, convertedAt: new Date('2024-07-10T10:00:00Z') });
    const report = await call(reportRoute, {
      path: '/api/payments/report?year=2024&month=7',
      cookie: admin.cookie,
    });
    expect(report.body.groups.find((g: { clientId: string }) => g.clientId === a.id)).toMatchObject({
      sharedBankDetailsWith: [b.cardNumber],
    });
    // Changing one of them away ends the flag.
    await patchBank(
      b.id,
      { sortCode: '20-00-00', accountNumber: '55555557', accountName: 'B' },
      admin.cookie,
    );
    expect((await getClient(a.id, admin.cookie)).body.sharedBankDetailsWith).toEqual([]);
  });
});

describe('GET /api/payments/bank-file.csv', () => {
  const download = (cookie = admin.cookie) =>
    call(bankFileRoute, { path: '/api/payments/bank-file.csv', cookie });

  it('answers 401 signed out and 403 for staff', async () => {
    expect((await download('')).status).toBe(401);
    expect((await download(staff.cookie)).status).toBe(403);
  });

  it('is one line per payee of everything owed now, across months; held, detail-less and paid rows left out', async () => {
    // Settle everything the other tests left owed, so the file holds only this test's payees.
    await db.referral.updateMany({ where: { status: 'payment_due' }, data: { rewardPaid: true } });
    const payee = await fixtureClient({ firstName: 'Zoë', lastName: "O'Brien-Smith" });
    await patchBank(payee.id, { ...JANE, accountName: "Zoë O'Brien-Smith & Co" }, admin.cookie);
    const friend = await fixtureReferral('due', {
      client: payee,
      convertedAt: new Date('2024-01-15T10:00:00Z'),
      rewardPence: 20_000,
    });
    await fixtureReferral('due', {
      client: payee,
      convertedAt: new Date('2025-03-15T10:00:00Z'),
      rewardPence: 5_050,
    });
    await fixtureReferral('paid', { client: payee, rewardPence: 99_900 });
    const second = await fixtureClient({ firstName: 'Adam', lastName: 'Able' });
    await patchBank(
      second.id,
      { sortCode: '40-47-84', accountNumber: '00012345', accountName: 'Adam Able' },
      admin.cookie,
    );
    await fixtureReferral('due', { client: second, rewardPence: 1_000 });
    const held = await fixtureClient({ firstName: 'Held', lastName: 'Out' });
    await patchBank(held.id, MALLORY, staff.cookie);
    await fixtureReferral('due', { client: held });
    const noDetails = await fixtureClient({ firstName: 'No', lastName: 'Details' });
    await fixtureReferral('due', { client: noDetails });

    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv\b/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="bank-payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-bank-file-payees')).toBe('2');
    expect(res.headers.get('x-bank-file-total')).toBe('260.50');
    expect(res.headers.get('x-bank-file-held')).toBe('1');
    expect(res.headers.get('x-bank-file-without-details')).toBe('1');
    expect(res.body).toBe(
      'Account name,Sort code,Account number,Amount,Reference\r\n' +
        `ADAM ABLE,404784,00012345,10.00,${second.cardNumber}\r\n` +
        `ZOE OBRIEN-SMITH &,123456,12345678,250.50,${payee.cardNumber}\r\n`,
    );
    for (const line of (res.body as string).trim().split('\r\n').slice(1)) {
      const [name, sort, account, amount, reference] = line.split(',');
      expect(name!.length).toBeLessThanOrEqual(18);
      expect(sort).toMatch(/^\d{6}$/);
      expect(account).toMatch(/^\d{8}$/);
      expect(amount).toMatch(/^\d+\.\d{2}$/);
      expect(reference!.length).toBeLessThanOrEqual(18);
    }
    // No friend (patient) name anywhere.
    const lead = await db.lead.findFirstOrThrow({ where: { referrals: { some: { id: friend.id } } } });
    expect(res.body).not.toContain(lead.lastName.toUpperCase());
    expect(res.body).not.toContain(lead.lastName);
  });
});

describe('the approval shows what it approves (issue 29, point 8)', () => {
  const pending = (id: string, cookie?: string) =>
    call(pendingRoute, { path: `/api/admin/clients/${id}/bank-details/pending`, params: { id }, cookie });

  it('answers 401 signed out, 403 to staff, and 404 for an unknown client or a malformed id', async () => {
    const c = await fixtureClient();
    expect((await pending(c.id)).status).toBe(401);
    const byStaff = await pending(c.id, staff.cookie);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.message).toBe('Only a full admin can do this.');
    expect(await pending(UNKNOWN_ID, admin.cookie)).toMatchObject({
      status: 404,
      body: { message: 'That client does not exist.' },
    });
    // The house rule for a path id: one that cannot exist is not found (bad-input.test.ts's path corpus).
    expect((await pending('not-an-id', admin.cookie)).status).toBe(404);
  });

  it('gives the held change: the new numbers masked except the last four, the holder, who and when; never the full numbers', async () => {
    const c = await fixtureClient({ firstName: 'Rory', lastName: 'Williams' });
    expect((await pending(c.id, admin.cookie)).body).toEqual({ pending: null });
    const changed = await patchBank(c.id, JANE, staff.cookie);
    expect(changed.status).toBe(200);
    const res = await pending(c.id, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pending: {
        changeId: await heldChangeId(c.id),
        sortCode: '**-34-56',
        accountNumber: '****5678',
        accountName: 'Jane Smith',
        changedBy: staff.email,
        heldAt: changed.body.bankDetailsHeldAt,
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/12345678|12-34-56|123456/);
    // What it shows is what an approval of its changeId approves.
    expect((await approve(c.id, admin.cookie, res.body.pending.changeId)).status).toBe(200);
    expect((await pending(c.id, admin.cookie)).body).toEqual({ pending: null });
  });
});

describe('GET /api/payments/bank-file: what the file holds, said before downloading (issue 29, point 9)', () => {
  const preview = (cookie?: string) =>
    call(bankFilePreviewRoute, { path: '/api/payments/bank-file', cookie });
  const download = () => call(bankFileRoute, { path: '/api/payments/bank-file.csv', cookie: admin.cookie });

  it('answers 401 signed out and 403 for staff', async () => {
    expect((await preview()).status).toBe(401);
    expect((await preview(staff.cookie)).status).toBe(403);
  });

  it('says how many payees and how much, and who is left out and why, exactly as the file then holds', async () => {
    await db.referral.updateMany({ where: { status: 'payment_due' }, data: { rewardPaid: true } });
    // Nobody owed: an empty preview, and nothing to offer.
    expect((await preview(admin.cookie)).body).toEqual({
      payees: 0,
      total: 0,
      heldClients: 0,
      withoutBankDetails: 0,
      leftOut: [],
    });

    const held = await fixtureClient({ firstName: 'Held', lastName: 'Back' });
    await patchBank(held.id, MALLORY, staff.cookie);
    await fixtureReferral('due', { client: held, rewardPence: 20_000 });
    const none = await fixtureClient({ firstName: 'Nodetails', lastName: 'Yet' });
    await fixtureReferral('due', { client: none, rewardPence: 15_000 });
    // Only left-out clients: the file would have no payee, and the preview says so before any download.
    const onlyLeftOut = await preview(admin.cookie);
    expect(onlyLeftOut.status).toBe(200);
    expect(onlyLeftOut.body).toEqual({
      payees: 0,
      total: 0,
      heldClients: 1,
      withoutBankDetails: 1,
      leftOut: [
        { clientId: held.id, clientName: 'Held Back', reason: 'held', owed: 200 },
        { clientId: none.id, clientName: 'Nodetails Yet', reason: 'no-bank-details', owed: 150 },
      ],
    });

    const payee = await fixtureClient({ firstName: 'Paid', lastName: 'Bybank' });
    await patchBank(payee.id, JANE, admin.cookie);
    await fixtureReferral('due', { client: payee, rewardPence: 12_345 });
    const res = await preview(admin.cookie);
    expect(res.body).toMatchObject({ payees: 1, total: 123.45, heldClients: 1, withoutBankDetails: 1 });
    expect(res.body.leftOut).toHaveLength(2);
    // No bank numbers in the preview.
    expect(JSON.stringify(res.body)).not.toMatch(/12345678|87654321|123456|654321/);
    const file = await download();
    expect(file.headers.get('x-bank-file-payees')).toBe(String(res.body.payees));
    expect(file.headers.get('x-bank-file-total')).toBe('123.45');
    expect((file.body as string).trim().split('\r\n')).toHaveLength(1 + res.body.payees);
  });
});

describe('GET /api/payments/outstanding says where each reward goes, for the Paid Now confirmation', () => {
  it('whether bank details are held, the account holder and the last four digits only', async () => {
    const withBank = await fixtureClient({ firstName: 'Bank', lastName: 'Holder' });
    await patchBank(withBank.id, JANE, admin.cookie);
    const r1 = await fixtureReferral('due', {
      client: withBank,
      convertedAt: new Date('2020-01-01T10:00:00Z'),
    });
    const without = await fixtureClient({ firstName: 'No', lastName: 'Bank' });
    const r2 = await fixtureReferral('due', {
      client: without,
      convertedAt: new Date('2020-01-01T10:00:01Z'),
    });
    const res = await call(outstandingRoute, {
      path: '/api/payments/outstanding?limit=100',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const rowOf = (id: string) => res.body.find((o: { referralId: string }) => o.referralId === id);
    expect(rowOf(r1.id)).toMatchObject({
      hasBankDetails: true,
      accountName: 'Jane Smith',
      accountEnding: '5678',
    });
    expect(rowOf(r2.id)).toMatchObject({ hasBankDetails: false, accountName: null, accountEnding: null });
    expect(JSON.stringify(res.body)).not.toContain('12345678');
  });
});
