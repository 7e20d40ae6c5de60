import { ensureFirstAdmin } from '../../scripts/lib/accounts';
import { scriptClient } from '../../scripts/lib/prisma';
import { verifyPassword } from '@/lib/auth/password';
import { createDatabase, databaseUrl, dropDatabase } from '../support/db';

describe('ensureFirstAdmin (npm start, db:seed)', () => {
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

  it('creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD once, and leaves it alone afterwards', async () => {
    const env = { ADMIN_EMAIL: ' Boss@Clinic.test ', ADMIN_PASSWORD: 'given-password-1' };
    expect(await ensureFirstAdmin(prisma, env)).toEqual({
      email: 'boss@clinic.test',
      generatedPassword: null,
    });
    const admin = await prisma.staffUser.findUniqueOrThrow({ where: { email: 'boss@clinic.test' } });
    expect(admin.isFullAdmin).toBe(true);
    expect(await verifyPassword(admin.passwordHash, 'given-password-1')).toBe(true);
    expect(await ensureFirstAdmin(prisma, { ...env, ADMIN_PASSWORD: 'another-password' })).toBeNull();
    expect(await prisma.staffUser.count()).toBe(1);
  });

  it('generates a strong password to print once when none is given', async () => {
    const result = await ensureFirstAdmin(prisma, {});
    expect(result?.email).toBe('admin@example.com');
    expect(result?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const admin = await prisma.staffUser.findUniqueOrThrow({ where: { email: 'admin@example.com' } });
    expect(await verifyPassword(admin.passwordHash, result!.generatedPassword!)).toBe(true);
  });

  it('refuses an ADMIN_PASSWORD shorter than 8 characters', async () => {
    await expect(ensureFirstAdmin(prisma, { ADMIN_PASSWORD: 'short' })).rejects.toThrow(/at least 8/);
    expect(await prisma.staffUser.count()).toBe(0);
  });
});
