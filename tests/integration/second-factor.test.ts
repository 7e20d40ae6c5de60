/**
 * Issue 31: the authenticator app (TOTP) with codes made by otplib from the secret the API answers, recovery
 * codes, the second step of signing in and the step-up by code. Real routes, real PostgreSQL.
 */
import { generate } from 'otplib';
import { POST as newRecoveryCodes } from '@/app/api/account/recovery-codes/route';
import { GET as secondFactors } from '@/app/api/account/second-factors/route';
import { POST as stepUp } from '@/app/api/account/step-up/route';
import { DELETE as removeTotp, POST as startTotp } from '@/app/api/account/totp/route';
import { POST as confirmTotp } from '@/app/api/account/totp/verify/route';
import { POST as login } from '@/app/api/login/route';
import { POST as secondStep } from '@/app/api/login/second-factor/route';
import { GET as getUser } from '@/app/api/user/route';
import { SIGN_IN_EXPIRED_TEXT } from '@/lib/auth/challenge';
import { db } from '@/lib/db';
import { accountAddressKey } from '@/lib/services/login';
import {
  ONE_OF_TEXT,
  RECOVERY_CODE_WRONG_TEXT,
  TOTP_CODE_TEXT,
  TOTP_WRONG_CODE_TEXT,
} from '@/lib/validation/second-factor';
import { setUpTestDatabase } from '../support/db';
import { call, makeStaff, type TestStaff } from '../support/http';

setUpTestDatabase();

const cookieOf = (res: { setCookies: Record<string, string> }) =>
  Object.entries(res.setCookies)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** A code of the app `steps` steps of 30 s from now (the server accepts now ± 1). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let ipCounter = 0;
/** Each test signs in from its own address, so the limits of one never meet another's. */
const nextIp = () => `10.31.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

async function enrol(staff: TestStaff): Promise<Enrolled> {
  const started = await call(startTotp, { cookie: staff.cookie, method: 'POST' });
  expect(started.status).toBe(200);
  const { secret } = started.body as { secret: string };
  const confirmed = await call(confirmTotp, {
    cookie: staff.cookie,
    body: { code: await codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  // The confirming code used its step up; the next sign-in of this test may use the same time again.
  await db.staffUser.update({ where: { id: staff.id }, data: { totpLastStep: null } });
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** The first step: the right password of an account with a second factor; the pending state's cookie. */
async function passwordStep(staff: TestStaff, ip: string): Promise<string> {
  const res = await call(login, { body: { username: staff.email, password: staff.password }, ip });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery-code'] });
  return cookieOf(res);
}

const sessionCount = (userId: string) => db.staffSession.count({ where: { userId } });

describe('setting up the authenticator app', () => {
  it('answers a secret and an otpauth address; a first right code enables it and answers ten recovery codes once', async () => {
    const staff = await makeStaff();
    const started = await call(startTotp, { cookie: staff.cookie, method: 'POST' });
    expect(started.status).toBe(200);
    const { secret, otpauthUrl } = started.body as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Smile%20Referrals/);
    expect(otpauthUrl).toContain(encodeURIComponent(staff.email));
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } });
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecretEnc).not.toContain(secret); // kept encrypted

    // Not a second factor until confirmed: the password alone still signs in.
    const before = await call(login, { body: { username: staff.email, password: staff.password } });
    expect(before.body).toEqual({ email: staff.email, permissions: { isFullAdmin: false } });

    const wrong = await call(confirmTotp, { cookie: staff.cookie, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ code: [TOTP_WRONG_CODE_TEXT] });
    const malformed = await call(confirmTotp, { cookie: staff.cookie, body: { code: '12345' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(TOTP_CODE_TEXT);
    expect((await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } })).totpEnabledAt).toBeNull();

    const code = await codeAt(secret);
    const confirmed = await call(confirmTotp, {
      cookie: staff.cookie,
      body: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await db.recoveryCode.findMany({ where: { userId: staff.id } });
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.map((s) => s.codeHash)).not.toContain(c);

    const summary = await call(secondFactors, { cookie: staff.cookie });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      totpEnabled: true,
      totpEnabledAt: expect.any(String),
      recoveryCodesLeft: 10,
      passkeys: 0,
    });

    // Already set up: 409 in words, and nothing changes.
    const enabled = await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } });
    const again = await call(startTotp, { cookie: staff.cookie, method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/remove it first/);
    const reconfirm = await call(confirmTotp, { cookie: staff.cookie, body: { code: await codeAt(secret) } });
    expect(reconfirm.status).toBe(409);
    expect(await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } })).toEqual(enabled);
  });

  it('confirming without a started set-up is a 409 in words', async () => {
    const staff = await makeStaff();
    const res = await call(confirmTotp, { cookie: staff.cookie, body: { code: '123456' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/start again/);
  });
});

describe('signing in with the authenticator app', () => {
  it('asks for the code after the password (no session yet); a wrong code is 401 and the state stays; the right one signs in', async () => {
    const staff = await makeStaff();
    const { secret } = await enrol(staff);
    const ip = nextIp();
    const sessionsBefore = await sessionCount(staff.id);

    const first = await call(login, { body: { username: staff.email, password: staff.password }, ip });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery-code'] });
    expect(Object.keys(first.setCookies).some((name) => name.endsWith('session-token'))).toBe(false);
    expect(await sessionCount(staff.id)).toBe(sessionsBefore);
    const pending = cookieOf(first);

    const wrong = await call(secondStep, { cookie: pending, body: { code: '000000' }, ip });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(TOTP_WRONG_CODE_TEXT);
    expect(await sessionCount(staff.id)).toBe(sessionsBefore);

    const code = await codeAt(secret);
    const right = await call(secondStep, { cookie: pending, body: { code }, ip });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ email: staff.email, permissions: { isFullAdmin: false } });
    const me = await call(getUser, { cookie: cookieOf(right) });
    expect(me.status).toBe(200);
    const session = await db.staffSession.findFirstOrThrow({
      where: { userId: staff.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(session.method).toBe('password_totp');
    expect(session.secondFactorAt).not.toBeNull();
    const signIn = await db.signIn.findFirstOrThrow({ where: { sessionId: session.id } });
    expect(signIn.method).toBe('password_totp');

    // The state is used up: the same cookie again is the timed-out answer.
    const reuse = await call(secondStep, { cookie: pending, body: { code }, ip });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe(SIGN_IN_EXPIRED_TEXT);

    // A right code takes its failure back (as a right password does).
    expect(await db.rateLimitEvent.count({ where: { key: accountAddressKey(staff.email, ip) } })).toBe(0);
  });

  it('refuses the same code again (a replay), and an older one, with the wrong-code words, changing nothing', async () => {
    const staff = await makeStaff();
    const { secret } = await enrol(staff);
    const ip = nextIp();
    const code = await codeAt(secret);
    const older = await codeAt(secret, -1);
    const ok = await call(secondStep, { cookie: await passwordStep(staff, ip), body: { code }, ip });
    expect(ok.status).toBe(200);
    const lastStep = (await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } })).totpLastStep;
    const sessions = await sessionCount(staff.id);

    for (const replay of [code, older]) {
      const res = await call(secondStep, {
        cookie: await passwordStep(staff, ip),
        body: { code: replay },
        ip,
      });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(TOTP_WRONG_CODE_TEXT);
    }
    expect(await sessionCount(staff.id)).toBe(sessions);
    expect((await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } })).totpLastStep).toBe(lastStep);
  });

  it('accepts one of two requests at once with the same code', async () => {
    const staff = await makeStaff();
    const { secret } = await enrol(staff);
    const ip = nextIp();
    const code = await codeAt(secret);
    // Two browsers each at the second step, sending the same code at the same moment.
    const [a, b] = [await passwordStep(staff, ip), await passwordStep(staff, ip)];
    const sessions = await sessionCount(staff.id);
    const results = await Promise.all([
      call(secondStep, { cookie: a, body: { code }, ip }),
      call(secondStep, { cookie: b, body: { code }, ip }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(await sessionCount(staff.id)).toBe(sessions + 1);
  });

  it('counts wrong codes against the sign-in limit: after 5, 429 (even for the right code)', async () => {
    const staff = await makeStaff();
    const { secret } = await enrol(staff);
    const ip = nextIp();
    const pending = await passwordStep(staff, ip);
    for (let i = 0; i < 5; i++) {
      const res = await call(secondStep, { cookie: pending, body: { code: '000000' }, ip });
      expect(res.status).toBe(401);
    }
    const blocked = await call(secondStep, { cookie: pending, body: { code: await codeAt(secret) }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    // The password step is locked for the account from this address too.
    const password = await call(login, { body: { username: staff.email, password: staff.password }, ip });
    expect(password.status).toBe(429);
  });

  it('refuses a second step whose pending state expired, with the timed-out words, writing nothing', async () => {
    const staff = await makeStaff();
    const { secret } = await enrol(staff);
    const ip = nextIp();
    const pending = await passwordStep(staff, ip);
    await db.authChallenge.updateMany({
      where: { userId: staff.id, purpose: 'second_factor' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const before = {
      sessions: await sessionCount(staff.id),
      events: await db.rateLimitEvent.count(),
      audit: await db.accountAuditEntry.count(),
      user: await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } }),
    };
    for (const body of [{ code: await codeAt(secret) }, { recoveryCode: '00000-00000' }]) {
      const res = await call(secondStep, { cookie: pending, body, ip });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(SIGN_IN_EXPIRED_TEXT);
    }
    // Without the state's cookie at all: the same words.
    const none = await call(secondStep, { body: { code: '123456' }, ip });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(SIGN_IN_EXPIRED_TEXT);
    expect(await sessionCount(staff.id)).toBe(before.sessions);
    expect(await db.rateLimitEvent.count()).toBe(before.events);
    expect(await db.accountAuditEntry.count()).toBe(before.audit);
    expect(await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } })).toEqual(before.user);
  });

  it('answers a clear 400 for neither or both of code and recoveryCode, or a malformed one', async () => {
    const staff = await makeStaff();
    await enrol(staff);
    const ip = nextIp();
    const pending = await passwordStep(staff, ip);
    for (const body of [{}, { code: '123456', recoveryCode: 'abcde-fghjk' }]) {
      const res = await call(secondStep, { cookie: pending, body, ip });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ONE_OF_TEXT);
    }
    const short = await call(secondStep, { cookie: pending, body: { code: '12 34' }, ip });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.code).toEqual([TOTP_CODE_TEXT]);
    const recovery = await call(secondStep, { cookie: pending, body: { recoveryCode: 'nope' }, ip });
    expect(recovery.status).toBe(400);
    expect(recovery.body.fieldErrors.recoveryCode).toHaveLength(1);
    expect(await db.rateLimitEvent.count({ where: { key: accountAddressKey(staff.email, ip) } })).toBe(0);
  });
});

describe('recovery codes', () => {
  it('sign in once each; the same code again is refused', async () => {
    const staff = await makeStaff();
    const { recoveryCodes } = await enrol(staff);
    const ip = nextIp();
    const code = recoveryCodes[3]!;
    const ok = await call(secondStep, {
      cookie: await passwordStep(staff, ip),
      body: { recoveryCode: ` ${code.toUpperCase().replace('-', ' ')} ` },
      ip,
    });
    expect(ok.status).toBe(200);
    expect((await call(getUser, { cookie: cookieOf(ok) })).status).toBe(200);
    const session = await db.staffSession.findFirstOrThrow({
      where: { userId: staff.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(session.method).toBe('password_recovery_code');
    expect(await db.recoveryCode.count({ where: { userId: staff.id, usedAt: null } })).toBe(9);

    const again = await call(secondStep, {
      cookie: await passwordStep(staff, ip),
      body: { recoveryCode: code },
      ip,
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(RECOVERY_CODE_WRONG_TEXT);
    expect(again.body.fieldErrors).toEqual({ recoveryCode: [RECOVERY_CODE_WRONG_TEXT] });

    const summary = await call(secondFactors, { cookie: staff.cookie });
    expect(summary.body.recoveryCodesLeft).toBe(9);
  });

  it('new codes make the old ones stop working', async () => {
    const staff = await makeStaff();
    const { recoveryCodes: old } = await enrol(staff);
    const made = await call(newRecoveryCodes, { cookie: staff.cookie, method: 'POST' });
    expect(made.status).toBe(200);
    const fresh = made.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    expect(await db.recoveryCode.count({ where: { userId: staff.id } })).toBe(10);

    const ip = nextIp();
    const refused = await call(secondStep, {
      cookie: await passwordStep(staff, ip),
      body: { recoveryCode: old[0] },
      ip,
    });
    expect(refused.status).toBe(401);
    const ok = await call(secondStep, {
      cookie: await passwordStep(staff, ip),
      body: { recoveryCode: fresh[0] },
      ip,
    });
    expect(ok.status).toBe(200);
  });

  it('cannot be made without a second factor (409 in words)', async () => {
    const staff = await makeStaff();
    const res = await call(newRecoveryCodes, { cookie: staff.cookie, method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/set up a passkey or an authenticator app first/);
    expect(await db.recoveryCode.count({ where: { userId: staff.id } })).toBe(0);
  });
});

describe('POST /api/account/step-up', () => {
  it('sets secondFactorAt on the session that asked, and on no other', async () => {
    const staff = await makeStaff();
    const other = await call(login, { body: { username: staff.email, password: staff.password } });
    const otherCookie = cookieOf(other);
    const { secret, recoveryCodes } = await enrol(staff);
    const [first, second] = await db.staffSession.findMany({
      where: { userId: staff.id },
      orderBy: { createdAt: 'asc' },
    });
    const ip = nextIp();

    const wrong = await call(stepUp, { cookie: staff.cookie, body: { code: '000000' }, ip });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ code: [TOTP_WRONG_CODE_TEXT] });

    const res = await call(stepUp, { cookie: staff.cookie, body: { code: await codeAt(secret) }, ip });
    expect(res.status).toBe(200);
    const at = new Date(res.body.secondFactorAt as string);
    expect(Math.abs(at.getTime() - Date.now())).toBeLessThan(10_000);
    const after = await db.staffSession.findMany({
      where: { userId: staff.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(after.find((s) => s.id === first!.id)!.secondFactorAt).toEqual(at);
    expect(after.find((s) => s.id === second!.id)!.secondFactorAt).toBeNull();

    // The other session steps up with a recovery code.
    const byRecovery = await call(stepUp, {
      cookie: otherCookie,
      body: { recoveryCode: recoveryCodes[0] },
      ip,
    });
    expect(byRecovery.status).toBe(200);
    expect(
      (await db.staffSession.findUniqueOrThrow({ where: { id: second!.id } })).secondFactorAt,
    ).not.toBeNull();
    const reused = await call(stepUp, { cookie: otherCookie, body: { recoveryCode: recoveryCodes[0] }, ip });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(RECOVERY_CODE_WRONG_TEXT);
  });

  it('refuses a code when no authenticator app is set up (409)', async () => {
    const staff = await makeStaff();
    const res = await call(stepUp, { cookie: staff.cookie, body: { code: '123456' }, ip: nextIp() });
    expect(res.status).toBe(409);
  });
});

describe('removing the authenticator app', () => {
  it('lets the password alone sign in again, deletes the recovery codes (no passkey left), and the audit tells it all', async () => {
    const staff = await makeStaff();
    const { recoveryCodes } = await enrol(staff);
    const ip = nextIp();
    await call(secondStep, {
      cookie: await passwordStep(staff, ip),
      body: { recoveryCode: recoveryCodes[0] },
      ip,
    });
    await call(newRecoveryCodes, { cookie: staff.cookie, method: 'POST' });

    const removed = await call(removeTotp, { cookie: staff.cookie, method: 'DELETE' });
    expect(removed.status).toBe(204);
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } });
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecretEnc).toBeNull();
    expect(await db.recoveryCode.count({ where: { userId: staff.id } })).toBe(0);

    const res = await call(login, { body: { username: staff.email, password: staff.password }, ip });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: staff.email, permissions: { isFullAdmin: false } });

    const again = await call(removeTotp, { cookie: staff.cookie, method: 'DELETE' });
    expect(again.status).toBe(409);

    const audit = await db.accountAuditEntry.findMany({
      where: { userId: staff.id },
      orderBy: { createdAt: 'asc' },
    });
    // (Entries of one transaction share its time: compared as a set, and the code's use picked by action.)
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'totp_enabled',
        'recovery_codes_created',
        'recovery_code_used',
        'recovery_codes_created',
        'totp_removed',
      ].sort(),
    );
    for (const entry of audit) {
      expect(entry.email).toBe(staff.email);
      expect(entry.performedBy).toBe('the account holder');
    }
    const used = audit.find((a) => a.action === 'recovery_code_used')!;
    expect(used.ip).toBe(ip);
    expect(used.details).toBe('9 of 10 recovery codes left.');
  });
});
