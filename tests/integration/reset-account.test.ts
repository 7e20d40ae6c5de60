/**
 * Issue 31: a clinic gets back an admin who lost every second factor from the command line on the server,
 * `npm run user:reset-factors`: the authenticator app, passkeys and recovery codes removed, sessions ended,
 * the account unlocked, optionally a new password, and 'factors_reset' in the account audit, by
 * 'the server (command line)'.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { scriptClient } from '../../scripts/lib/prisma';
import { COMMAND_LINE as SCRIPT_COMMAND_LINE, resetAccountFactors } from '../../scripts/lib/reset-factors';
import { accountAddressKey, accountLimitKey } from '@/lib/auth/login-keys';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { COMMAND_LINE } from '@/lib/services/account/audit';
import { createDatabase, databaseUrl, dropDatabase } from '../support/db';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const HOUR = 3_600_000;

describe('npm run user:reset-factors', () => {
  let name = '';
  let prisma: ReturnType<typeof scriptClient>;
  beforeEach(async () => {
    name = await createDatabase();
    prisma = scriptClient(databaseUrl(name));
  });
  afterEach(async () => {
    await prisma.$disconnect();
    await dropDatabase(name);
  });

  /** An account with every second factor, two live sessions, a pending second step and a lock. */
  async function lockedOutAdmin(email: string) {
    const user = await prisma.staffUser.create({
      data: {
        email,
        passwordHash: await hashPassword('old-password-1'),
        isFullAdmin: true,
        totpSecretEnc: 'encrypted-secret',
        totpEnabledAt: new Date(),
        totpLastStep: 12345,
      },
    });
    for (const n of [1, 2]) {
      await prisma.passkey.create({
        data: {
          userId: user.id,
          credentialId: `cred-${n}-${email}`,
          publicKey: Buffer.from([n]),
          deviceType: 'singleDevice',
          name: `Key ${n}`,
        },
      });
    }
    await prisma.recoveryCode.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({
        userId: user.id,
        codeHash: `hash-${i}`,
        usedAt: i < 3 ? new Date() : null,
      })),
    });
    for (let i = 0; i < 2; i++) {
      await prisma.staffSession.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + HOUR) } });
    }
    await prisma.authChallenge.create({
      data: {
        purpose: 'second_factor',
        tokenHash: `challenge-${email}`,
        userId: user.id,
        expiresAt: new Date(Date.now() + 300_000),
      },
    });
    await prisma.rateLimitEvent.createMany({
      data: [
        ...Array.from({ length: 5 }, () => ({ key: accountAddressKey(email, '198.51.100.7') })),
        { key: accountLimitKey(email) },
      ],
    });
    return user;
  }

  const otherStaff = async () => {
    const other = await prisma.staffUser.create({
      data: { email: 'colleague@clinic.test', passwordHash: 'x', totpEnabledAt: new Date() },
    });
    await prisma.recoveryCode.create({ data: { userId: other.id, codeHash: 'theirs' } });
    await prisma.staffSession.create({ data: { userId: other.id, expiresAt: new Date(Date.now() + HOUR) } });
    await prisma.rateLimitEvent.create({ data: { key: accountLimitKey('colleague@clinic.test') } });
    return other;
  };

  it('removes every second factor, ends the sessions, unlocks, audits, and touches nobody else', async () => {
    expect(SCRIPT_COMMAND_LINE).toBe(COMMAND_LINE);
    const email = 'boss@clinic.test';
    const user = await lockedOutAdmin(email);
    const other = await otherStaff();

    const result = await resetAccountFactors(prisma, { email: ' Boss@Clinic.TEST ' });
    expect(result).toEqual({
      email,
      isFullAdmin: true,
      totpRemoved: true,
      passkeysRemoved: 2,
      recoveryCodesRemoved: 7,
      sessionsEnded: 2,
      forgotten: 6,
      passwordSet: false,
    });
    const row = await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null });
    expect(await verifyPassword(row.passwordHash, 'old-password-1')).toBe(true);
    expect(await prisma.passkey.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.staffSession.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    expect(await prisma.authChallenge.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.rateLimitEvent.count({ where: { key: accountLimitKey(email) } })).toBe(0);

    const audit = await prisma.accountAuditEntry.findMany();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'factors_reset',
        userId: user.id,
        email,
        performedById: null,
        performedBy: 'the server (command line)',
        details:
          'Removed the authenticator app, 2 passkeys, 7 unused recovery codes; 2 sessions ended; ' +
          'unlocked (6 counted failures forgotten).',
      }),
    ]);

    // The colleague keeps everything.
    expect(await prisma.recoveryCode.count({ where: { userId: other.id } })).toBe(1);
    expect(await prisma.staffSession.count({ where: { userId: other.id, revokedAt: null } })).toBe(1);
    expect(await prisma.rateLimitEvent.count({ where: { key: accountLimitKey(other.email) } })).toBe(1);
    expect(
      (await prisma.staffUser.findUniqueOrThrow({ where: { id: other.id } })).totpEnabledAt,
    ).not.toBeNull();
  });

  it('sets a new password when asked, and retires a waiting forgotten-password link', async () => {
    const email = 'jo@clinic.test';
    const user = await lockedOutAdmin(email);
    await prisma.passwordReset.create({
      data: { userId: user.id, tokenHash: 'waiting', expiresAt: new Date(Date.now() + 1_800_000) },
    });
    const result = await resetAccountFactors(prisma, { email, password: 'brand-new-password' });
    expect(result.passwordSet).toBe(true);
    const row = await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(row.passwordHash, 'brand-new-password')).toBe(true);
    expect(
      (await prisma.passwordReset.findFirstOrThrow({ where: { userId: user.id } })).retiredAt,
    ).not.toBeNull();
    expect((await prisma.accountAuditEntry.findFirstOrThrow()).details).toMatch(/; a new password set\.$/);
  });

  it('refuses an unknown account and a short password, changing nothing', async () => {
    await expect(resetAccountFactors(prisma, { email: 'nobody@clinic.test' })).rejects.toThrow(
      /no staff account for nobody@clinic.test/,
    );
    const user = await lockedOutAdmin('jo@clinic.test');
    await expect(resetAccountFactors(prisma, { email: 'jo@clinic.test', password: 'short' })).rejects.toThrow(
      /at least 8/,
    );
    expect(await prisma.passkey.count({ where: { userId: user.id } })).toBe(2);
    expect(await prisma.accountAuditEntry.count()).toBe(0);
  });

  it('runs from the command line: --help, bad arguments, and a reset with a generated password printed once', async () => {
    const help = await run('npx', ['tsx', 'scripts/reset-account.ts', '--help'], { cwd: ROOT });
    expect(help.stdout).toMatch(/npm run user:reset-factors -- --email <email>/);
    expect(help.stdout).toMatch(/--new-password/);
    await expect(
      run(
        'npx',
        ['tsx', 'scripts/reset-account.ts', '--email', 'x@clinic.test', '--new-password', '--password', 'p'],
        {
          cwd: ROOT,
        },
      ),
    ).rejects.toMatchObject({ code: 1 });
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['user:reset-factors']).toBe('tsx scripts/reset-account.ts');

    const email = 'admin@clinic.test';
    const user = await lockedOutAdmin(email);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reset-factors-'));
    try {
      const out = await run('npx', ['tsx', 'scripts/reset-account.ts', '--email', email, '--new-password'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl(name), DATA_DIR: dataDir },
      });
      expect(out.stdout).toMatch(/Reset the second factors of full-admin account admin@clinic.test\./);
      expect(out.stdout).toMatch(/Removed the authenticator app, 2 passkeys, 7 unused recovery codes/);
      const password = /New password: (\S+)/.exec(out.stdout)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(out.stdout.split(password!)).toHaveLength(2); // printed once
      const row = await prisma.staffUser.findUniqueOrThrow({ where: { id: user.id } });
      expect(await verifyPassword(row.passwordHash, password!)).toBe(true);
      expect(row.totpEnabledAt).toBeNull();
      expect(await prisma.accountAuditEntry.count({ where: { action: 'factors_reset' } })).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
