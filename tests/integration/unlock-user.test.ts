/**
 * Issue 28, point 4: a full admin can always get back in from the command line, `npm run user:unlock`, even when
 * every full admin is locked out of Settings.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { scriptClient } from '../../scripts/lib/prisma';
import { unlockStaffAccount } from '../../scripts/lib/unlock';
import { accountAddressKey, accountLimitKey, addressLimitKey } from '@/lib/auth/login-keys';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { createDatabase, databaseUrl, dropDatabase } from '../support/db';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');

describe('npm run user:unlock', () => {
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

  const events = (key: string, count: number) =>
    prisma.rateLimitEvent.createMany({ data: Array.from({ length: count }, () => ({ key })) });
  const count = (key: string) => prisma.rateLimitEvent.count({ where: { key } });

  it("forgets the account's failures from every address and its wrong current passwords, and nobody else's", async () => {
    const email = 'boss@clinic.test';
    await prisma.staffUser.create({
      data: { email, passwordHash: await hashPassword('old-password-1'), isFullAdmin: true },
    });
    const mine = [
      accountAddressKey(email, '198.51.100.1'),
      accountAddressKey(email, '2001:db8:1:2::1'),
      accountLimitKey(email),
    ];
    const others = [
      accountAddressKey('colleague@clinic.test', '198.51.100.1'),
      accountAddressKey(`${email}:ip:198.51.100.1`, '198.51.100.1'),
      addressLimitKey('198.51.100.1'),
    ];
    for (const key of [...mine, ...others]) await events(key, 5);

    const result = await unlockStaffAccount(prisma, { email: ' Boss@Clinic.test ' });
    expect(result).toEqual({ email, isFullAdmin: true, forgotten: 15, passwordSet: false });
    for (const key of mine) expect(await count(key)).toBe(0);
    for (const key of others) expect(await count(key)).toBe(5);
    const row = await prisma.staffUser.findUniqueOrThrow({ where: { email } });
    expect(await verifyPassword(row.passwordHash, 'old-password-1')).toBe(true);
  });

  it('sets a new password, ends the sessions, and forgets the addresses asked for', async () => {
    const email = 'jo@clinic.test';
    const user = await prisma.staffUser.create({
      data: { email, passwordHash: await hashPassword('old-password-1') },
    });
    await prisma.staffSession.create({
      data: { userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    await events(addressLimitKey('::ffff:203.0.113.9'), 20);
    await events(addressLimitKey('203.0.113.10'), 20);

    const result = await unlockStaffAccount(prisma, {
      email,
      password: 'brand-new-password',
      addresses: ['203.0.113.9'],
    });
    expect(result).toMatchObject({ passwordSet: true, forgotten: 20 });
    const row = await prisma.staffUser.findUniqueOrThrow({ where: { email } });
    expect(await verifyPassword(row.passwordHash, 'brand-new-password')).toBe(true);
    expect(await prisma.staffSession.count({ where: { userId: user.id } })).toBe(0);
    expect(await count(addressLimitKey('203.0.113.9'))).toBe(0);
    expect(await count(addressLimitKey('203.0.113.10'))).toBe(20);
  });

  it('refuses an unknown account and a short password, changing nothing', async () => {
    await expect(unlockStaffAccount(prisma, { email: 'nobody@clinic.test' })).rejects.toThrow(
      /no staff account for nobody@clinic.test/,
    );
    await prisma.staffUser.create({ data: { email: 'jo@clinic.test', passwordHash: 'x' } });
    await expect(unlockStaffAccount(prisma, { email: 'jo@clinic.test', password: 'short' })).rejects.toThrow(
      /at least 8/,
    );
  });

  it('runs from the command line: --help, and an unlock with a generated password printed once', async () => {
    const help = await run('npx', ['tsx', 'scripts/unlock-user.ts', '--help'], { cwd: ROOT });
    expect(help.stdout).toMatch(/npm run user:unlock -- --email <email>/);
    expect(help.stdout).toMatch(/--new-password/);

    const email = 'admin@clinic.test';
    await prisma.staffUser.create({
      data: { email, passwordHash: await hashPassword('old-password-1'), isFullAdmin: true },
    });
    await events(accountAddressKey(email, '198.51.100.7'), 5);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unlock-user-'));
    try {
      const out = await run('npx', ['tsx', 'scripts/unlock-user.ts', '--email', email, '--new-password'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl(name), DATA_DIR: dataDir },
      });
      expect(out.stdout).toMatch(
        /Unlocked full-admin account admin@clinic.test \(5 counted failures forgotten\)/,
      );
      const password = /New password: (\S+)/.exec(out.stdout)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      const row = await prisma.staffUser.findUniqueOrThrow({ where: { email } });
      expect(await verifyPassword(row.passwordHash, password!)).toBe(true);
      expect(await count(accountAddressKey(email, '198.51.100.7'))).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
