/**
 * Issue 28, points 3, 4 and 15 (IPv6): limits that hold.
 *
 * Every per-address and per-account limit records the attempt and counts it in one step (under a lock on the
 * key, in PostgreSQL), so requests sent at the same moment cannot all pass the count before any of them is
 * recorded: N simultaneous requests get exactly the limit through. Sign-in locks an account per address (a
 * stranger elsewhere cannot lock a colleague out), and per-address limits count an IPv6 /64 as one caller.
 *
 * The calls go to the real route handlers at once, against a real PostgreSQL whose pool serves 10 connections,
 * so they really queue and interleave, as they would across app instances.
 */
import { POST as unlockRoute } from '@/app/api/admin/users/[id]/unlock/route';
import { GET as listUsers } from '@/app/api/admin/users/route';
import { GET as getCard } from '@/app/api/card/[cardToken]/route';
import { POST as changePassword } from '@/app/api/change-password/route';
import { POST as postLead } from '@/app/api/leads/route';
import { POST as login } from '@/app/api/login/route';
import { POST as trackScan } from '@/app/api/track-scan/route';
import { db } from '@/lib/db';
import {
  accountAddressKey,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@/lib/services/login';
import { setUpTestDatabase } from '../support/db';
import {
  fixtureClient,
  fixtureMember,
  fixtureReviewLink,
  uniqueEmail,
  uniqueSession,
} from '../support/fixtures';
import { call, makeStaff, type CallResult } from '../support/http';

setUpTestDatabase();

let n = 0;
/** An IPv4 address of this file's own for each test that uses a limit up. */
const freshIp = () => {
  n += 1;
  return `198.18.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
};
/** A /64 of this file's own, as 'a:b:c:d:': add ':1' or four more groups for an address in it. */
const freshPrefix = () => {
  n += 1;
  return `2001:db8:${n.toString(16)}:${(n * 7).toString(16)}:`;
};

function statusCounts(results: CallResult[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

const atOnce = <T>(count: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

const signInAs = (username: string, password: string, ip: string) =>
  call(login, { body: { username, password }, ip });

const withEnv = (name: string, value: string | undefined) => {
  const saved = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  return () => {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  };
};

describe('sign-in: simultaneous wrong passwords (point 3)', () => {
  it.each([20, 40])(
    `%i wrong passwords at once for one account from one address: exactly ${LOGIN_MAX_FAILURES_PER_ACCOUNT} evaluated, the rest 429`,
    async (count) => {
      const staff = await makeStaff();
      const ip = freshIp();
      const results = await atOnce(count, (i) => signInAs(staff.email, `wrong-${i}`, ip));
      expect(statusCounts(results)).toEqual({
        401: LOGIN_MAX_FAILURES_PER_ACCOUNT,
        429: count - LOGIN_MAX_FAILURES_PER_ACCOUNT,
      });
      for (const r of results.filter((x) => x.status === 429)) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Locked from this address, for the right password too.
      expect((await signInAs(staff.email, staff.password, ip)).status).toBe(429);
    },
  );

  it(`60 wrong passwords at once for 60 accounts from one address: exactly ${LOGIN_MAX_FAILURES_PER_ADDRESS} evaluated`, async () => {
    const ip = freshIp();
    const results = await atOnce(60, (i) => signInAs(`guess-${i}-${n}@clinic.test`, 'wrong-password', ip));
    expect(statusCounts(results)).toEqual({
      401: LOGIN_MAX_FAILURES_PER_ADDRESS,
      429: 60 - LOGIN_MAX_FAILURES_PER_ADDRESS,
    });
  });

  it('a wrong password is recorded before the answer goes out, and a right one clears the account-and-address count', async () => {
    const staff = await makeStaff();
    const ip = freshIp();
    const pairKey = accountAddressKey(staff.email, ip);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      expect((await signInAs(staff.email, `wrong-${i}`, ip)).status).toBe(401);
      expect(await db.rateLimitEvent.count({ where: { key: pairKey } })).toBe(i + 1);
    }
    expect((await signInAs(staff.email, staff.password, ip)).status).toBe(200);
    expect(await db.rateLimitEvent.count({ where: { key: pairKey } })).toBe(0);
    // A fresh allowance from this address.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await signInAs(staff.email, `wrong-again-${i}`, ip)).status).toBe(401);
    }
    expect((await signInAs(staff.email, staff.password, ip)).status).toBe(429);
  });

  it(`20 wrong current passwords at once at a password change: exactly ${LOGIN_MAX_FAILURES_PER_ACCOUNT} evaluated`, async () => {
    const staff = await makeStaff();
    const results = await atOnce(20, (i) =>
      call(changePassword, {
        cookie: staff.cookie,
        body: { email: staff.email, currentPassword: `wrong-${i}`, newPassword: 'another-new-password' },
      }),
    );
    expect(statusCounts(results)).toEqual({
      400: LOGIN_MAX_FAILURES_PER_ACCOUNT,
      429: 20 - LOGIN_MAX_FAILURES_PER_ACCOUNT,
    });
  });
});

describe('sign-in lockout per account and address (point 4)', () => {
  async function lockOut(email: string, ip: string) {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await signInAs(email, `wrong-${i}`, ip)).status).toBe(401);
    }
    expect((await signInAs(email, 'wrong-again', ip)).status).toBe(429);
  }

  it('a stranger who locks an account from address A does not stop the right password from address B', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const stranger = freshIp();
    await lockOut(admin.email, stranger);
    expect((await signInAs(admin.email, admin.password, stranger)).status).toBe(429);
    const own = await signInAs(admin.email, admin.password, freshIp());
    expect(own.status).toBe(200);
    expect(own.setCookieHeaders.length).toBeGreaterThan(0);
    // The owner's success does not unlock the stranger's address: that count is the stranger's.
    expect((await signInAs(admin.email, admin.password, stranger)).status).toBe(429);
  });

  it('the same lock-out from many addresses at once still leaves the owner’s address free', async () => {
    const staff = await makeStaff();
    const strangers = Array.from({ length: 8 }, freshIp);
    await atOnce(strangers.length * 6, (i) =>
      signInAs(staff.email, `wrong-${i}`, strangers[i % strangers.length]!),
    );
    expect((await signInAs(staff.email, staff.password, freshIp())).status).toBe(200);
  });

  it('keeps the per-address limit on every failure, whatever the account', async () => {
    const ip = freshIp();
    const staff = await makeStaff();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await signInAs(`nobody-${i}-${n}@clinic.test`, 'wrong-password', ip)).status).toBe(401);
    }
    // The address is used up: even a right password from it waits.
    expect((await signInAs(staff.email, staff.password, ip)).status).toBe(429);
    expect((await signInAs(staff.email, staff.password, freshIp())).status).toBe(200);
  });

  it('right passwords do not use up the per-address limit (an office behind one address signs in all day)', async () => {
    const ip = freshIp();
    const staff = await makeStaff();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS + 5; i++) {
      expect((await signInAs(staff.email, staff.password, ip)).status).toBe(200);
    }
    expect((await signInAs(`nobody-${n}@clinic.test`, 'wrong-password', ip)).status).toBe(401);
  });

  it('Settings lists an account locked from one address, and a full admin’s Unlock clears it from every address', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const target = await makeStaff();
    const [a, b] = [freshIp(), freshIp()];
    await lockOut(target.email, a);
    await lockOut(target.email, b);

    const list = await call(listUsers, { cookie: admin.cookie });
    expect(list.body.find((u: { id: string }) => u.id === target.id)).toMatchObject({
      locked: true,
      lockedUntil: expect.any(String),
    });
    const res = await call(unlockRoute, { method: 'POST', params: { id: target.id }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ locked: false, lockedUntil: null });
    expect((await signInAs(target.email, target.password, a)).status).toBe(200);
    expect((await signInAs(target.email, target.password, b)).status).toBe(200);
  });

  it('an unlock clears only that account, even when another username was made to look like it', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const target = await makeStaff();
    const ip = freshIp();
    // A username built to share the target's key prefix must not count as the target, nor be cleared with it.
    const lookalike = `${target.email}:ip:${ip}`;
    await lockOut(lookalike, ip);
    const list = await call(listUsers, { cookie: admin.cookie });
    expect(list.body.find((u: { id: string }) => u.id === target.id)).toMatchObject({ locked: false });
    await call(unlockRoute, { method: 'POST', params: { id: target.id }, cookie: admin.cookie });
    expect((await signInAs(lookalike, 'wrong-again', ip)).status).toBe(429);
  });
});

describe('the public lead: simultaneous posts (point 3)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = withEnv('LEAD_RATE_LIMIT_PER_HOUR', '20');
  });
  afterEach(() => restore());

  const lead = (i: number, referrerId?: string) => ({
    firstName: 'Amy',
    lastName: 'Pond',
    email: uniqueEmail(`race${i}`),
    phone: '+44 7123 456789',
    treatmentInterest: 'improve-my-smile',
    ...(referrerId ? { referrerId } : {}),
  });

  it.each([40, 60])(
    '%i posts at once from one address: exactly LEAD_RATE_LIMIT_PER_HOUR (20) accepted',
    async (count) => {
      const client = await fixtureClient();
      const ip = freshIp();
      const before = await db.lead.count();
      const results = await atOnce(count, (i) =>
        call(postLead, { path: '/api/leads', body: lead(i, client.cardNumber), ip }),
      );
      expect(statusCounts(results)).toEqual({ 201: 20, 429: count - 20 });
      expect(await db.lead.count()).toBe(before + 20);
      expect(await db.referral.count({ where: { referrerId: client.id } })).toBe(20);
    },
  );
});

describe('review tracking and card look-ups: simultaneous calls (point 3)', () => {
  it('25 review-page visits at once from one address: exactly TRACKING_RATE_LIMIT_PER_HOUR (10) counted', async () => {
    const restore = withEnv('TRACKING_RATE_LIMIT_PER_HOUR', '10');
    try {
      await fixtureReviewLink();
      const member = await fixtureMember();
      const ip = freshIp();
      const results = await atOnce(25, () =>
        call(trackScan, {
          body: {
            teamMemberId: member.code,
            sessionId: uniqueSession(),
            isUniqueVisitor: true,
            userAgent: 'jest',
          },
          ip,
        }),
      );
      expect(statusCounts(results)).toEqual({ 201: 10, 429: 15 });
    } finally {
      restore();
    }
  });

  it('45 failed card look-ups at once from one address: exactly CARD_LOOKUP_FAILURES_PER_HOUR (30) answered', async () => {
    const restore = withEnv('CARD_LOOKUP_FAILURES_PER_HOUR', '30');
    try {
      const ip = freshIp();
      const results = await atOnce(45, (i) =>
        call(getCard, { params: { cardToken: `no-such-card-${n}-${i}` }, ip }),
      );
      expect(statusCounts(results)).toEqual({ 404: 30, 429: 15 });
    } finally {
      restore();
    }
  });
});

describe('IPv6: a /64 is one caller (point 15)', () => {
  it('sign-in failures from any address of one /64 count together; the next /64 is someone else', async () => {
    const prefix = freshPrefix();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      const res = await signInAs(
        `v6-${i}-${n}@clinic.test`,
        'wrong-password',
        `${prefix}:${(i + 1).toString(16)}`,
      );
      expect(res.status).toBe(401);
    }
    expect((await signInAs(`v6-last-${n}@clinic.test`, 'wrong', `${prefix}ffff:ffff:ffff:fffe`)).status).toBe(
      429,
    );
    expect((await signInAs(`v6-last-${n}@clinic.test`, 'wrong', `${freshPrefix()}:1`)).status).toBe(401);
  });

  it('an account locked from one address of a /64 is locked from all of it', async () => {
    const staff = await makeStaff();
    const prefix = freshPrefix();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await signInAs(staff.email, `wrong-${i}`, `${prefix}:${i + 1}`)).status).toBe(401);
    }
    expect((await signInAs(staff.email, staff.password, `${prefix}abcd:1234:5678:9`)).status).toBe(429);
  });

  it('lead posts from a /64 share one allowance, and an IPv4-mapped address is its IPv4 address', async () => {
    const restore = withEnv('LEAD_RATE_LIMIT_PER_HOUR', '3');
    try {
      const prefix = freshPrefix();
      const post = (ip: string) =>
        call(postLead, {
          path: '/api/leads',
          body: {
            firstName: 'Amy',
            lastName: 'Pond',
            email: uniqueEmail('v6'),
            phone: '+44 7123 456789',
            treatmentInterest: 'improve-my-smile',
          },
          ip,
        });
      for (let i = 0; i < 3; i++) expect((await post(`${prefix}:${i + 1}`)).status).toBe(201);
      expect((await post(`${prefix}9999:1:2:3`)).status).toBe(429);

      const v4 = freshIp();
      for (let i = 0; i < 3; i++) expect((await post(i % 2 ? `::ffff:${v4}` : v4)).status).toBe(201);
      expect((await post(`::ffff:${v4}`)).status).toBe(429);
      expect((await post(v4)).status).toBe(429);
    } finally {
      restore();
    }
  });
});
