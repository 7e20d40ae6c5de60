import pg from 'pg';
import { applyMigrations, pendingSchemaChange, readMigrations } from '../../scripts/lib/migrations';
import { createDatabase, databaseUrl, dropDatabase } from '../support/db';

describe('migrations (Prisma WebAssembly schema engine)', () => {
  let name = '';
  afterEach(async () => {
    if (name) await dropDatabase(name);
    name = '';
  });

  it('apply to an empty database, record themselves as prisma migrate deploy does, and are idempotent', async () => {
    name = await createDatabase({ empty: true });
    const url = databaseUrl(name);
    const committed = readMigrations().migrationDirectories.map((d) => d.path);
    expect(committed.length).toBeGreaterThan(0);

    expect(await applyMigrations(url)).toEqual(committed);
    expect(await applyMigrations(url)).toEqual([]);

    const client = new pg.Client(url);
    await client.connect();
    try {
      const recorded = await client.query(
        'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
      );
      expect(recorded.rows.map((r) => r.migration_name)).toEqual(committed);
      const tables = await client.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining([
          'staff_users',
          'clients',
          'leads',
          'referrals',
          'payment_audit_entries',
          'settings',
          'team_members',
          'team_reviews',
          'review_scans',
          'review_platform_choices',
          'team_bonus_payments',
          'rate_limit_events',
        ]),
      );
      // The hand-written rules of the first migration hold: emails are stored lower-cased.
      await expect(
        client.query(
          `INSERT INTO staff_users (id, email, "passwordHash", "updatedAt") VALUES (gen_random_uuid(), 'A@B.C', 'x', now())`,
        ),
      ).rejects.toThrow(/staff_users_email_lower/);
    } finally {
      await client.end();
    }
  });

  it('agree with prisma/schema.prisma: the diff from the migrations to the schema is empty', async () => {
    name = await createDatabase({ empty: true });
    expect(await pendingSchemaChange(databaseUrl(name))).toBe('');
  });
});
