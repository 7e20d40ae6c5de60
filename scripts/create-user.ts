/**
 * `npm run user:create -- --email jo@clinic.co.uk [--password '...'] [--admin]`
 * Adds a staff account (a full admin with --admin). Without --password a strong one is generated and printed.
 */
import { parseArgs } from 'node:util';
import { hashPassword } from '../lib/auth/password';
import { createStaffUserSchema } from '../lib/validation/staff';
import { generatePassword } from './lib/accounts';
import { scriptClient } from './lib/prisma';
import { log, withDatabase } from './lib/runtime';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    admin: { type: 'boolean', default: false },
  },
});

void withDatabase(async (db) => {
  const generated = values.password ? null : generatePassword();
  const parsed = createStaffUserSchema.safeParse({
    email: values.email ?? '',
    password: values.password ?? generated,
    isFullAdmin: values.admin,
  });
  if (!parsed.success) {
    throw new Error(
      `${parsed.error.issues[0]?.message}. Usage: npm run user:create -- --email jo@clinic.co.uk [--password ...] [--admin]`,
    );
  }
  const { email, password, isFullAdmin } = parsed.data;
  const prisma = scriptClient(db.url);
  try {
    if (await prisma.staffUser.findUnique({ where: { email } })) {
      throw new Error(`A staff account for ${email} already exists.`);
    }
    await prisma.staffUser.create({
      data: { email, passwordHash: await hashPassword(password), isFullAdmin },
    });
  } finally {
    await prisma.$disconnect();
  }
  log(`Created ${isFullAdmin ? 'full-admin' : 'staff'} account ${email}.`);
  if (generated) log(`  Password: ${generated}   (shown only this once)`);
});
