import { POST as changePassword } from '@/app/api/change-password/route';
import { POST as login } from '@/app/api/login/route';
import { POST as logout } from '@/app/api/logout/route';
import { GET as getUser } from '@/app/api/user/route';
import { verifyPassword } from '@/lib/auth/password';
import { createSessionToken } from '@/lib/auth/session';
import { db } from '@/lib/db';
import {
  accountAddressKey,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@/lib/services/login';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, signIn } from '../support/http';

setUpTestDatabase();

const cookieOf = (res: { setCookies: Record<string, string> }) =>
  Object.entries(res.setCookies)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

describe('POST /api/login', () => {
  it('signs in with the email in any case, setting an httpOnly SameSite=Lax session cookie', async () => {
    const staff = await makeStaff({ isFullAdmin: true });
    const res = await call(login, {
      body: { username: staff.email.toUpperCase(), password: staff.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: staff.email, permissions: { isFullAdmin: true } });
    const header = res.setCookieHeaders.find((h) => h.startsWith('next-auth.session-token='));
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=lax/i);
    expect(header).not.toMatch(/Secure/i); // plain http here; see the https case below
    const me = await call(getUser, { cookie: cookieOf(res) });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ email: staff.email, permissions: { isFullAdmin: true } });
  });

  it('uses a Secure __Secure- cookie when served over https', async () => {
    const staff = await makeStaff();
    // https is APP_URL's (issue 28 point 15: one cookie name per app, not per request's X-Forwarded-Proto).
    const saved = process.env.APP_URL;
    process.env.APP_URL = 'https://referrals.clinic.example';
    try {
      const res = await call(login, {
        body: { username: staff.email, password: staff.password },
        headers: { 'x-forwarded-proto': 'https' },
      });
      const header = res.setCookieHeaders.find((h) => h.startsWith('__Secure-next-auth.session-token='));
      expect(header).toMatch(/; Secure/i);
      expect((await call(getUser, { cookie: cookieOf(res) })).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });

  it('answers 401 with the spec message for a wrong password or an unknown account, and sets no cookie', async () => {
    const staff = await makeStaff();
    for (const body of [
      { username: staff.email, password: 'wrong-password' },
      { username: 'nobody@clinic.test', password: 'whatever1' },
    ]) {
      const res = await call(login, { body, ip: '192.0.2.10' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid username or password' });
      expect(res.setCookieHeaders).toEqual([]);
    }
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'a@b.c' }, 'Password is required'],
    [{ username: '   ', password: 'x' }, 'Username is required'],
    [{ username: 42, password: 'x' }, 'Username is required'],
  ])('answers 400 for %p and counts nothing', async (body, message) => {
    const before = await db.rateLimitEvent.count();
    const res = await call(login, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await db.rateLimitEvent.count()).toBe(before);
  });

  it('answers 400 for a body that is not JSON, and 415 for the wrong content type', async () => {
    expect((await call(login, { rawBody: '{"username":' })).status).toBe(400);
    const res = await call(login, {
      rawBody: 'username=a&password=b',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/JSON/);
  });

  it('answers 413 for an oversized body without reading it into the database', async () => {
    const before = await db.rateLimitEvent.count();
    const res = await call(login, { body: { username: 'a@b.c', password: 'x'.repeat(40_000) } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
    expect(await db.rateLimitEvent.count()).toBe(before);
  });

  it('refuses a sign-in posted from another site', async () => {
    const staff = await makeStaff();
    const res = await call(login, {
      body: { username: staff.email, password: staff.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.setCookieHeaders).toEqual([]);
  });

  it(`locks an account after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures from one address with 429 and Retry-After, even with the right password, there only`, async () => {
    const staff = await makeStaff();
    // Issue 28, point 4: the count is per account and address (an IPv6 /64 being one address), so a stranger
    // who knows the email locks it only for themselves. Failures from five addresses lock nothing.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await call(login, {
        body: { username: staff.email, password: `wrong-${i}` },
        ip: `198.51.100.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const ip = '198.51.100.7';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await call(login, { body: { username: staff.email, password: `wrong-${i}` }, ip });
      expect(res.status).toBe(401);
    }
    const locked = await call(login, { body: { username: staff.email, password: staff.password }, ip });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(locked.setCookieHeaders).toEqual([]);
    // The count lives in PostgreSQL, so every app instance sharing the database sees it.
    expect(await db.rateLimitEvent.count({ where: { key: accountAddressKey(staff.email, ip) } })).toBe(
      LOGIN_MAX_FAILURES_PER_ACCOUNT,
    );
    // The account's owner, elsewhere, signs in.
    expect(
      (await call(login, { body: { username: staff.email, password: staff.password }, ip: '198.51.100.99' }))
        .status,
    ).toBe(200);
  });

  it(`limits one address to ${LOGIN_MAX_FAILURES_PER_ADDRESS} failures across accounts`, async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      expect(
        (await call(login, { body: { username: `guess${i}@clinic.test`, password: 'nope' }, ip })).status,
      ).toBe(401);
    }
    const res = await call(login, { body: { username: 'another@clinic.test', password: 'nope' }, ip });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const staff = await makeStaff();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      await call(login, { body: { username: staff.email, password: 'wrong' }, ip: '192.0.2.50' });
    }
    const key = accountAddressKey(staff.email, '192.0.2.50');
    expect(await db.rateLimitEvent.count({ where: { key } })).toBe(LOGIN_MAX_FAILURES_PER_ACCOUNT - 1);
    expect(
      (await call(login, { body: { username: staff.email, password: staff.password }, ip: '192.0.2.50' }))
        .status,
    ).toBe(200);
    expect(await db.rateLimitEvent.count({ where: { key } })).toBe(0);
  });
});

describe('GET /api/user', () => {
  it('answers 401 signed out, and for a forged or tampered cookie', async () => {
    expect((await call(getUser)).status).toBe(401);
    expect((await call(getUser, { cookie: 'next-auth.session-token=forged' })).status).toBe(401);
    const staff = await makeStaff();
    const tampered = staff.cookie.slice(0, -4) + 'AAAA';
    expect((await call(getUser, { cookie: tampered })).status).toBe(401);
  });

  it('reports a staff member as not a full admin', async () => {
    const staff = await makeStaff({ isFullAdmin: false });
    const res = await call(getUser, { cookie: staff.cookie });
    expect(res.body).toEqual({ email: staff.email, permissions: { isFullAdmin: false } });
  });

  it('drops the session of a removed account at once, and follows a demotion at once', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    await db.staffUser.update({ where: { id: admin.id }, data: { isFullAdmin: false } });
    expect((await call(getUser, { cookie: admin.cookie })).body.permissions.isFullAdmin).toBe(false);
    await db.staffUser.delete({ where: { id: admin.id } });
    expect((await call(getUser, { cookie: admin.cookie })).status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('clears the session cookie, signed in or not', async () => {
    const staff = await makeStaff();
    const res = await call(logout, { method: 'POST', cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.setCookies['next-auth.session-token']).toBe('');
    expect(res.setCookieHeaders.join('\n')).toMatch(/Max-Age=0/i);
    expect((await call(logout, { method: 'POST' })).status).toBe(200);
    expect((await call(logout, { method: 'POST', cookie: 'next-auth.session-token=forged' })).status).toBe(
      200,
    );
  });

  it('ends the session on the server: a copy of the cookie answers 401 afterwards, other sessions carry on', async () => {
    const staff = await makeStaff();
    const otherDevice = await signIn(staff.email, staff.password);
    const copied = staff.cookie;
    expect((await call(getUser, { cookie: copied })).status).toBe(200);
    expect((await call(logout, { method: 'POST', cookie: staff.cookie })).status).toBe(200);
    expect(await call(getUser, { cookie: copied })).toMatchObject({
      status: 401,
      body: { message: 'You need to sign in.' },
    });
    expect((await call(getUser, { cookie: otherDevice })).status).toBe(200);
    // Signing out again with the ended session is still a 200.
    expect((await call(logout, { method: 'POST', cookie: copied })).status).toBe(200);
    const row = await db.staffSession.findFirstOrThrow({
      where: { userId: staff.id, revokedAt: { not: null } },
    });
    expect(row.revokedAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('server-side sessions', () => {
  it('treats a validly signed cookie without a session id (issued before sessions) as signed out', async () => {
    const staff = await makeStaff();
    const old = await createSessionToken({ id: staff.id, email: staff.email });
    expect((await call(getUser, { cookie: `next-auth.session-token=${old}` })).status).toBe(401);
  });

  it('refuses a session of another account, an unknown session and an expired one', async () => {
    const staff = await makeStaff();
    const other = await makeStaff();
    const own = await db.staffSession.findFirstOrThrow({ where: { userId: staff.id } });
    const cookieFor = async (claims: { id: string; email: string; sessionId: string }) =>
      `next-auth.session-token=${await createSessionToken(claims)}`;
    // Someone else's session id under this account's name.
    const otherSession = await db.staffSession.findFirstOrThrow({ where: { userId: other.id } });
    expect(
      (await call(getUser, { cookie: await cookieFor({ ...staff, sessionId: otherSession.id }) })).status,
    ).toBe(401);
    expect(
      (
        await call(getUser, {
          cookie: await cookieFor({ ...staff, sessionId: '00000000-0000-4000-8000-000000000000' }),
        })
      ).status,
    ).toBe(401);
    expect((await call(getUser, { cookie: await cookieFor({ ...staff, sessionId: own.id }) })).status).toBe(
      200,
    );
    await db.staffSession.update({ where: { id: own.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(getUser, { cookie: staff.cookie })).status).toBe(401);
  });

  it('deletes expired sessions when someone signs in, so they do not pile up', async () => {
    const staff = await makeStaff();
    await db.staffSession.updateMany({
      where: { userId: staff.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await signIn(staff.email, staff.password);
    expect(await db.staffSession.count({ where: { expiresAt: { lt: new Date() } } })).toBe(0);
    expect(await db.staffSession.count({ where: { userId: staff.id } })).toBe(1);
  });

  it('records the browser that signed in', async () => {
    const staff = await makeStaff();
    const res = await call(login, {
      body: { username: staff.email, password: staff.password },
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    });
    expect(res.status).toBe(200);
    expect(
      await db.staffSession.count({ where: { userId: staff.id, userAgent: 'Mozilla/5.0 (test)' } }),
    ).toBe(1);
  });
});

describe('POST /api/change-password', () => {
  it('answers 401 signed out and writes nothing', async () => {
    const res = await call(changePassword, {
      body: { email: 'a@b.c', currentPassword: 'x', newPassword: 'long-enough-1' },
    });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ currentPassword: 'x', newPassword: 'short' }, 'Password must be at least 8 characters long'],
    [{ newPassword: 'long-enough-1' }, 'Current password is required'],
    [{ currentPassword: 'x' }, 'New password is required'],
  ])('answers 400 for %p and leaves the password as it was', async (partial, message) => {
    const staff = await makeStaff();
    const res = await call(changePassword, {
      cookie: staff.cookie,
      body: { email: staff.email, ...partial },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } });
    expect(await verifyPassword(row.passwordHash, staff.password)).toBe(true);
  });

  it('refuses a wrong current password with a message', async () => {
    const staff = await makeStaff();
    const res = await call(changePassword, {
      cookie: staff.cookie,
      body: { email: staff.email, currentPassword: 'not-my-password', newPassword: 'a-new-password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Current password is incorrect');
  });

  it("refuses to change another account's password (403)", async () => {
    const staff = await makeStaff();
    const other = await makeStaff({ isFullAdmin: true });
    const res = await call(changePassword, {
      cookie: staff.cookie,
      body: { email: other.email, currentPassword: other.password, newPassword: 'taken-over-1' },
    });
    expect(res.status).toBe(403);
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: other.id } });
    expect(await verifyPassword(row.passwordHash, other.password)).toBe(true);
  });

  it('changes the password, keeps this session, and signs out every other session of the account', async () => {
    const staff = await makeStaff();
    const otherDevice = await signIn(staff.email, staff.password);
    const thirdDevice = await signIn(staff.email, staff.password);
    const bystander = await makeStaff();
    const res = await call(changePassword, {
      cookie: staff.cookie,
      body: { email: staff.email, currentPassword: staff.password, newPassword: 'brand-new-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed successfully!' });
    expect((await call(getUser, { cookie: staff.cookie })).status).toBe(200);
    expect((await call(getUser, { cookie: otherDevice })).status).toBe(401);
    expect((await call(getUser, { cookie: thirdDevice })).status).toBe(401);
    expect((await call(getUser, { cookie: bystander.cookie })).status).toBe(200);
    expect((await call(login, { body: { username: staff.email, password: staff.password } })).status).toBe(
      401,
    );
    expect(
      (await call(login, { body: { username: staff.email, password: 'brand-new-password' } })).status,
    ).toBe(200);
  });
});

describe('POST /api/change-password: the same attempt limit as sign-in', () => {
  const attempt = (staff: { email: string; cookie: string }, currentPassword: string) =>
    call(changePassword, {
      cookie: staff.cookie,
      body: { email: staff.email, currentPassword, newPassword: 'another-new-password' },
    });

  it(`answers 429 with Retry-After after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} wrong current passwords, even for the right one, and changes nothing`, async () => {
    const staff = await makeStaff();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await attempt(staff, `wrong-${i}`)).status).toBe(400);
    }
    const locked = await attempt(staff, staff.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(
      /^Too many wrong passwords for this account\. Please try again in \d+ minutes?\.$/,
    );
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } });
    expect(await verifyPassword(row.passwordHash, staff.password)).toBe(true);
    // Counted per account: the account's sign-in is locked too, until it waits or a full admin unlocks it.
    expect(
      (await call(login, { body: { username: staff.email, password: staff.password }, ip: '192.0.2.99' }))
        .status,
    ).toBe(429);
  });

  it('forgets the failures after a successful change', async () => {
    const staff = await makeStaff();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      expect((await attempt(staff, 'wrong')).status).toBe(400);
    }
    expect((await attempt(staff, staff.password)).status).toBe(200);
    expect(await db.rateLimitEvent.count({ where: { key: `login:account:${staff.email}` } })).toBe(0);
  });
});
