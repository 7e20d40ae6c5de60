/**
 * Issue 28, point 2: staff could set any reward up to £5,000 at Story Started and nothing recorded it. A reward
 * other than the one fixed when the friend was referred is for full admins only, audited (old and new amounts,
 * who, when) in the change's own transaction, and shown in the monthly payment report. Against the real route
 * handlers and a real PostgreSQL.
 */
import { GET as auditCsvRoute } from '@/app/api/payments/audit.csv/route';
import { GET as auditRoute } from '@/app/api/payments/audit/route';
import { GET as reportRoute } from '@/app/api/payments/report/route';
import { POST as markPaidRoute } from '@/app/api/referrals/[id]/payment/route';
import { PATCH as patchReferralRoute } from '@/app/api/referrals/[id]/route';
import { db } from '@/lib/db';
import type { PaymentGroupDto, PaymentReportDto } from '@/lib/dto/payments';
import { currentUkMonth } from '@/lib/uk-time';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureReferral } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();

let staff: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  staff = await makeStaff();
  admin = await makeStaff({ isFullAdmin: true });
});

const FORBIDDEN_TEXT = (fixed: string) =>
  `Only a full admin can change a reward's amount. This referral's reward is ${fixed}, fixed when the friend ` +
  'was referred: start the story without an amount, or ask a full admin.';

const patch = (id: string, body: unknown, cookie: string) =>
  call(patchReferralRoute, { method: 'PATCH', path: `/api/referrals/${id}`, params: { id }, body, cookie });
const markPaid = (id: string) =>
  call(markPaidRoute, {
    method: 'POST',
    path: `/api/referrals/${id}/payment`,
    params: { id },
    cookie: admin.cookie,
  });
const rewardEntries = (referralId: string) =>
  db.paymentAuditEntry.findMany({
    where: { referralId, action: 'reward_changed' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });

/** A referral not yet started whose reward was fixed at `pence` when the friend was referred. */
async function referralFixedAt(pence: number, state: 'pending' | 'In Progress' = 'pending') {
  const client = await fixtureClient({ firstName: 'Reward', lastName: `Owner${pence}` });
  const referral = await fixtureReferral('pending', { client });
  await db.referral.update({
    where: { id: referral.id },
    data: { rewardPence: pence, status: state === 'pending' ? 'pending' : 'in_progress' },
  });
  return { client, referral };
}

describe('staff cannot set a reward other than the fixed one (issue 28, point 2)', () => {
  it.each(['pending', 'In Progress'] as const)(
    'from %s: £5,000 (or any other amount) from a staff session is 403 with a clear message, and nothing is written',
    async (state) => {
      const { referral } = await referralFixedAt(20_000, state);
      const before = await db.referral.findUniqueOrThrow({ where: { id: referral.id } });
      const auditBefore = await db.paymentAuditEntry.count();
      for (const rewardAmount of [5_000, 200.01, 199.99, 0.01]) {
        const res = await patch(referral.id, { status: 'Payment Due', rewardAmount }, staff.cookie);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: FORBIDDEN_TEXT('£200.00') });
      }
      expect(await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).toEqual(before);
      expect(await db.paymentAuditEntry.count()).toBe(auditBefore);
    },
  );

  it('staff may start the story with no amount, or with the fixed amount itself: the fixed reward, nothing audited', async () => {
    const a = await referralFixedAt(15_000);
    const b = await referralFixedAt(15_000);
    const none = await patch(a.referral.id, { status: 'Payment Due' }, staff.cookie);
    expect(none.status).toBe(200);
    expect(none.body.rewardAmount).toBe(150);
    const same = await patch(b.referral.id, { status: 'Payment Due', rewardAmount: 150 }, staff.cookie);
    expect(same.status).toBe(200);
    expect(same.body.rewardAmount).toBe(150);
    expect(await rewardEntries(a.referral.id)).toHaveLength(0);
    expect(await rewardEntries(b.referral.id)).toHaveLength(0);
  });

  it('an older referral without a fixed reward owes the setting: staff naming another amount is refused too', async () => {
    const referral = await fixtureReferral('pending'); // no rewardPence: the setting (£200 by default)
    const res = await patch(referral.id, { status: 'Payment Due', rewardAmount: 4_999 }, staff.cookie);
    expect(res.status).toBe(403);
    expect((await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe('pending');
  });
});

describe("a full admin's change of a reward is audited and reported (issue 28, point 2)", () => {
  it('writes a reward_changed entry with the old and new amounts, who and when, shown in the audit API and audit.csv', async () => {
    const { client, referral } = await referralFixedAt(20_000);
    const from = Date.now();
    const res = await patch(referral.id, { status: 'Payment Due', rewardAmount: 350.5 }, admin.cookie);
    const to = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Payment Due', rewardAmount: 350.5, paid: false });
    expect((await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).rewardPence).toBe(35_050);

    const entries = await rewardEntries(referral.id);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      action: 'reward_changed',
      referralId: referral.id,
      clientId: client.id,
      clientName: 'Reward Owner20000',
      previousAmountPence: 20_000,
      amountPence: 35_050,
      performedById: admin.id,
      performedBy: admin.email,
      details: 'Reward changed from £200.00 to £350.50',
    });
    expect(entry!.createdAt.getTime()).toBeGreaterThanOrEqual(from - 1000);
    expect(entry!.createdAt.getTime()).toBeLessThanOrEqual(to + 1000);

    const api = await call(auditRoute, { path: '/api/payments/audit?limit=200', cookie: admin.cookie });
    expect(api.body.entries.find((e: { id: string }) => e.id === entry!.id)).toEqual({
      id: entry!.id,
      timestamp: entry!.createdAt.toISOString(),
      action: 'reward_changed',
      clientName: 'Reward Owner20000',
      referralName: expect.any(String),
      amount: 350.5,
      performedBy: admin.email,
      details: 'Reward changed from £200.00 to £350.50',
    });
    const csv = await call(auditCsvRoute, { path: '/api/payments/audit.csv', cookie: admin.cookie });
    expect(csv.body).toContain(
      `"Reward changed","Reward Owner20000","${entry!.referralName}","350.50","${admin.email}","Reward changed from £200.00 to £350.50"`,
    );

    // The payment afterwards is of the new amount, under the admin who pays; the change's entry stays as it was.
    const paid = await markPaid(referral.id);
    expect(paid.status).toBe(200);
    expect(paid.body.auditEntry).toMatchObject({ action: 'payment_marked', amount: 350.5 });
    expect(await rewardEntries(referral.id)).toEqual(entries);
  });

  it('a full admin naming the fixed amount changes nothing and writes no entry', async () => {
    const { referral } = await referralFixedAt(20_000);
    const res = await patch(referral.id, { status: 'Payment Due', rewardAmount: 200 }, admin.cookie);
    expect(res.status).toBe(200);
    expect(await rewardEntries(referral.id)).toHaveLength(0);
  });

  it("shows in the monthly report's row: changed from £X to £Y by whom", async () => {
    const { client, referral } = await referralFixedAt(20_000);
    const other = await fixtureReferral('pending', { client });
    await db.referral.update({ where: { id: other.id }, data: { rewardPence: 20_000 } });
    expect((await patch(referral.id, { status: 'Payment Due', rewardAmount: 75 }, admin.cookie)).status).toBe(
      200,
    );
    expect((await patch(other.id, { status: 'Payment Due' }, staff.cookie)).status).toBe(200);
    const [entry] = await rewardEntries(referral.id);

    const { year, month } = currentUkMonth();
    const res = await call(reportRoute, {
      path: `/api/payments/report?year=${year}&month=${month}&limit=200`,
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const group = (res.body as PaymentReportDto).groups.find(
      (g: PaymentGroupDto) => g.clientId === client.id,
    )!;
    const changed = group.payments.find((p) => p.id === referral.id);
    expect(changed).toMatchObject({
      rewardAmount: 75,
      rewardChange: { from: 200, to: 75, by: admin.email, at: entry!.createdAt.toISOString() },
    });
    expect(group.payments.find((p) => p.id === other.id)).toMatchObject({
      rewardAmount: 200,
      rewardChange: null,
    });
    expect(group.totalOwed).toBe(275);
  });

  it('is one transaction: when the audit entry cannot be written, the reward is not changed either', async () => {
    const { referral } = await referralFixedAt(20_000);
    // The audit refuses this one entry (as a full disk or a lost connection would fail it).
    await db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION test_refuse_reward_audit() RETURNS trigger AS $$
      BEGIN
        IF NEW."action" = 'reward_changed' THEN RAISE EXCEPTION 'audit unavailable'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`
      CREATE TRIGGER test_refuse_reward_audit BEFORE INSERT ON "payment_audit_entries"
      FOR EACH ROW EXECUTE FUNCTION test_refuse_reward_audit()`);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await patch(referral.id, { status: 'Payment Due', rewardAmount: 999 }, admin.cookie);
      expect(res.status).toBe(500);
    } finally {
      quiet.mockRestore();
      await db.$executeRawUnsafe('DROP TRIGGER test_refuse_reward_audit ON "payment_audit_entries"');
      await db.$executeRawUnsafe('DROP FUNCTION test_refuse_reward_audit()');
    }
    expect(await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).toMatchObject({
      status: 'pending',
      rewardPence: 20_000,
      convertedAt: null,
    });
  });
});
