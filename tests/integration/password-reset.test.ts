/**
 * Issue 31, point 2: a forgotten password. "Forgot password?" asks for a link by email (POST /api/password-reset,
 * the same 202 whether or not an account uses the address); the link, /reset-password/{token}, works once and
 * for 30 minutes, and a newer request retires the older ones; choosing a new password through it ends every
 * session of the account. Limited per address and per account; guessing links is limited per address. Against
 * the real route handlers, a real PostgreSQL and a real SMTP server (the email is read as it arrived).
 */
import type { ParsedMail } from 'mailparser';
import { POST as changePasswordRoute } from '@/app/api/change-password/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as resetRoute } from '@/app/api/password-reset/[token]/route';
import { POST as requestRoute } from '@/app/api/password-reset/route';
import { GET as userRoute } from '@/app/api/user/route';
import { verifyPassword } from '@/lib/auth/password';
import { decrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { encryptionKey } from '@/lib/env';
import { closeMailTransport, dispatchDue } from '@/lib/messages/dispatch';
import { PASSWORD_RESET_SUBJECT } from '@/lib/messages/subjects';
import {
  hashOfToken,
  passwordResetLinkState,
  resetLinkForPage,
  RESET_DONE_TEXT,
  RESET_EMAILS_PER_ACCOUNT,
  RESET_FAILED_LINKS_PER_ADDRESS,
  RESET_LINK_EXPIRED_TEXT,
  RESET_LINK_INVALID_TEXT,
  RESET_LINK_RETIRED_TEXT,
  RESET_LINK_USED_TEXT,
  RESET_REQUESTED_TEXT,
  RESET_REQUESTS_PER_ADDRESS,
} from '@/lib/services/account/password-reset';
import { PASSWORD_MIN_LENGTH_TEXT } from '@/lib/validation/messages';
import { setUpTestDatabase } from '../support/db';
import { uniqueEmail, uniqueIp } from '../support/fixtures';
import { call, makeStaff, signIn } from '../support/http';
import { recipients, startMailServer, type TestMailServer } from '../support/mail-server';
import { snapshot, snapshotChanges } from '../support/row-counts';

setUpTestDatabase();

const APP = 'https://referrals.harbour-smile.test';
let mail: TestMailServer;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.APP_URL = APP;
  process.env.MAIL_FROM = 'Harbour Smile Studio <hello@harbour-smile.test>';
  process.env.SMTP_URL = mail.url;
  await db.settings.upsert({
    where: { id: 1 },
    create: { id: 1, clinicName: 'Harbour Smile Studio', clinicEmail: 'front-desk@harbour-smile.test' },
    update: { clinicName: 'Harbour Smile Studio', clinicEmail: 'front-desk@harbour-smile.test' },
  });
});
afterAll(async () => {
  closeMailTransport();
  await mail.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  delete process.env.MAIL_FROM;
});

const NEW_PASSWORD = 'A-brand-new-passphrase';

const requestReset = (email: string, ip = uniqueIp()) =>
  call(requestRoute, { path: '/api/password-reset', body: { email }, ip });
const reset = (token: string, newPassword = NEW_PASSWORD, ip = uniqueIp()) =>
  call(resetRoute, {
    path: `/api/password-reset/${token}`,
    params: { token },
    body: { newPassword },
    ip,
  });
const login = (username: string, password: string, ip = uniqueIp()) =>
  call(loginRoute, { path: '/api/login', body: { username, password }, ip });
const currentUser = (cookie: string) => call(userRoute, { path: '/api/user', cookie });

const to = (address: string) => (m: ParsedMail) => recipients(m).includes(address.toLowerCase());
const html = (m: ParsedMail) => (typeof m.html === 'string' ? m.html : '');
const resetMessages = (email: string) =>
  db.message.findMany({ where: { toEmail: email, kind: 'password_reset' }, orderBy: { createdAt: 'asc' } });

const resetMail = (address: string) => (m: ParsedMail) =>
  to(address)(m) && m.subject === PASSWORD_RESET_SUBJECT;
const linkIn = (m: ParsedMail) =>
  new RegExp(`href="${APP}/reset-password/([A-Za-z0-9_-]{43})"`).exec(html(m))?.[1] ?? null;

/**
 * Sends what is queued, and returns the tokens of the reset links emailed to `email`, oldest request first (as
 * the queued messages carried them), once all `count` emails have arrived with exactly those links.
 */
async function emailedTokens(email: string, count = 1): Promise<string[]> {
  const queued = await resetMessages(email);
  const tokens = queued.map((m) => decrypt((m.data as { tokenEnc: string }).tokenEnc, encryptionKey()));
  await dispatchDue();
  const mails = await mail.waitFor(resetMail(email), count);
  expect(mails.map(linkIn).sort()).toEqual([...tokens].sort());
  return tokens;
}

/** Five wrong passwords for the account from one address: its sign-in from there is locked (429). */
async function lockOut(email: string, ip: string): Promise<void> {
  for (let i = 0; i < 5; i++) expect((await login(email, 'not-the-password', ip)).status).toBe(401);
  expect((await login(email, 'not-the-password', ip)).status).toBe(429);
}

describe('a forgotten password, from the request to signing in with the new one', () => {
  it('emails a one-time link; the new password signs in, the old one does not, and every session ends', async () => {
    const account = await makeStaff();
    const otherBrowser = await signIn(account.email, account.password);
    const lockedFrom = uniqueIp();
    await lockOut(account.email, lockedFrom);
    expect((await currentUser(account.cookie)).status).toBe(200);

    const ip = uniqueIp();
    const asked = await requestReset(account.email.toUpperCase(), ip);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_REQUESTED_TEXT });

    // Written with the request, sent afterwards: the token travels encrypted, and only its hash is stored.
    const [queued] = await resetMessages(account.email);
    expect(queued).toMatchObject({ status: 'queued', subject: PASSWORD_RESET_SUBJECT });
    expect((queued!.data as { tokenEnc?: string }).tokenEnc).toMatch(/^v1\./);
    const [token] = await emailedTokens(account.email);
    const [sent] = await mail.waitFor(resetMail(account.email));
    expect(sent!.subject).toBe(PASSWORD_RESET_SUBJECT);
    expect(sent!.text).toContain('30 minutes');
    const stored = await db.passwordReset.findMany({ where: { userId: account.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashOfToken(token!));
    expect(JSON.stringify(stored)).not.toContain(token!);
    const afterSending = await db.message.findUniqueOrThrow({ where: { id: queued!.id } });
    expect(afterSending.status).toBe('sent');
    expect(afterSending.data).not.toHaveProperty('tokenEnc');
    expect(JSON.stringify(afterSending)).not.toContain(token!);
    const minutes = (stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBe(30);

    expect(await passwordResetLinkState(token!)).toEqual({
      state: 'valid',
      email: account.email,
      expiresAt: stored[0]!.expiresAt,
    });

    const done = await reset(token!, NEW_PASSWORD, ip);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: RESET_DONE_TEXT });

    // Every session that existed before the reset ends, in every browser.
    for (const cookie of [account.cookie, otherBrowser]) {
      expect(await currentUser(cookie)).toMatchObject({
        status: 401,
        body: { message: 'You need to sign in.' },
      });
    }
    // The old password no longer signs in; the new one does, even from the address that was locked out.
    expect((await login(account.email, account.password)).status).toBe(401);
    const signedIn = await login(account.email, NEW_PASSWORD, lockedFrom);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ email: account.email, permissions: { isFullAdmin: false } });

    expect(await passwordResetLinkState(token!)).toEqual({ state: 'used' });
    const audit = await db.accountAuditEntry.findMany({
      where: { userId: account.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((a) => [a.action, a.email, a.performedBy, a.ip])).toEqual([
      ['password_reset_requested', account.email, 'the account holder', ip],
      ['password_reset', account.email, 'the account holder', ip],
    ]);
    expect(audit[1]!.details).toBe('2 sessions signed out');
  });

  it('answers an unknown email exactly as a known one: same status, words and headers; nothing written', async () => {
    const account = await makeStaff();
    const known = await requestReset(account.email);
    const unknownEmail = uniqueEmail('nobody');
    const before = await snapshot();
    const unknown = await requestReset(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const headersOf = (res: typeof known) =>
      [...res.headers.entries()].filter(([name]) => name !== 'date').sort(([a], [b]) => a.localeCompare(b));
    expect(headersOf(unknown)).toEqual(headersOf(known));
    // Only the limits' counters are written (as for a known address; left out of snapshots): no link, message
    // or audit entry.
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
    expect(await db.message.count({ where: { toEmail: unknownEmail } })).toBe(0);
    expect(await db.accountAuditEntry.count({ where: { email: unknownEmail } })).toBe(0);
    expect(await resetMessages(account.email)).toHaveLength(1);
  });

  it('a newer request retires the older link: it says so, and only the newest sets a password', async () => {
    const account = await makeStaff();
    expect((await requestReset(account.email)).status).toBe(202);
    expect((await requestReset(account.email)).status).toBe(202);
    const [older, newer] = await emailedTokens(account.email, 2);
    expect(older).not.toBe(newer);
    expect(await passwordResetLinkState(older!)).toEqual({ state: 'retired' });

    const refused = await reset(older!);
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ message: RESET_LINK_RETIRED_TEXT, state: 'retired' });
    expect((await currentUser(account.cookie)).status).toBe(200);

    expect((await reset(newer!)).status).toBe(200);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a password changed in Settings retires the links emailed before it', async () => {
    const account = await makeStaff();
    expect((await requestReset(account.email)).status).toBe(202);
    const [token] = await emailedTokens(account.email);
    const changed = await call(changePasswordRoute, {
      cookie: account.cookie,
      body: { email: account.email, currentPassword: account.password, newPassword: 'Changed-in-settings-1' },
    });
    expect(changed.status).toBe(200);
    expect(await passwordResetLinkState(token!)).toEqual({ state: 'retired' });
    expect((await reset(token!)).status).toBe(410);
    expect((await login(account.email, 'Changed-in-settings-1')).status).toBe(200);
  });

  it('a used link is refused in words, and changes nothing', async () => {
    const account = await makeStaff();
    await requestReset(account.email);
    const [token] = await emailedTokens(account.email);
    expect((await reset(token!)).status).toBe(200);
    const fresh = await signIn(account.email, NEW_PASSWORD);
    const before = await snapshot();

    const again = await reset(token!, 'Someone-elses-password');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: RESET_LINK_USED_TEXT, state: 'used' });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
    expect((await currentUser(fresh)).status).toBe(200);
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: account.id } });
    expect(await verifyPassword(row.passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it('an expired link is refused in words, and changes nothing', async () => {
    const account = await makeStaff();
    await requestReset(account.email);
    const [token] = await emailedTokens(account.email);
    await db.passwordReset.updateMany({
      where: { userId: account.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await passwordResetLinkState(token!)).toEqual({ state: 'expired' });
    const before = await snapshot();
    const refused = await reset(token!);
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ message: RESET_LINK_EXPIRED_TEXT, state: 'expired' });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('an unknown link is 404 in words; a short new password is 400 and the link still works', async () => {
    const unknown = await reset(Buffer.alloc(32, 7).toString('base64url'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: RESET_LINK_INVALID_TEXT });
    // Not shaped like a link's token at all: the same answer, without a look-up.
    expect(await reset('not-a-token')).toMatchObject({
      status: 404,
      body: { message: RESET_LINK_INVALID_TEXT },
    });

    const account = await makeStaff();
    await requestReset(account.email);
    const [token] = await emailedTokens(account.email);
    const before = await snapshot();
    const short = await reset(token!, 'Abc-123');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      message: PASSWORD_MIN_LENGTH_TEXT,
      fieldErrors: { newPassword: [PASSWORD_MIN_LENGTH_TEXT] },
    });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
    expect((await passwordResetLinkState(token!)).state).toBe('valid');
  });

  it('two submissions of one link at once set one password: the other is told the link was used', async () => {
    const account = await makeStaff();
    await requestReset(account.email);
    const [token] = await emailedTokens(account.email);
    const results = await Promise.all([
      reset(token!, 'First-new-password'),
      reset(token!, 'Second-new-password'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? 'First-new-password' : 'Second-new-password';
    expect((await login(account.email, winner)).status).toBe(200);
    expect(
      await db.accountAuditEntry.count({ where: { userId: account.id, action: 'password_reset' } }),
    ).toBe(1);
  });
});

describe('limits', () => {
  it(`${RESET_REQUESTS_PER_ADDRESS} requests an hour per address, then 429 in words, whoever's address it names`, async () => {
    const ip = uniqueIp();
    const account = await makeStaff();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
      expect((await requestReset(uniqueEmail('limit'), ip)).status).toBe(202);
    }
    for (const email of [uniqueEmail('limit'), account.email]) {
      const before = await snapshot();
      const refused = await requestReset(email, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^Too many password reset requests from this address\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(snapshotChanges(before, await snapshot())).toEqual([]);
    }
    expect(await resetMessages(account.email)).toHaveLength(0);
    // Another address is not held up.
    expect((await requestReset(account.email)).status).toBe(202);
  });

  it(`${RESET_EMAILS_PER_ACCOUNT} emails an hour per account: later requests still answer 202, and send nothing`, async () => {
    const account = await makeStaff();
    for (let i = 0; i < RESET_EMAILS_PER_ACCOUNT + 2; i++) {
      const res = await requestReset(account.email);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: RESET_REQUESTED_TEXT });
    }
    expect(await resetMessages(account.email)).toHaveLength(RESET_EMAILS_PER_ACCOUNT);
    expect(await db.passwordReset.count({ where: { userId: account.id } })).toBe(RESET_EMAILS_PER_ACCOUNT);
    expect(
      await db.accountAuditEntry.count({ where: { userId: account.id, action: 'password_reset_requested' } }),
    ).toBe(RESET_EMAILS_PER_ACCOUNT);
    // The newest of them is the one link that works.
    const tokens = await emailedTokens(account.email, RESET_EMAILS_PER_ACCOUNT);
    const states = await Promise.all(tokens.map(async (t) => (await passwordResetLinkState(t)).state));
    expect(states).toEqual(['retired', 'retired', 'valid']);
  });

  it(`guessing links: ${RESET_FAILED_LINKS_PER_ADDRESS} failures in 15 minutes per address, then 429 even for a good link`, async () => {
    const ip = uniqueIp();
    const account = await makeStaff();
    await requestReset(account.email);
    const [token] = await emailedTokens(account.email);
    // A success takes its count back: it never adds up towards the limit.
    const other = await makeStaff();
    await requestReset(other.email);
    const [otherToken] = await emailedTokens(other.email);
    expect((await reset(otherToken!, NEW_PASSWORD, ip)).status).toBe(200);

    for (let i = 0; i < RESET_FAILED_LINKS_PER_ADDRESS - 1; i++) {
      expect((await reset(Buffer.alloc(32, i).toString('base64url'), NEW_PASSWORD, ip)).status).toBe(404);
    }
    // The page's look-ups count too (one that finds nothing), under the same limit.
    expect(await resetLinkForPage(Buffer.alloc(32, 99).toString('base64url'), ip)).toEqual({
      state: 'invalid',
    });
    const before = await snapshot();
    const refused = await reset(token!, NEW_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many attempts with password reset links from this address\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
    expect(await resetLinkForPage(token!, ip)).toEqual({ state: 'limited' });
    // The link itself still works, from elsewhere.
    expect((await resetLinkForPage(token!, uniqueIp())).state).toBe('valid');
    expect((await reset(token!)).status).toBe(200);
  });
});
