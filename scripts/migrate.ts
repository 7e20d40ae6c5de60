/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database. */
import { applyMigrations } from './lib/migrations';
import { log, withDatabase } from './lib/runtime';

void withDatabase(async (db) => {
  const applied = await applyMigrations(db.url);
  log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.');
});
