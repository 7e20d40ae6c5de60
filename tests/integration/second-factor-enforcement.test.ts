/**
 * Issue 31, point 4: a full admin without a second factor can sign in, but reading bank details, approving a
 * bank-detail change, paying (one, Pay All, undo; team bonuses too) and the bank file or a CSV with bank
 * details answer 403 "Set up a passkey or an authenticator app first (Settings → Security)". Paying and the
 * bank file also need a second factor used in the session within the last 12 hours. An upgraded install's
 * admins have 14 days' grace; only the server's environment can turn the rule off. Each refusal writes nothing.
 */
import { GET as clientRoute } from '@/app/api/clients/[id]/route';
import { GET as exportRoute } from '@/app/api/clients/[id]/export/route';
import { GET as clientsRoute } from '@/app/api/clients/route';
import { GET as pendingRoute } from '@/app/api/admin/clients/[id]/bank-details/pending/route';
import { POST as approveRoute } from '@/app/api/admin/clients/[id]/bank-details/approve/route';
import { GET as bankFileRoute } from '@/app/api/payments/bank-file/route';
import { GET as bankFileCsvRoute } from '@/app/api/payments/bank-file.csv/route';
import { POST as payAllRoute } from '@/app/api/payments/pay-all/route';
import { GET as reportCsvRoute } from '@/app/api/payments/report.csv/route';
import { GET as reportRoute } from '@/app/api/payments/report/route';
import { DELETE as undoRoute, POST as payRoute } from '@/app/api/referrals/[id]/payment/route';
import { DELETE as undoBonusRoute, POST as payBonusRoute } from '@/app/api/team-reviews/[id]/payment/route';
import { POST as teamPayAllRoute } from '@/app/api/team-reviews/pay-all/route';
import { POST as undoBulkRoute } from '@/app/api/team-reviews/undo-bulk/route';
import { GET as userRoute } from '@/app/api/user/route';
import { POST as startTotpRoute } from '@/app/api/account/totp/route';
import { POST as confirmTotpRoute } from '@/app/api/account/totp/verify/route';
import { POST as stepUpRoute } from '@/app/api/account/step-up/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as secondStepRoute } from '@/app/api/login/second-factor/route';
import { generate } from 'otplib';
import { SET_UP_SECOND_FACTOR_TEXT, STEP_UP_TEXT } from '@/lib/auth/second-factor-rules';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { setUpTestDatabase } from '../support/db';
import { fixtureClient, fixtureMember, fixtureReferral, fixtureReview } from '../support/fixtures';
import { call, makeStaff, type TestStaff } from '../support/http';
import { snapshot, snapshotChanges } from '../support/row-counts';

setUpTestDatabase();

const HOUR = 3_600_000;

beforeAll(() => {
  process.env.REQUIRE_ADMIN_SECOND_FACTOR = 'true';
});
afterAll(() => {
  process.env.REQUIRE_ADMIN_SECOND_FACTOR = 'false';
});

async function clientWithBankDetails() {
  const client = await fixtureClient();
  const key = encryptionKey();
  return db.client.update({
    where: { id: client.id },
    data: {
      sortCodeEnc: encrypt('112233', key),
      accountNumberEnc: encrypt('12345678', key),
      accountNameEnc: encrypt('J Smith', key),
    },
  });
}

/** Gives the account an authenticator app, as if set up (the set-up itself: second-factor.test.ts). */
async function giveFactor(staff: TestStaff) {
  await db.staffUser.update({
    where: { id: staff.id },
    data: { totpSecretEnc: encrypt('JBSWY3DPEHPK3PXP', encryptionKey()), totpEnabledAt: new Date() },
  });
}

async function factorUsed(staff: TestStaff, at: Date | null) {
  await db.staffSession.updateMany({ where: { userId: staff.id }, data: { secondFactorAt: at } });
}

const now = () => new Date();
const year = () =>
  Number(new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' }).format(now()));
const month = () =>
  Number(new Intl.DateTimeFormat('en-GB', { month: 'numeric', timeZone: 'Europe/London' }).format(now()));

/** Every guarded call, made fresh; `recent` marks the ones that also need the factor used in 12 hours. */
async function guardedCalls(cookie: string) {
  const client = await clientWithBankDetails();
  const referral = await fixtureReferral('due', { client });
  const paid = await fixtureReferral('paid', { client });
  const member = await fixtureMember();
  const review = await fixtureReview({ member, verified: true });
  const paidReview = await fixtureReview({ member, verified: true, paid: true });
  const q = `year=${year()}&month=${month()}`;
  return [
    {
      name: 'pending bank change',
      recent: false,
      run: () => call(pendingRoute, { cookie, params: { id: client.id } }),
    },
    {
      name: 'approve bank change',
      recent: false,
      run: () =>
        call(approveRoute, { cookie, params: { id: client.id }, body: { changeId: crypto.randomUUID() } }),
    },
    {
      name: 'client export',
      recent: false,
      run: () => call(exportRoute, { cookie, params: { id: client.id } }),
    },
    {
      name: 'monthly report',
      recent: false,
      run: () => call(reportRoute, { cookie, path: `/api/payments/report?${q}` }),
    },
    {
      name: 'monthly report CSV',
      recent: false,
      run: () => call(reportCsvRoute, { cookie, path: `/api/payments/report.csv?${q}` }),
    },
    {
      name: 'undo a payment',
      recent: false,
      run: () => call(undoRoute, { cookie, method: 'DELETE', params: { id: paid.id } }),
    },
    {
      name: 'undo a bonus',
      recent: false,
      run: () => call(undoBonusRoute, { cookie, method: 'DELETE', params: { id: paidReview.id } }),
    },
    {
      name: 'undo a bulk bonus payment',
      recent: false,
      run: () => call(undoBulkRoute, { cookie, body: { reviewIds: [paidReview.id] } }),
    },
    {
      name: 'pay one reward',
      recent: true,
      run: () => call(payRoute, { cookie, method: 'POST', params: { id: referral.id } }),
    },
    {
      name: 'Pay All',
      recent: true,
      run: () => call(payAllRoute, { cookie, body: { clientId: client.id, year: year(), month: month() } }),
    },
    { name: 'bank file preview', recent: true, run: () => call(bankFileRoute, { cookie }) },
    { name: 'bank file', recent: true, run: () => call(bankFileCsvRoute, { cookie }) },
    {
      name: 'pay a bonus',
      recent: true,
      run: () => call(payBonusRoute, { cookie, method: 'POST', params: { id: review.id } }),
    },
    {
      name: 'team Pay All',
      recent: true,
      run: () =>
        call(teamPayAllRoute, { cookie, body: { teamMemberId: member.id, year: year(), month: month() } }),
    },
  ];
}

describe('a full admin without a second factor', () => {
  let admin: TestStaff;
  beforeEach(async () => {
    admin = await makeStaff({ isFullAdmin: true });
  });

  it('can sign in and use the app, but every money and bank-detail call answers 403 in words, writing nothing', async () => {
    expect((await call(userRoute, { cookie: admin.cookie })).status).toBe(200);
    for (const guarded of await guardedCalls(admin.cookie)) {
      const before = await snapshot();
      const res = await guarded.run();
      expect({ name: guarded.name, status: res.status, message: res.body?.message }).toEqual({
        name: guarded.name,
        status: 403,
        message: SET_UP_SECOND_FACTOR_TEXT,
      });
      expect(res.body.secondFactor).toBe('set-up');
      expect(snapshotChanges(before, await snapshot())).toEqual([]);
    }
  });

  it('sees clients without their bank details until a factor is set up', async () => {
    const client = await clientWithBankDetails();
    const one = await call(clientRoute, { cookie: admin.cookie, params: { id: client.id } });
    expect(one.status).toBe(200);
    expect(one.body.hasBankDetails).toBe(true);
    expect(one.body.sortCode).toBeUndefined();
    expect(one.body.accountNumber).toBeUndefined();
    const list = await call(clientsRoute, {
      cookie: admin.cookie,
      path: `/api/clients?q=${client.lastName}`,
    });
    expect(JSON.stringify(list.body)).not.toContain('12345678');

    await giveFactor(admin);
    const after = await call(clientRoute, { cookie: admin.cookie, params: { id: client.id } });
    expect(after.body.accountNumber).toBe('12345678');
  });

  it('is let through during the 14 days’ grace of an upgraded install, and not after it', async () => {
    await db.staffUser.update({
      where: { id: admin.id },
      data: { secondFactorGraceUntil: new Date(Date.now() + 13 * 24 * HOUR) },
    });
    for (const guarded of await guardedCalls(admin.cookie)) {
      const res = await guarded.run();
      expect({ name: guarded.name, refused: res.status === 403 }).toEqual({
        name: guarded.name,
        refused: false,
      });
    }
    await db.staffUser.update({
      where: { id: admin.id },
      data: { secondFactorGraceUntil: new Date(Date.now() - 1000) },
    });
    const referral = await fixtureReferral('due', { client: await clientWithBankDetails() });
    const res = await call(payRoute, { cookie: admin.cookie, method: 'POST', params: { id: referral.id } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SET_UP_SECOND_FACTOR_TEXT);
  });

  it('is not asked when the operator sets REQUIRE_ADMIN_SECOND_FACTOR=false', async () => {
    process.env.REQUIRE_ADMIN_SECOND_FACTOR = 'false';
    try {
      for (const guarded of await guardedCalls(admin.cookie)) {
        const res = await guarded.run();
        expect({ name: guarded.name, refused: res.status === 403 }).toEqual({
          name: guarded.name,
          refused: false,
        });
      }
    } finally {
      process.env.REQUIRE_ADMIN_SECOND_FACTOR = 'true';
    }
  });
});

describe('a full admin with a second factor', () => {
  let admin: TestStaff;
  beforeEach(async () => {
    admin = await makeStaff({ isFullAdmin: true });
    await giveFactor(admin);
  });

  it('reads bank details at once, but pays and downloads the bank file only with the factor used in the last 12 hours', async () => {
    await factorUsed(admin, null);
    for (const guarded of await guardedCalls(admin.cookie)) {
      const before = await snapshot();
      const res = await guarded.run();
      if (guarded.recent) {
        expect({ name: guarded.name, status: res.status, message: res.body?.message }).toEqual({
          name: guarded.name,
          status: 403,
          message: STEP_UP_TEXT,
        });
        expect(res.body.secondFactor).toBe('step-up');
        expect(snapshotChanges(before, await snapshot())).toEqual([]);
      } else {
        expect({ name: guarded.name, refused: res.status === 403 }).toEqual({
          name: guarded.name,
          refused: false,
        });
      }
    }
  });

  it('treats a factor used 12 hours ago as too old, and one used an hour ago as recent', async () => {
    const referral = await fixtureReferral('due', { client: await clientWithBankDetails() });
    await factorUsed(admin, new Date(Date.now() - 12 * HOUR - 1000));
    const stale = await call(payRoute, { cookie: admin.cookie, method: 'POST', params: { id: referral.id } });
    expect(stale.status).toBe(403);
    expect(stale.body.secondFactor).toBe('step-up');
    expect((await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).rewardPaid).toBe(false);

    await factorUsed(admin, new Date(Date.now() - HOUR));
    for (const guarded of await guardedCalls(admin.cookie)) {
      const res = await guarded.run();
      expect({ name: guarded.name, refused: res.status === 403 }).toEqual({
        name: guarded.name,
        refused: false,
      });
    }
  });

  it('counts the factor per session: another session of the same account that used none must confirm it', async () => {
    const referral = await fixtureReferral('due', { client: await clientWithBankDetails() });
    await factorUsed(admin, new Date());
    const { signIn } = await import('../support/http');
    // A second session of the account, started with the password alone (as before the factor existed).
    await db.staffUser.update({ where: { id: admin.id }, data: { totpEnabledAt: null } });
    const other = await signIn(admin.email, admin.password);
    await db.staffUser.update({ where: { id: admin.id }, data: { totpEnabledAt: new Date() } });
    const res = await call(payRoute, { cookie: other, method: 'POST', params: { id: referral.id } });
    expect(res.status).toBe(403);
    expect(res.body.secondFactor).toBe('step-up');
  });
});

describe('through the real routes', () => {
  const codeAt = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  const cookiesOf = (res: { setCookies: Record<string, string> }) =>
    Object.entries(res.setCookies)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');

  it('an admin sets up the app, signs in with it and pays; 12 hours on, a step-up with a code lets them pay again', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const client = await clientWithBankDetails();
    const first = await fixtureReferral('due', { client });
    const second = await fixtureReferral('due', { client });

    // Without a factor: refused, and the set-up is open to them.
    expect(
      (await call(payRoute, { cookie: admin.cookie, method: 'POST', params: { id: first.id } })).status,
    ).toBe(403);
    const started = await call(startTotpRoute, { cookie: admin.cookie, method: 'POST' });
    const { secret } = started.body as { secret: string };
    expect(
      (await call(confirmTotpRoute, { cookie: admin.cookie, body: { code: await codeAt(secret) } })).status,
    ).toBe(200);

    // The session that set it up used no factor to sign in: paying asks to confirm.
    const stale = await call(payRoute, { cookie: admin.cookie, method: 'POST', params: { id: first.id } });
    expect(stale.body.secondFactor).toBe('step-up');

    // Signing in again: password, then the app's next code.
    const pending = await call(loginRoute, {
      body: { username: admin.email, password: admin.password },
      ip: '10.77.0.1',
    });
    expect(pending.body.secondFactorRequired).toBe(true);
    const signedIn = await call(secondStepRoute, {
      cookie: cookiesOf(pending),
      body: { code: await codeAt(secret, 1) },
      ip: '10.77.0.1',
    });
    expect(signedIn.status).toBe(200);
    const cookie = Object.entries(signedIn.setCookies)
      .filter(([name, v]) => v && name.endsWith('session-token'))
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    expect((await call(payRoute, { cookie, method: 'POST', params: { id: first.id } })).status).toBe(200);

    // 12 hours later in the same session: confirm with a code, then pay.
    const session = await db.staffSession.findFirstOrThrow({
      where: { userId: admin.id, secondFactorAt: { not: null } },
    });
    await db.staffSession.update({
      where: { id: session.id },
      data: { secondFactorAt: new Date(Date.now() - 12 * HOUR - 1) },
    });
    const again = await call(payRoute, { cookie, method: 'POST', params: { id: second.id } });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(STEP_UP_TEXT);
    await db.staffUser.update({ where: { id: admin.id }, data: { totpLastStep: null } });
    const stepped = await call(stepUpRoute, { cookie, body: { code: await codeAt(secret) } });
    expect(stepped.status).toBe(200);
    expect((await call(payRoute, { cookie, method: 'POST', params: { id: second.id } })).status).toBe(200);
  });
});

describe('staff who are not full admins', () => {
  it('mark a reward paid as before: the rule is for full admins', async () => {
    const staff = await makeStaff();
    const referral = await fixtureReferral('due', { client: await clientWithBankDetails() });
    const res = await call(payRoute, { cookie: staff.cookie, method: 'POST', params: { id: referral.id } });
    expect(res.status).toBe(200);
  });
});
