/**
 * `npm run db:seed`: what a new installation needs in the database: the migrations, the settings row with the
 * spec's defaults (£200 referral reward, £10 team bonus) and a first full admin (see npm start). Idempotent.
 */
import { ensureFirstAdmin } from './lib/accounts';
import { applyMigrations } from './lib/migrations';
import { scriptClient } from './lib/prisma';
import { log, withDatabase } from './lib/runtime';

void withDatabase(async (db) => {
  await applyMigrations(db.url);
  const prisma = scriptClient(db.url);
  try {
    await prisma.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    const admin = await ensureFirstAdmin(prisma);
    if (admin) {
      log(`Created the first full-admin account ${admin.email}.`);
      if (admin.generatedPassword) log(`  Password: ${admin.generatedPassword}   (shown only this once)`);
    }
    log('Seeded.');
  } finally {
    await prisma.$disconnect();
  }
});
