/**
 * Issue 31, point 1: invitations. A full admin adds a member of staff by email alone; the person is emailed a
 * one-time link (through the real SMTP test server here), chooses their own password and is signed in. Resend
 * makes a new link (the old one stops working), Revoke withdraws it; used, expired, withdrawn and unknown links
 * are refused in words; guessing tokens is limited per address; the account audit records each step. The
 * route's { email, password } form keeps working. Against the real route handlers and a real PostgreSQL.
 */
import type { ParsedMail } from 'mailparser';
import { DELETE as revokeRoute } from '@/app/api/admin/invites/[id]/route';
import { POST as resendRoute } from '@/app/api/admin/invites/[id]/resend/route';
import { GET as listInvitesRoute } from '@/app/api/admin/invites/route';
import { GET as listUsersRoute, POST as createUserRoute } from '@/app/api/admin/users/route';
import { POST as acceptRoute } from '@/app/api/invites/[token]/route';
import { GET as userRoute } from '@/app/api/user/route';
import { verifyPassword } from '@/lib/auth/password';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import {
  INVITE_ACCOUNT_EXISTS_TEXT,
  INVITE_ALREADY_REVOKED_TEXT,
  INVITE_EXPIRED_TEXT,
  INVITE_GUESS_MAX,
  INVITE_INVALID_TEXT,
  INVITE_PENDING_TEXT,
  INVITE_REVOKED_TEXT,
  INVITE_USED_TEXT,
  inviteLinkState,
  inviteLinkStateForPage,
} from '@/lib/services/account/invites';
import { STAFF_EMAIL_TAKEN } from '@/lib/services/staff';
import { NOT_BOTH_TEXT, PASSWORD_OR_INVITE_TEXT } from '@/lib/validation/staff';
import { setUpTestDatabase } from '../support/db';
import { UNKNOWN_ID, uniqueEmail, uniqueIp } from '../support/fixtures';
import { call, makeStaff, signIn, type TestStaff } from '../support/http';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';
import { snapshot } from '../support/row-counts';

setUpTestDatabase();

const APP = 'https://referrals.harbour-smile.test';
const CLINIC_NAME = 'Harbour Smile Studio';
let mail: TestMailServer;
let admin: TestStaff;
let staff: TestStaff;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.APP_URL = APP;
  process.env.MAIL_FROM = `${CLINIC_NAME} <hello@harbour-smile.test>`;
  process.env.SMTP_URL = mail.url;
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, clinicName: CLINIC_NAME, clinicEmail: 'front-desk@harbour-smile.test' },
    update: { clinicName: CLINIC_NAME, clinicEmail: 'front-desk@harbour-smile.test' },
  });
  admin = await makeStaff({ isFullAdmin: true });
  staff = await makeStaff();
});
afterAll(async () => {
  closeMailTransport();
  await mail.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  delete process.env.MAIL_FROM;
});

const PASSWORD = 'a-long-passphrase-of-mine';

const invite = (email: string, isFullAdmin = false, cookie = admin.cookie) =>
  call(createUserRoute, { body: { email, isFullAdmin, invite: true }, cookie });
const accept = (token: string, password = PASSWORD, ip = uniqueIp(), cookie?: string) =>
  call(acceptRoute, { path: `/api/invites/${token}`, params: { token }, body: { password }, ip, cookie });
const resend = (id: string, cookie = admin.cookie) =>
  call(resendRoute, { path: `/api/admin/invites/${id}/resend`, params: { id }, method: 'POST', cookie });
const revoke = (id: string, cookie = admin.cookie) =>
  call(revokeRoute, { path: `/api/admin/invites/${id}`, params: { id }, method: 'DELETE', cookie });
const listed = async () => (await call(listInvitesRoute, { cookie: admin.cookie })).body as { id: string }[];

const to = (address: string) => (m: ParsedMail) => recipients(m).includes(address.toLowerCase());
const linkIn = (m: ParsedMail) => {
  const html = typeof m.html === 'string' ? m.html : '';
  const match = /https:\/\/referrals\.harbour-smile\.test\/invite\/([A-Za-z0-9_-]+)/.exec(html);
  if (!match) throw new Error('no invitation link in the email');
  return match[1]!;
};

/** The newest invitation email's token, read from the queued message (before it is sent). */
async function queuedToken(email: string): Promise<string> {
  const message = await db.message.findFirstOrThrow({
    where: { toEmail: email, kind: 'staff_invite' },
    orderBy: { createdAt: 'desc' },
  });
  return decrypt((message.data as { tokenEnc: string }).tokenEnc, encryptionKey());
}

const sessionCookieOf = (res: { setCookies: Record<string, string> }) =>
  Object.entries(res.setCookies)
    .filter(([name, value]) => value && name.endsWith('session-token'))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

const auditOf = (email: string) =>
  db.accountAuditEntry.findMany({ where: { email }, orderBy: { createdAt: 'asc' } });

describe('an invitation, from the email to the first sign-in', () => {
  it('emails a one-time link; the password chosen there makes the account, signs in, and signs in later', async () => {
    const email = uniqueEmail('new-starter');
    const res = await invite(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      isFullAdmin: false,
      expiresAt: expect.any(String),
      sentAt: expect.any(String),
      invitedBy: admin.email,
      state: 'pending',
    });
    const days = (Date.parse(res.body.expiresAt) - Date.parse(res.body.sentAt)) / 86_400_000;
    expect(days).toBe(7);
    // The admin never sees a password or the link.
    expect(JSON.stringify(res.body)).not.toMatch(/password|token/i);
    expect(await db.staffUser.count({ where: { email } })).toBe(0);
    // Only the token's hash is stored.
    const row = await db.staffInvite.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.tokenHash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Listed as pending.
    const list = await call(listInvitesRoute, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(res.body);

    // The email, through the real SMTP server.
    await dispatchDue();
    const [sent] = await mail.waitFor(to(email));
    expect(sent!.subject).toBe(`You have been invited to Smile Referrals at ${CLINIC_NAME}`);
    expect(sent!.text).toContain(`${admin.email} has invited you to ${CLINIC_NAME}’s Smile Referrals`);
    const token = linkIn(sent!);
    expect(token).toHaveLength(43);
    expect(row.tokenHash).not.toBe(token);
    // Once sent, the message no longer holds the token.
    const message = await db.message.findFirstOrThrow({ where: { toEmail: email, kind: 'staff_invite' } });
    expect(message.status).toBe('sent');
    expect(message.data).not.toHaveProperty('tokenEnc');

    expect(await inviteLinkState(token)).toEqual({
      state: 'valid',
      email,
      isFullAdmin: false,
      expiresAt: row.expiresAt,
    });

    // The person chooses their password: signed in at once.
    const done = await accept(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email, permissions: { isFullAdmin: false } });
    const cookie = sessionCookieOf(done);
    expect(cookie).not.toBe('');
    const me = await call(userRoute, { cookie });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    const user = await db.staffUser.findUniqueOrThrow({ where: { email } });
    expect(user.isFullAdmin).toBe(false);
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);
    const session = await db.staffSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.method).toBe('password');
    expect(await db.signIn.count({ where: { userId: user.id } })).toBe(1);
    expect((await db.staffInvite.findUniqueOrThrow({ where: { id: row.id } })).acceptedAt).not.toBeNull();

    // And later, with the same password, through the sign-in page's route.
    expect(await signIn(email, PASSWORD)).toMatch(/session-token=/);

    // The account is listed; the invitation is not any more.
    const users = (await call(listUsersRoute, { cookie: admin.cookie })).body as { email: string }[];
    expect(users.map((u) => u.email)).toContain(email);
    expect((await listed()).map((i) => i.id)).not.toContain(row.id);

    // The audit: invited by the admin, accepted by the account holder.
    expect((await auditOf(email)).map((e) => [e.action, e.performedBy, e.userId, e.performedById])).toEqual([
      ['invited', admin.email, null, admin.id],
      ['invite_accepted', 'the account holder', user.id, null],
    ]);

    // The link works once.
    const again = await accept(token, 'another-password-2');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: INVITE_USED_TEXT, state: 'accepted' });
    expect((await inviteLinkState(token)).state).toBe('accepted');
    expect(
      await verifyPassword(
        (await db.staffUser.findUniqueOrThrow({ where: { email } })).passwordHash,
        PASSWORD,
      ),
    ).toBe(true);
  });

  it('an invitation as full admin makes a full admin', async () => {
    const email = uniqueEmail('new-admin');
    const res = await invite(email, true);
    expect(res.body).toMatchObject({ email, isFullAdmin: true });
    const done = await accept(await queuedToken(email));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email, permissions: { isFullAdmin: true } });
    expect((await db.staffUser.findUniqueOrThrow({ where: { email } })).isFullAdmin).toBe(true);
  });

  it('a browser signed in as someone else ends that session: the new account takes its place', async () => {
    const other = await makeStaff();
    const email = uniqueEmail('shared-desk');
    await invite(email);
    const done = await accept(await queuedToken(email), PASSWORD, uniqueIp(), other.cookie);
    expect(done.status).toBe(200);
    expect((await call(userRoute, { cookie: other.cookie })).status).toBe(401);
    expect((await call(userRoute, { cookie: sessionCookieOf(done) })).body.email).toBe(email);
  });

  it('two submissions at once make one account: one 200, one 409', async () => {
    const email = uniqueEmail('double-click');
    await invite(email);
    const token = await queuedToken(email);
    const results = await Promise.all([accept(token, PASSWORD), accept(token, 'second-password-1')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.staffUser.count({ where: { email } })).toBe(1);
    expect((await auditOf(email)).filter((e) => e.action === 'invite_accepted')).toHaveLength(1);
  });
});

describe('refusals when inviting', () => {
  it('409 for an address that has an account (the words of the password form), nothing written', async () => {
    const before = await snapshot();
    const res = await invite(staff.email.toUpperCase());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: STAFF_EMAIL_TAKEN });
    expect(await snapshot()).toEqual(before);
  });

  it('409 for an address with a pending invitation, saying to use Resend; nothing written', async () => {
    const email = uniqueEmail('pending');
    expect((await invite(email)).status).toBe(201);
    const before = await snapshot();
    const res = await invite(email, true);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: INVITE_PENDING_TEXT });
    expect(await snapshot()).toEqual(before);
  });

  it('an expired invitation is replaced by a new one (it leaves the list, its link says withdrawn)', async () => {
    const email = uniqueEmail('expired-then-again');
    const first = await invite(email);
    const oldToken = await queuedToken(email);
    await db.staffInvite.update({
      where: { id: first.body.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const second = await invite(email);
    expect(second.status).toBe(201);
    const ids = (await listed()).map((i) => i.id);
    expect(ids).toContain(second.body.id);
    expect(ids).not.toContain(first.body.id);
    expect((await inviteLinkState(oldToken)).state).toBe('revoked');
    expect((await accept(await queuedToken(email))).status).toBe(200);
  });

  it('400 with words for neither a password nor an invitation, or both; nothing written', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: uniqueEmail('neither') }, PASSWORD_OR_INVITE_TEXT],
      [{ email: uniqueEmail('neither'), invite: false }, PASSWORD_OR_INVITE_TEXT],
      [{ email: uniqueEmail('both'), password: 'Correct-Horse-1', invite: true }, NOT_BOTH_TEXT],
      [{ email: 'not-an-email', invite: true }, 'Please enter a valid email address'],
      [{ email: uniqueEmail('x'), invite: 'yes' }, 'Invite must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await call(createUserRoute, { body, cookie: admin.cookie });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('staff and signed-out callers are refused on every invitation route', async () => {
    const email = uniqueEmail('refused');
    const made = await invite(email);
    const id = made.body.id as string;
    for (const [cookie, status] of [
      [undefined, 401],
      [staff.cookie, 403],
    ] as const) {
      const body = { email: uniqueEmail('nope'), invite: true };
      expect((await call(createUserRoute, { body, cookie })).status).toBe(status);
      expect((await call(listInvitesRoute, { cookie })).status).toBe(status);
      expect((await call(resendRoute, { method: 'POST', params: { id }, cookie })).status).toBe(status);
      expect((await call(revokeRoute, { method: 'DELETE', params: { id }, cookie })).status).toBe(status);
    }
    expect(await db.staffInvite.count({ where: { email: { startsWith: 'nope' } } })).toBe(0);
    expect((await inviteLinkState(await queuedToken(email))).state).toBe('valid');
  });
});

describe('the { email, password } form of the route', () => {
  it('still makes the account at once with that password, and emails nobody', async () => {
    const email = uniqueEmail('with-password');
    const res = await call(createUserRoute, {
      body: { email, password: 'temporary-pass', isFullAdmin: false },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      isFullAdmin: false,
      createdAt: expect.any(String),
      locked: false,
      lockedUntil: null,
    });
    expect(await signIn(email, 'temporary-pass')).toMatch(/session-token=/);
    expect(await db.message.count({ where: { toEmail: email } })).toBe(0);
    expect(await db.staffInvite.count({ where: { email } })).toBe(0);
  });

  it('an account made with a password meanwhile: the invitation leaves the list and its link is refused', async () => {
    const email = uniqueEmail('meanwhile');
    const made = await invite(email);
    const token = await queuedToken(email);
    await call(createUserRoute, { body: { email, password: 'temporary-pass' }, cookie: admin.cookie });
    expect((await listed()).map((i) => i.id)).not.toContain(made.body.id);
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: INVITE_ACCOUNT_EXISTS_TEXT });
    // The password chosen by the admin stays.
    expect(await signIn(email, 'temporary-pass')).toMatch(/session-token=/);
    expect((await resend(made.body.id)).body).toEqual({ message: STAFF_EMAIL_TAKEN });
  });
});

describe('Resend and Revoke', () => {
  it('Resend emails a new link valid 7 days from now; the old link stops working', async () => {
    const email = uniqueEmail('resend');
    const made = await invite(email);
    await dispatchDue();
    const [first] = await mail.waitFor(to(email));
    const oldToken = linkIn(first!);
    await db.staffInvite.update({
      where: { id: made.body.id },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    expect((await listed()).find((i) => i.id === made.body.id)).toMatchObject({ state: 'expired' });

    const res = await resend(made.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.body.id, email, state: 'pending' });
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    await dispatchDue();
    const mails = await mail.waitFor(to(email), 2);
    const newToken = linkIn(mails[1]!);
    expect(newToken).not.toBe(oldToken);

    expect((await inviteLinkState(oldToken)).state).toBe('invalid');
    const old = await accept(oldToken);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ message: INVITE_INVALID_TEXT });
    expect(await db.staffUser.count({ where: { email } })).toBe(0);

    expect((await accept(newToken)).status).toBe(200);
    expect((await auditOf(email)).map((e) => e.action)).toEqual([
      'invited',
      'invite_resent',
      'invite_accepted',
    ]);
  });

  it('Revoke withdraws the link at once: the page and the API say so in words, and nothing is made', async () => {
    const email = uniqueEmail('revoke');
    const made = await invite(email);
    const token = await queuedToken(email);
    const res = await revoke(made.body.id);
    expect(res.status).toBe(204);
    expect((await listed()).map((i) => i.id)).not.toContain(made.body.id);
    expect((await inviteLinkState(token)).state).toBe('revoked');
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ message: INVITE_REVOKED_TEXT, state: 'revoked' });
    expect(await db.staffUser.count({ where: { email } })).toBe(0);
    // Again: nothing more happens.
    expect((await revoke(made.body.id)).status).toBe(204);
    // A revoked invitation cannot be sent again (invite them anew).
    expect((await resend(made.body.id)).body).toEqual({ message: INVITE_ALREADY_REVOKED_TEXT });
    const audit = await auditOf(email);
    expect(audit.map((e) => [e.action, e.performedBy])).toEqual([
      ['invited', admin.email],
      ['invite_revoked', admin.email],
    ]);
    // And the address can be invited again.
    expect((await invite(email)).status).toBe(201);
  });

  it('an unknown invitation is 404 for Resend and Revoke', async () => {
    for (const res of [await resend(UNKNOWN_ID), await revoke(UNKNOWN_ID)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'That invitation does not exist.' });
    }
    expect((await revoke('not-an-id')).status).toBe(404);
  });

  it('an accepted invitation cannot be revoked', async () => {
    const email = uniqueEmail('accepted-then-revoke');
    const made = await invite(email);
    await accept(await queuedToken(email));
    const res = await revoke(made.body.id);
    expect(res.status).toBe(409);
    expect(await db.staffUser.count({ where: { email } })).toBe(1);
  });
});

describe('links that cannot be used', () => {
  it('an expired link is 410 in words, and makes nothing', async () => {
    const email = uniqueEmail('expired');
    const made = await invite(email);
    const token = await queuedToken(email);
    await db.staffInvite.update({
      where: { id: made.body.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect((await inviteLinkState(token)).state).toBe('expired');
    const res = await accept(token);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ message: INVITE_EXPIRED_TEXT, state: 'expired' });
    expect(await db.staffUser.count({ where: { email } })).toBe(0);
  });

  it('a password that breaks the rules is 400 in the spec’s words, and the link still works', async () => {
    const email = uniqueEmail('short');
    await invite(email);
    const token = await queuedToken(email);
    const before = await snapshot();
    const res = await accept(token, 'short');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at least 8 characters long');
    const missing = await call(acceptRoute, { params: { token }, body: {}, ip: uniqueIp() });
    expect(missing.body.message).toBe('Password is required');
    expect(await snapshot()).toEqual(before);
    expect((await accept(token)).status).toBe(200);
  });
});

describe('guessing tokens is limited per address', () => {
  it(`${INVITE_GUESS_MAX} unknown tokens from one address, then 429 with Retry-After, even for a real one`, async () => {
    const ip = uniqueIp();
    const email = uniqueEmail('guessed');
    await invite(email);
    const token = await queuedToken(email);
    for (let i = 0; i < INVITE_GUESS_MAX; i++) {
      const res = await accept(`made-up-token-${i}-${'x'.repeat(30)}`, PASSWORD, ip);
      expect([res.status, res.body.message]).toEqual([404, INVITE_INVALID_TEXT]);
    }
    const limited = await accept(token, PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(
      /^Too many invitation links that are not valid were tried from this address\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await db.staffUser.count({ where: { email } })).toBe(0);
    // The page counts the same way.
    expect(await inviteLinkStateForPage(token, new Headers({ 'x-forwarded-for': ip }))).toEqual({
      state: 'limited',
    });
    // Another address is not held up.
    expect((await accept(token, PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('real links (used ones too) are not guesses and are never counted', async () => {
    const ip = uniqueIp();
    const email = uniqueEmail('reused');
    await invite(email);
    const token = await queuedToken(email);
    expect((await accept(token, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < INVITE_GUESS_MAX + 2; i++) {
      expect((await accept(token, PASSWORD, ip)).status).toBe(409);
    }
  });

  it('the page counts unknown tokens against the address too', async () => {
    const headers = new Headers({ 'x-forwarded-for': uniqueIp() });
    for (let i = 0; i < INVITE_GUESS_MAX; i++) {
      expect(await inviteLinkStateForPage(`page-guess-${i}-${'y'.repeat(30)}`, headers)).toEqual({
        state: 'invalid',
      });
    }
    expect(await inviteLinkStateForPage(`page-guess-last-${'y'.repeat(30)}`, headers)).toEqual({
      state: 'limited',
    });
  });
});
