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

  it('card_keys gives every existing client its own key and drops the guessable slugs (issue 14, point 4)', async () => {
    name = await createDatabase({ empty: true });
    const all = readMigrations().migrationDirectories;
    const at = all.findIndex((d) => d.path.endsWith('_card_keys'));
    expect(at).toBeGreaterThan(0);
    const sqlOf = (d: (typeof all)[number]) => (d.migrationFile.content as { value: string }).value;
    const client = new pg.Client(databaseUrl(name));
    await client.connect();
    try {
      for (const d of all.slice(0, at)) await client.query(sqlOf(d));
      await client.query(`
        INSERT INTO clients (id, "firstName", "lastName", email, "cardNumber", "inviteToken", "brandedSlug", "updatedAt")
        SELECT gen_random_uuid(), 'Jane', 'Smith' || n, 'jane' || n || '@example.com', 'SC-AAAA-AAAA-' || lpad(n::text, 4, '0'),
               'tok' || n, 'JaneSmith' || n, now()
        FROM generate_series(1, 500) AS n`);
      await client.query(sqlOf(all[at]!));
      const keys = await client.query<{ cardKey: string }>('SELECT "cardKey" FROM clients');
      expect(keys.rows).toHaveLength(500);
      for (const { cardKey } of keys.rows) expect(cardKey).toMatch(/^[0-9a-hjkmnp-tv-z]{10}$/);
      expect(new Set(keys.rows.map((r) => r.cardKey)).size).toBe(500);
      const slug = await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'clients' AND column_name = 'brandedSlug'`,
      );
      expect(slug.rows).toHaveLength(0);
    } finally {
      await client.end();
    }
  });
});
