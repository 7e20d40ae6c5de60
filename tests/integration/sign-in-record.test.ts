/**
 * Issue 31, point 5: the sign-in record. Every sign-in is recorded (how, from where, in which browser); a
 * sign-in from a browser the account has not used before sends 'New sign-in to your Smile Referrals account'
 * through the real SMTP test server (the account's first sign-in ever sends nothing); each staff member reads
 * their own sign-ins and sessions and signs one out (never someone else's); full admins read everyone's
 * sign-ins and the account audit, a page at a time, in words.
 */
import { DELETE as endSessionRoute } from '@/app/api/account/sessions/[id]/route';
import { GET as ownSignInsRoute } from '@/app/api/account/sign-ins/route';
import { GET as accountAuditRoute } from '@/app/api/admin/account-audit/route';
import { GET as clinicSignInsRoute } from '@/app/api/admin/sign-ins/route';
import { DELETE as signOutEverywhereRoute } from '@/app/api/admin/users/[id]/sessions/route';
import { POST as changePasswordRoute } from '@/app/api/change-password/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { GET as userRoute } from '@/app/api/user/route';
import { hashPassword } from '@/lib/auth/password';
import { db } from '@/lib/db';
import { formatDateTime } from '@/lib/format';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import { NEW_SIGN_IN_SUBJECT } from '@/lib/messages/subjects';
import { recordAccountEvent } from '@/lib/services/account/audit';
import { browserCookieName } from '@/lib/services/account/sign-in';
import { setUpTestDatabase } from '../support/db';
import { UNKNOWN_ID, uniqueEmail } from '../support/fixtures';
import { call, makeStaff, type CallResult } from '../support/http';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';

setUpTestDatabase();

const APP = 'http://referrals.harbour-smile.test';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let mail: TestMailServer;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.APP_URL = APP;
  process.env.SMTP_URL = mail.url;
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, clinicName: 'Harbour Smile Studio' },
    update: { clinicName: 'Harbour Smile Studio' },
  });
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  closeMailTransport();
  await mail.close();
});

const PASSWORD = 'Correct-Horse-Battery-9';

async function account(options: { isFullAdmin?: boolean } = {}) {
  const email = uniqueEmail('record');
  const user = await db.staffUser.create({
    data: { email, passwordHash: await hashPassword(PASSWORD), isFullAdmin: options.isFullAdmin ?? false },
  });
  return { id: user.id, email };
}

/** Signs in through the real login route from `ip` with a browser's User-Agent and, when given, its cookie. */
async function signInFrom(
  email: string,
  { ip, userAgent, browserCookie }: { ip: string; userAgent: string; browserCookie?: string },
) {
  const res = await call(loginRoute, {
    path: '/api/login',
    body: { username: email, password: PASSWORD },
    ip,
    headers: { 'user-agent': userAgent },
    cookie: browserCookie ? `${browserCookieName()}=${browserCookie}` : undefined,
  });
  expect(res.status).toBe(200);
  return {
    res,
    browserId: res.setCookies[browserCookieName()]!,
    cookie: sessionCookieOf(res),
  };
}

const sessionCookieOf = (res: CallResult) =>
  Object.entries(res.setCookies)
    .filter(([name, value]) => value && name.endsWith('session-token'))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

const mailsTo = (email: string) =>
  mail.mails.filter((m) => recipients(m).includes(email) && m.subject === NEW_SIGN_IN_SUBJECT);

describe('the new-browser warning, through the SMTP test server', () => {
  it("sends nothing for an account's first sign-in, warns of a new browser, and not of a known one", async () => {
    const { id, email } = await account();

    // 1. The first sign-in ever: recorded, no warning.
    const first = await signInFrom(email, { ip: '203.0.113.5', userAgent: WINDOWS_CHROME });
    expect(first.browserId).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await dispatchDue();
    expect(mailsTo(email)).toHaveLength(0);
    expect(await db.message.count({ where: { kind: 'new_sign_in', toEmail: email } })).toBe(0);

    // 2. Another browser (no cookie): the warning, with the time, the browser and the address, and no token.
    const second = await signInFrom(email, { ip: '198.51.100.23', userAgent: IPHONE_SAFARI });
    expect(second.browserId).not.toBe(first.browserId);
    await dispatchDue();
    const [warning] = await mail.waitFor((m) => mailsTo(email).includes(m));
    expect(mailsTo(email)).toHaveLength(1);
    expect(warning!.subject).toBe('New sign-in to your Smile Referrals account');
    const row = await db.signIn.findFirstOrThrow({
      where: { userId: id, ip: '198.51.100.23' },
    });
    const text = warning!.text ?? '';
    const times = [row.createdAt, new Date(row.createdAt.getTime() - 60_000)].map(formatDateTime);
    expect(times.some((t) => text.includes(t))).toBe(true);
    expect(text).toContain('Safari on iPhone');
    expect(text).toContain('198.51.100.23');
    expect(text).toContain(`${APP}/settings/security`);
    const whole = `${text}\n${warning!.html || ''}`;
    for (const secret of [first.browserId, second.browserId, first.cookie.split('=')[1]!]) {
      expect(whole).not.toContain(secret);
    }
    expect(whole).not.toMatch(/\/invite\/|\/reset-password\/|token/i);

    // 3. The first browser again, with the cookie its answer set: known, so nothing is sent.
    const third = await signInFrom(email, {
      ip: '203.0.113.77',
      userAgent: WINDOWS_CHROME,
      browserCookie: first.browserId,
    });
    expect(third.browserId).toBe(first.browserId);
    await dispatchDue();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await db.message.count({ where: { kind: 'new_sign_in', toEmail: email } })).toBe(1);

    // 4. The rows: method, address, User-Agent, and which was new.
    const rows = await db.signIn.findMany({ where: { userId: id }, orderBy: { createdAt: 'asc' } });
    expect(
      rows.map(({ method, ip, userAgent, newBrowser }) => ({ method, ip, userAgent, newBrowser })),
    ).toEqual([
      { method: 'password', ip: '203.0.113.5', userAgent: WINDOWS_CHROME, newBrowser: false },
      { method: 'password', ip: '198.51.100.23', userAgent: IPHONE_SAFARI, newBrowser: true },
      { method: 'password', ip: '203.0.113.77', userAgent: WINDOWS_CHROME, newBrowser: false },
    ]);
    // Only a hash of the browser's id is kept.
    for (const r of rows) {
      expect(r.browserHash).not.toBe(first.browserId);
      expect(r.browserHash).not.toBe(second.browserId);
    }
    const sessions = await db.staffSession.findMany({ where: { userId: id } });
    expect(sessions.map((s) => s.id).sort()).toEqual(rows.map((r) => r.sessionId).sort());
  });

  it('a cookie that is not one of ours counts as a new browser', async () => {
    const { email } = await account();
    await signInFrom(email, { ip: '203.0.113.8', userAgent: WINDOWS_CHROME });
    const forged = await signInFrom(email, {
      ip: '203.0.113.8',
      userAgent: WINDOWS_CHROME,
      browserCookie: 'short',
    });
    expect(forged.browserId).not.toBe('short');
    await dispatchDue();
    await mail.waitFor((m) => mailsTo(email).includes(m));
  });
});

describe('GET /api/account/sign-ins and DELETE /api/account/sessions/{id}', () => {
  it("lists the account's own sign-ins (in words) and live sessions, this one marked", async () => {
    const { id, email } = await account();
    const a = await signInFrom(email, { ip: '203.0.113.10', userAgent: WINDOWS_CHROME });
    const b = await signInFrom(email, { ip: '198.51.100.11', userAgent: IPHONE_SAFARI });
    const other = await makeStaff();

    const res = await call(ownSignInsRoute, { path: '/api/account/sign-ins', cookie: b.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.signIns).toEqual([
      expect.objectContaining({
        ip: '198.51.100.11',
        browser: 'Safari on iPhone',
        method: 'Password',
        newBrowser: true,
      }),
      expect.objectContaining({
        ip: '203.0.113.10',
        browser: 'Chrome on Windows',
        method: 'Password',
        newBrowser: false,
      }),
    ]);
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessions[0]).toMatchObject({ browser: 'Safari on iPhone', current: true });
    expect(res.body.sessions[1]).toMatchObject({ browser: 'Chrome on Windows', current: false });
    // Nobody else's.
    expect(JSON.stringify(res.body)).not.toContain(other.email);
    const otherSessions = await db.staffSession.findMany({ where: { userId: other.id } });
    expect(res.body.sessions.map((s: { id: string }) => s.id)).not.toContain(otherSessions[0]!.id);

    // A method in words: a session started with a passkey alone.
    await db.signIn.updateMany({ where: { userId: id, ip: '203.0.113.10' }, data: { method: 'passkey' } });
    const again = await call(ownSignInsRoute, { path: '/api/account/sign-ins', cookie: b.cookie });
    expect(again.body.signIns[1].method).toBe('Passkey');

    // A's session, ended from B: A is signed out at its next request; B carries on.
    const aSession = res.body.sessions[1].id as string;
    const end = await call(endSessionRoute, {
      method: 'DELETE',
      path: `/api/account/sessions/${aSession}`,
      params: { id: aSession },
      cookie: b.cookie,
    });
    expect(end).toMatchObject({
      status: 200,
      body: { current: false, message: 'That session is signed out.' },
    });
    expect(end.setCookies).toEqual({});
    expect((await call(userRoute, { cookie: a.cookie })).status).toBe(401);
    expect((await call(userRoute, { cookie: b.cookie })).status).toBe(200);
    const after = await call(ownSignInsRoute, { path: '/api/account/sign-ins', cookie: b.cookie });
    expect(after.body.sessions.map((s: { id: string }) => s.id)).not.toContain(aSession);
    // Twice: it has ended.
    const twice = await call(endSessionRoute, {
      method: 'DELETE',
      path: `/api/account/sessions/${aSession}`,
      params: { id: aSession },
      cookie: b.cookie,
    });
    expect(twice).toMatchObject({ status: 404 });
  });

  it("refuses another account's session with 404 and ends nothing, whoever asks (a full admin too)", async () => {
    const victim = await makeStaff();
    const [victimSession] = await db.staffSession.findMany({ where: { userId: victim.id } });
    for (const caller of [await makeStaff(), await makeStaff({ isFullAdmin: true })]) {
      const res = await call(endSessionRoute, {
        method: 'DELETE',
        path: `/api/account/sessions/${victimSession!.id}`,
        params: { id: victimSession!.id },
        cookie: caller.cookie,
      });
      expect(res).toMatchObject({
        status: 404,
        body: { message: 'That session has already ended, or it is not one of yours.' },
      });
    }
    const unknown = await call(endSessionRoute, {
      method: 'DELETE',
      path: `/api/account/sessions/${UNKNOWN_ID}`,
      params: { id: UNKNOWN_ID },
      cookie: victim.cookie,
    });
    expect(unknown.status).toBe(404);
    expect((await call(userRoute, { cookie: victim.cookie })).status).toBe(200);
    expect(await db.staffSession.count({ where: { userId: victim.id, revokedAt: { not: null } } })).toBe(0);
  });

  it('ends the current session too: its cookie is cleared and it is signed out', async () => {
    const me = await makeStaff();
    const [mine] = await db.staffSession.findMany({ where: { userId: me.id } });
    const res = await call(endSessionRoute, {
      method: 'DELETE',
      path: `/api/account/sessions/${mine!.id}`,
      params: { id: mine!.id },
      cookie: me.cookie,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { current: true, message: 'You are signed out of this browser.' },
    });
    const cleared = Object.entries(res.setCookies).filter(([name]) => name.endsWith('session-token'));
    expect(cleared.length).toBeGreaterThan(0);
    for (const [, value] of cleared) expect(value).toBe('');
    expect((await call(userRoute, { cookie: me.cookie })).status).toBe(401);
  });
});

describe('full admins: everyone’s sign-ins and the account audit, paged', () => {
  it('GET /api/admin/sign-ins: newest first, with email, browser and method in words, a page at a time', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const { email } = await account();
    await signInFrom(email, { ip: '203.0.113.20', userAgent: WINDOWS_CHROME });
    await signInFrom(email, { ip: '203.0.113.21', userAgent: IPHONE_SAFARI });
    await signInFrom(email, { ip: '203.0.113.22', userAgent: WINDOWS_CHROME });
    const total = await db.signIn.count();

    const first = await call(clinicSignInsRoute, {
      path: '/api/admin/sign-ins?limit=2',
      cookie: admin.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(total));
    expect(first.body).toEqual([
      {
        id: expect.any(String),
        email,
        at: expect.any(String),
        ip: '203.0.113.22',
        browser: 'Chrome on Windows',
        method: 'Password',
        newBrowser: true,
      },
      expect.objectContaining({ email, ip: '203.0.113.21', browser: 'Safari on iPhone', newBrowser: true }),
    ]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();

    // Every page after the first, until the end: each row once, newest first.
    const seen = [...(first.body as { id: string; at: string }[])];
    let next: string | null = cursor;
    while (next) {
      const page = await call(clinicSignInsRoute, {
        path: `/api/admin/sign-ins?limit=2&cursor=${encodeURIComponent(next)}`,
        cookie: admin.cookie,
      });
      expect(page.status).toBe(200);
      seen.push(...(page.body as { id: string; at: string }[]));
      next = page.headers.get('x-next-cursor');
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((s) => s.id)).size).toBe(total);
    const times = seen.map((s) => Date.parse(s.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const bad = await call(clinicSignInsRoute, {
      path: '/api/admin/sign-ins?cursor=garbage!!',
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
  });

  it('GET /api/admin/account-audit: entries in words, newest first, paged; change-password and sign-out-everywhere write theirs', async () => {
    const admin = await makeStaff({ isFullAdmin: true });
    const member = await makeStaff();

    // The account holder changes their own password: 'password_changed', by the account holder, with the address.
    const changed = await call(changePasswordRoute, {
      body: { email: member.email, currentPassword: member.password, newPassword: 'A-Brand-New-Password-1' },
      cookie: member.cookie,
      ip: '203.0.113.40',
    });
    expect(changed.status).toBe(200);
    // A refused change writes nothing.
    const refused = await call(changePasswordRoute, {
      body: { email: member.email, currentPassword: 'wrong-password-1', newPassword: 'Another-Password-2' },
      cookie: member.cookie,
    });
    expect(refused.status).toBe(400);
    expect(
      await db.accountAuditEntry.count({ where: { userId: member.id, action: 'password_changed' } }),
    ).toBe(1);

    // A full admin signs the member out everywhere: 'sessions_ended', by the admin.
    const ended = await call(signOutEverywhereRoute, {
      method: 'DELETE',
      path: `/api/admin/users/${member.id}/sessions`,
      params: { id: member.id },
      cookie: admin.cookie,
      ip: '203.0.113.41',
    });
    expect(ended.status).toBe(200);

    await recordAccountEvent({
      action: 'factors_reset',
      userId: member.id,
      email: member.email,
      performedBy: 'the server (command line)',
    });

    const res = await call(accountAuditRoute, {
      path: '/api/admin/account-audit?limit=2',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(await db.accountAuditEntry.count()));
    expect(res.body).toEqual([
      expect.objectContaining({
        action: 'factors_reset',
        actionText: 'Second factors reset',
        email: member.email,
        performedBy: 'the server (command line)',
      }),
      expect.objectContaining({
        action: 'sessions_ended',
        actionText: 'Signed out everywhere',
        email: member.email,
        performedBy: admin.email,
        ip: '203.0.113.41',
        details: '1 session signed out.',
      }),
    ]);
    const next = await call(accountAuditRoute, {
      path: `/api/admin/account-audit?limit=2&cursor=${encodeURIComponent(res.headers.get('x-next-cursor')!)}`,
      cookie: admin.cookie,
    });
    expect(next.body[0]).toMatchObject({
      action: 'password_changed',
      actionText: 'Password changed',
      email: member.email,
      performedBy: 'the account holder',
      ip: '203.0.113.40',
    });

    // Staff may not read it.
    const staffRead = await call(accountAuditRoute, {
      path: '/api/admin/account-audit',
      cookie: member.cookie,
    });
    expect(staffRead.status).toBe(401); // signed out everywhere above
  });
});
