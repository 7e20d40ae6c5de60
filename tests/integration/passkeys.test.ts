/**
 * Issue 31, point 3: passkeys (WebAuthn) with @simplewebauthn/server. Registering several, named, with their
 * created and last-used times; signing in with one as the second step after a password, or alone as a
 * discoverable credential; a step-up; renaming and removing them. And the attacks the issue names: an answer
 * for another origin, to another (older) challenge, after its state expired, and a counter that went
 * backwards (a copied key) are refused in words, with nothing written and nobody signed in.
 *
 * No browser runs here: the browser's answers are made by a software authenticator (tests/support/webauthn.ts)
 * with Node's crypto, and sent to the real route handlers against a real PostgreSQL.
 */
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as loginPasskeyRoute } from '@/app/api/login/passkey/route';
import { POST as loginOptionsRoute } from '@/app/api/login/passkey/options/route';
import { DELETE as removeRoute, PATCH as renameRoute } from '@/app/api/account/passkeys/[id]/route';
import { GET as listRoute, POST as addRoute } from '@/app/api/account/passkeys/route';
import { POST as registrationOptionsRoute } from '@/app/api/account/passkeys/options/route';
import { POST as stepUpRoute } from '@/app/api/account/step-up/passkey/route';
import { POST as stepUpOptionsRoute } from '@/app/api/account/step-up/passkey/options/route';
import { CEREMONY_EXPIRED_TEXT, SIGN_IN_EXPIRED_TEXT } from '@/lib/auth/challenge';
import { addressLimitKey } from '@/lib/auth/login-keys';
import { PASSKEY_NOT_FOUND } from '@/lib/contract/passkeys';
import { db } from '@/lib/db';
import {
  ALREADY_REGISTERED_TEXT,
  COPIED_TEXT,
  NO_PASSKEY_TEXT,
  NOT_REGISTERED_TEXT,
  NOT_YOURS_TEXT,
  OTHER_ACCOUNT_TEXT,
} from '@/lib/services/account/passkeys';
import { OTHER_CHALLENGE_TEXT, OTHER_ORIGIN_TEXT } from '@/lib/services/account/passkey-words';
import { appOrigin } from '@/lib/env';
import { setUpTestDatabase } from '../support/db';
import { uniqueIp } from '../support/fixtures';
import { call, makeStaff, signIn, type CallResult, type TestStaff } from '../support/http';
import { snapshot, snapshotChanges } from '../support/row-counts';
import { cookiesSet, SoftwareAuthenticator, withCookies, type Bend } from '../support/webauthn';

setUpTestDatabase();

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// ---------- the ceremonies, as a browser would run them ----------

async function registrationOptions(cookie: string) {
  const res = await call(registrationOptionsRoute, {
    method: 'POST',
    path: '/api/account/passkeys/options',
    cookie,
  });
  expect(res.status).toBe(200);
  return { options: res.body, cookie: withCookies(cookie, cookiesSet(res.setCookies)) };
}

async function addPasskey(
  staff: TestStaff,
  authenticator: SoftwareAuthenticator,
  { name, bend, userAgent }: { name?: string; bend?: Bend; userAgent?: string } = {},
): Promise<CallResult> {
  const { options, cookie } = await registrationOptions(staff.cookie);
  return call(addRoute, {
    path: '/api/account/passkeys',
    body: { ...(name === undefined ? {} : { name }), response: authenticator.register(options, bend) },
    cookie,
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
}

const listPasskeys = (staff: TestStaff) =>
  call(listRoute, { path: '/api/account/passkeys', cookie: staff.cookie });

/** A password sign-in that stops at the second step: its state's cookie. */
async function passwordStep(staff: TestStaff, ip: string): Promise<string> {
  const res = await call(loginRoute, {
    path: '/api/login',
    body: { username: staff.email, password: staff.password },
    ip,
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ secondFactorRequired: true });
  expect(res.body.methods).toContain('passkey');
  return cookiesSet(res.setCookies);
}

async function loginOptions(cookie = '', ip = '127.0.0.1') {
  const res = await call(loginOptionsRoute, {
    method: 'POST',
    path: '/api/login/passkey/options',
    cookie,
    ip,
  });
  expect(res.status).toBe(200);
  return { options: res.body, cookie: withCookies(cookie, cookiesSet(res.setCookies)) };
}

const loginWith = (response: unknown, cookie: string, ip: string) =>
  call(loginPasskeyRoute, { path: '/api/login/passkey', body: { response }, cookie, ip });

const sessionCookie = (res: CallResult) =>
  Object.entries(res.setCookies)
    .filter(([name, value]) => value && name.endsWith('session-token'))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

const sessionsOf = (userId: string) =>
  db.staffSession.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });

/** A staff member with a passkey ('Laptop'), and the authenticator that holds it. */
async function staffWithPasskey(): Promise<{ staff: TestStaff; authenticator: SoftwareAuthenticator }> {
  const staff = await makeStaff();
  const authenticator = new SoftwareAuthenticator();
  const res = await addPasskey(staff, authenticator, { name: 'Laptop' });
  expect(res.status).toBe(201);
  return { staff, authenticator };
}

// ---------- adding and listing ----------

describe('adding a passkey (Settings → Security)', () => {
  it('the options are for the app as APP_URL names it, exclude the account’s passkeys and keep the challenge for this session', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const res = await call(registrationOptionsRoute, {
      method: 'POST',
      path: '/api/account/passkeys/options',
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.rp).toEqual({ name: 'Smile Referrals', id: new URL(appOrigin()).hostname });
    expect(res.body.user).toMatchObject({ name: staff.email });
    expect(Buffer.from(res.body.user.id, 'base64url').toString()).toBe(staff.id);
    expect(res.body.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id, type: 'public-key' }),
    ]);
    expect(res.body.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'preferred',
    });
    const state = await db.authChallenge.findFirstOrThrow({
      where: { purpose: 'passkey_register', userId: staff.id, challenge: res.body.challenge },
    });
    const session = (await sessionsOf(staff.id))[0]!;
    expect(state.sessionId).toBe(session.id);
    // The cookie holds a random token, never the challenge or the account.
    const [header] = res.setCookieHeaders.filter((h) => h.startsWith('sr-passkey-register='));
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).not.toContain(res.body.challenge);
  });

  it('the first passkey is kept with its name, answered with ten recovery codes and audited; a second gets none', async () => {
    const staff = await makeStaff();
    const first = await addPasskey(staff, new SoftwareAuthenticator(), { name: '  Reception laptop  ' });
    expect(first.status).toBe(201);
    expect(first.body.passkey).toMatchObject({
      name: 'Reception laptop',
      lastUsedAt: null,
      storage: 'This device only',
    });
    expect(first.body.recoveryCodes).toHaveLength(10);
    expect(first.setCookies['sr-passkey-register']).toBe('');
    expect(await db.authChallenge.count({ where: { userId: staff.id, purpose: 'passkey_register' } })).toBe(
      0,
    );

    // Without a name, it is named after the browser that added it.
    const second = await addPasskey(staff, new SoftwareAuthenticator(), { userAgent: CHROME_ON_WINDOWS });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      passkey: { name: 'Passkey on Chrome on Windows' },
      recoveryCodes: null,
    });

    const list = await listPasskeys(staff);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual([
      'Reception laptop',
      'Passkey on Chrome on Windows',
    ]);
    const stored = await db.passkey.findFirstOrThrow({ where: { id: first.body.passkey.id } });
    expect(stored).toMatchObject({ userId: staff.id, deviceType: 'singleDevice', backedUp: false });
    expect(stored.publicKey.length).toBeGreaterThan(60);
    expect(await db.recoveryCode.count({ where: { userId: staff.id } })).toBe(10);
    const audit = await db.accountAuditEntry.findMany({
      where: { userId: staff.id, action: 'passkey_added' },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((a) => a.details)).toEqual([
      'Passkey ‘Reception laptop’',
      'Passkey ‘Passkey on Chrome on Windows’',
    ]);
    expect(audit[0]).toMatchObject({ email: staff.email, performedBy: 'the account holder' });
  });

  it('the same passkey twice: 409 in words, nothing written', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const before = await snapshot();
    const again = await addPasskey(staff, authenticator, { name: 'Again' });
    expect(again).toMatchObject({ status: 409, body: { message: ALREADY_REGISTERED_TEXT } });
    expect(snapshotChanges(before, await snapshot())).toEqual([
      // Only the new options' state (the options call itself) was written.
      expect.stringMatching(/^auth_challenges: /),
    ]);
    expect(await db.passkey.count({ where: { userId: staff.id } })).toBe(1);
  });

  it('an answer made on another website address: 400 in words, nothing written', async () => {
    const staff = await makeStaff();
    const { options, cookie } = await registrationOptions(staff.cookie);
    const before = await snapshot();
    const res = await call(addRoute, {
      path: '/api/account/passkeys',
      body: {
        response: new SoftwareAuthenticator().register(options, {
          origin: 'https://smile-referrals.example',
        }),
      },
      cookie,
    });
    expect(res).toMatchObject({ status: 400, body: { message: OTHER_ORIGIN_TEXT(appOrigin()) } });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
  });

  it('an answer for another relying party (a look-alike site): 400, nothing written', async () => {
    const staff = await makeStaff();
    const { options, cookie } = await registrationOptions(staff.cookie);
    const before = await snapshot();
    const res = await call(addRoute, {
      path: '/api/account/passkeys',
      body: { response: new SoftwareAuthenticator().register(options, { rpId: 'evil.example' }) },
      cookie,
    });
    expect(res).toMatchObject({ status: 400, body: { message: OTHER_ORIGIN_TEXT(appOrigin()) } });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
  });

  it('an answer to an older challenge: 400 in words, nothing written', async () => {
    const staff = await makeStaff();
    const old = await registrationOptions(staff.cookie);
    // Asking again replaces the browser's state: the older challenge no longer counts.
    const current = await registrationOptions(withCookies(old.cookie));
    const before = await snapshot();
    const res = await call(addRoute, {
      path: '/api/account/passkeys',
      body: { response: new SoftwareAuthenticator().register(old.options) },
      cookie: current.cookie,
    });
    expect(res).toMatchObject({ status: 400, body: { message: OTHER_CHALLENGE_TEXT } });
    // The old state itself is gone.
    const replayed = await call(addRoute, {
      path: '/api/account/passkeys',
      body: { response: new SoftwareAuthenticator().register(old.options) },
      cookie: old.cookie,
    });
    expect(replayed).toMatchObject({ status: 400, body: { message: CEREMONY_EXPIRED_TEXT } });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
  });

  it('after its state expired: 400 saying to start again, nothing written', async () => {
    const staff = await makeStaff();
    const { options, cookie } = await registrationOptions(staff.cookie);
    await db.authChallenge.updateMany({
      where: { userId: staff.id, purpose: 'passkey_register' },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const before = await snapshot();
    const res = await call(addRoute, {
      path: '/api/account/passkeys',
      body: { response: new SoftwareAuthenticator().register(options) },
      cookie,
    });
    expect(res).toMatchObject({ status: 400, body: { message: CEREMONY_EXPIRED_TEXT } });
    expect(snapshotChanges(before, await snapshot())).toEqual([]);
  });

  it('another session’s state (the same account signed in elsewhere) does not count', async () => {
    const staff = await makeStaff();
    const { options, cookie } = await registrationOptions(staff.cookie);
    // The same account, signed in in another browser: its session cookie with this browser's state.
    const elsewhere = await signIn(staff.email, staff.password);
    const res = await call(addRoute, {
      path: '/api/account/passkeys',
      body: { response: new SoftwareAuthenticator().register(options) },
      cookie: withCookies(cookie, elsewhere),
    });
    expect(res).toMatchObject({ status: 400, body: { message: CEREMONY_EXPIRED_TEXT } });
    expect(await db.passkey.count({ where: { userId: staff.id } })).toBe(0);
  });
});

// ---------- signing in ----------

describe('signing in with a passkey', () => {
  it('as the second step after a right password: options name the account’s passkeys; the session says password_passkey', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const ip = uniqueIp();
    const pending = await passwordStep(staff, ip);
    const { options, cookie } = await loginOptions(pending, ip);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    expect(options.userVerification).toBe('preferred');
    expect(options.rpId).toBe(new URL(appOrigin()).hostname);

    const before = (await sessionsOf(staff.id)).length;
    const res = await loginWith(authenticator.assert(options), cookie, ip);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: staff.email, permissions: { isFullAdmin: false } });
    expect(sessionCookie(res)).not.toBe('');
    // Both states are used up.
    expect(res.setCookies['sr-passkey-login']).toBe('');
    expect(res.setCookies['sr-second-factor']).toBe('');
    const sessions = await sessionsOf(staff.id);
    expect(sessions).toHaveLength(before + 1);
    expect(sessions.at(-1)).toMatchObject({ method: 'password_passkey' });
    expect(sessions.at(-1)!.secondFactorAt).not.toBeNull();
    const signIn = await db.signIn.findFirstOrThrow({ where: { sessionId: sessions.at(-1)!.id } });
    expect(signIn.method).toBe('password_passkey');
    const stored = await db.passkey.findFirstOrThrow({ where: { userId: staff.id } });
    expect(stored.lastUsedAt).not.toBeNull();
    expect(Number(stored.counter)).toBe(authenticator.counter);

    // The same answer again: its state is gone.
    const replay = await loginWith(authenticator.assert(options), cookie, ip);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(CEREMONY_EXPIRED_TEXT);
  });

  it('alone, as a discoverable credential: no passkeys named, the user must be verified; the session says passkey', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const ip = uniqueIp();
    const { options, cookie } = await loginOptions('', ip);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');

    // Without user verification, a passkey alone is not enough.
    const unverified = await loginWith(authenticator.assert(options, { userVerified: false }), cookie, ip);
    expect(unverified.status).toBe(401);
    expect(unverified.body.message).toMatch(/confirm it was you/);

    const res = await loginWith(authenticator.assert(options), cookie, ip);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: staff.email, permissions: { isFullAdmin: false } });
    const session = (await sessionsOf(staff.id)).at(-1)!;
    expect(session.method).toBe('passkey');
    expect(session.secondFactorAt).not.toBeNull();

    // The new session works.
    const list = await call(listRoute, { path: '/api/account/passkeys', cookie: sessionCookie(res) });
    expect(list.status).toBe(200);
    expect(list.body[0].lastUsedAt).not.toBeNull();
  });

  it('an answer made on another website address is refused in words and signs nobody in', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const ip = uniqueIp();
    const { options, cookie } = await loginOptions('', ip);
    const before = await sessionsOf(staff.id);
    const res = await loginWith(
      authenticator.assert(options, { origin: 'https://smile-referrals.example' }),
      cookie,
      ip,
    );
    expect(res).toMatchObject({ status: 401, body: { message: OTHER_ORIGIN_TEXT(appOrigin()) } });
    expect(sessionCookie(res)).toBe('');
    expect(await sessionsOf(staff.id)).toEqual(before);
  });

  it('an answer to an older challenge is refused', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const ip = uniqueIp();
    const old = await loginOptions('', ip);
    const current = await loginOptions(old.cookie, ip);
    const res = await loginWith(authenticator.assert(old.options), current.cookie, ip);
    expect(res).toMatchObject({ status: 401, body: { message: OTHER_CHALLENGE_TEXT } });
    expect(sessionCookie(res)).toBe('');
    expect((await sessionsOf(staff.id)).filter((s) => s.method === 'passkey')).toEqual([]);
  });

  it('after its state expired: 400 saying to start again; the password step’s own expiry: 401', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const ip = uniqueIp();
    const { options, cookie } = await loginOptions('', ip);
    await db.authChallenge.updateMany({
      where: { challenge: options.challenge },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const res = await loginWith(authenticator.assert(options), cookie, ip);
    expect(res).toMatchObject({ status: 400, body: { message: CEREMONY_EXPIRED_TEXT } });

    // The second step after a password whose own state timed out meanwhile.
    const pending = await passwordStep(staff, ip);
    const second = await loginOptions(pending, ip);
    await db.authChallenge.updateMany({
      where: { userId: staff.id, purpose: 'second_factor' },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const late = await loginWith(authenticator.assert(second.options), second.cookie, ip);
    expect(late).toMatchObject({ status: 401, body: { message: SIGN_IN_EXPIRED_TEXT } });
    expect(sessionCookie(late)).toBe('');
    expect((await sessionsOf(staff.id)).filter((s) => s.method !== 'password')).toEqual([]);
  });

  it('a counter that went backwards (a copied key) is refused and nothing signs in', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const ip = uniqueIp();
    let round = await loginOptions('', ip);
    expect(
      (await loginWith(authenticator.assert(round.options, { counter: 5 }), round.cookie, ip)).status,
    ).toBe(200);
    round = await loginOptions('', ip);
    const before = await sessionsOf(staff.id);
    const copied = await loginWith(authenticator.assert(round.options, { counter: 3 }), round.cookie, ip);
    expect(copied).toMatchObject({ status: 401, body: { message: COPIED_TEXT } });
    expect(sessionCookie(copied)).toBe('');
    expect(await sessionsOf(staff.id)).toEqual(before);
    // The same counter again is no better.
    const same = await loginWith(authenticator.assert(round.options, { counter: 5 }), round.cookie, ip);
    expect(same).toMatchObject({ status: 401, body: { message: COPIED_TEXT } });
    expect(Number((await db.passkey.findFirstOrThrow({ where: { userId: staff.id } })).counter)).toBe(5);
  });

  it('an unknown passkey, and another account’s passkey after a password, are refused', async () => {
    const { staff } = await staffWithPasskey();
    const other = await staffWithPasskey();
    const ip = uniqueIp();
    let round = await loginOptions('', ip);
    const unknown = await loginWith(new SoftwareAuthenticator().assert(round.options), round.cookie, ip);
    expect(unknown).toMatchObject({ status: 401, body: { message: NOT_REGISTERED_TEXT } });

    const pending = await passwordStep(staff, ip);
    round = await loginOptions(pending, ip);
    const wrong = await loginWith(other.authenticator.assert(round.options), round.cookie, ip);
    expect(wrong).toMatchObject({ status: 401, body: { message: OTHER_ACCOUNT_TEXT } });
    expect(sessionCookie(wrong)).toBe('');
  });

  it('failures count towards the address’s sign-in limit (20 in 15 minutes); a success takes its own back', async () => {
    const { authenticator } = await staffWithPasskey();
    const ip = uniqueIp();
    const events = () => db.rateLimitEvent.count({ where: { key: addressLimitKey(ip) } });
    let round = await loginOptions('', ip);
    await loginWith(new SoftwareAuthenticator().assert(round.options), round.cookie, ip);
    expect(await events()).toBe(1);
    round = await loginOptions('', ip);
    expect((await loginWith(authenticator.assert(round.options), round.cookie, ip)).status).toBe(200);
    expect(await events()).toBe(1);
    for (let i = 1; i < 20; i += 1) {
      round = await loginOptions('', ip);
      await loginWith(new SoftwareAuthenticator().assert(round.options), round.cookie, ip);
    }
    round = await loginOptions('', ip);
    const limited = await loginWith(authenticator.assert(round.options), round.cookie, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

// ---------- step-up ----------

describe('a step-up with a passkey (before money moves)', () => {
  it('marks this session’s second factor as used now', async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const session = (await sessionsOf(staff.id))[0]!;
    expect(session.secondFactorAt).toBeNull();
    const optionsRes = await call(stepUpOptionsRoute, {
      method: 'POST',
      path: '/api/account/step-up/passkey/options',
      cookie: staff.cookie,
    });
    expect(optionsRes.status).toBe(200);
    expect(optionsRes.body.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const cookie = withCookies(staff.cookie, cookiesSet(optionsRes.setCookies));

    // Another account's passkey is not yours.
    const other = await staffWithPasskey();
    const wrong = await call(stepUpRoute, {
      path: '/api/account/step-up/passkey',
      body: { response: other.authenticator.assert(optionsRes.body) },
      cookie,
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: NOT_YOURS_TEXT } });

    const res = await call(stepUpRoute, {
      path: '/api/account/step-up/passkey',
      body: { response: authenticator.assert(optionsRes.body) },
      cookie,
    });
    expect(res.status).toBe(200);
    const after = await db.staffSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(after.secondFactorAt?.toISOString()).toBe(res.body.secondFactorAt);
  });

  it('an account without a passkey is told what to do instead (409)', async () => {
    const staff = await makeStaff();
    const res = await call(stepUpOptionsRoute, {
      method: 'POST',
      path: '/api/account/step-up/passkey/options',
      cookie: staff.cookie,
    });
    expect(res).toMatchObject({ status: 409, body: { message: NO_PASSKEY_TEXT } });
  });
});

// ---------- renaming and removing ----------

describe('renaming and removing', () => {
  it('renames and removes your own passkeys (audited); another account’s are 404 and untouched', async () => {
    const { staff } = await staffWithPasskey();
    const other = await staffWithPasskey();
    const [mine] = (await listPasskeys(staff)).body;
    const [theirs] = (await listPasskeys(other.staff)).body;

    const renamed = await call(renameRoute, {
      method: 'PATCH',
      path: `/api/account/passkeys/${mine.id}`,
      params: { id: mine.id },
      body: { name: ' Front desk ' },
      cookie: staff.cookie,
    });
    expect(renamed).toMatchObject({ status: 200, body: { id: mine.id, name: 'Front desk' } });
    const blank = await call(renameRoute, {
      method: 'PATCH',
      path: `/api/account/passkeys/${mine.id}`,
      params: { id: mine.id },
      body: { name: '  ' },
      cookie: staff.cookie,
    });
    expect(blank.status).toBe(400);

    const before = await snapshot();
    for (const [handler, method] of [
      [renameRoute, 'PATCH'],
      [removeRoute, 'DELETE'],
    ] as const) {
      const res = await call(handler, {
        method,
        path: `/api/account/passkeys/${theirs.id}`,
        params: { id: theirs.id },
        body: method === 'PATCH' ? { name: 'Mine now' } : undefined,
        cookie: staff.cookie,
      });
      expect(res).toMatchObject({ status: 404, body: { message: PASSKEY_NOT_FOUND } });
    }
    expect(snapshotChanges(before, await snapshot())).toEqual([]);

    const removed = await call(removeRoute, {
      method: 'DELETE',
      path: `/api/account/passkeys/${mine.id}`,
      params: { id: mine.id },
      cookie: staff.cookie,
    });
    expect(removed.status).toBe(204);
    expect((await listPasskeys(staff)).body).toEqual([]);
    const audit = await db.accountAuditEntry.findFirstOrThrow({
      where: { userId: staff.id, action: 'passkey_removed' },
    });
    expect(audit.details).toBe('Passkey ‘Front desk’');
    // The last second factor gone: the recovery codes go too, and a password alone signs in again.
    expect(await db.recoveryCode.count({ where: { userId: staff.id } })).toBe(0);
    const login = await call(loginRoute, {
      path: '/api/login',
      body: { username: staff.email, password: staff.password },
      ip: uniqueIp(),
    });
    expect(login.body).toEqual({ email: staff.email, permissions: { isFullAdmin: false } });
  });

  it('removing one of two passkeys keeps the recovery codes', async () => {
    const staff = await makeStaff();
    await addPasskey(staff, new SoftwareAuthenticator(), { name: 'One' });
    await addPasskey(staff, new SoftwareAuthenticator(), { name: 'Two' });
    const [one] = (await listPasskeys(staff)).body;
    const res = await call(removeRoute, {
      method: 'DELETE',
      path: `/api/account/passkeys/${one.id}`,
      params: { id: one.id },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(204);
    expect(await db.recoveryCode.count({ where: { userId: staff.id } })).toBe(10);
  });
});
