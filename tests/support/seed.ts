/**
 * Bulk data for the paging and query-plan tests, written by PostgreSQL itself (generate_series), so that tens
 * of thousands of rows take a second or two. Names follow a pattern the tests can search for.
 */
import { db } from '@/lib/db';

export interface SeedOptions {
  clients: number;
  /** Referrals (each with its own lead) per client, on average; spread unevenly so the leaderboard has a shape. */
  referralsPerClient?: number;
  /** A tag in every name and email, so that tests of one file never see another's rows. */
  tag?: string;
}

const SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts'];

/**
 * Clients named 'Client{n} {Surname}{tag}', emails client{n}.{tag}@seed.test, created one minute apart going
 * back from now (client 1 is the newest); referral k of client n has the lead 'Lead{n}x{k} Seed' with phone
 * +4477009{n:05}{k:02}. A quarter of the referrals are Payment Due, converted over the last 24 months.
 */
export async function seedBulk({ clients, referralsPerClient = 0, tag = 'x' }: SeedOptions): Promise<void> {
  const surnames = `ARRAY[${SURNAMES.map((s) => `'${s}'`).join(',')}]`;
  await db.$executeRawUnsafe(`
    INSERT INTO clients (id, "firstName", "lastName", email, "cardNumber", "inviteToken",
                         "affiliateCompany", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), 'Client' || n, (${surnames})[1 + n % ${SURNAMES.length}] || '${tag}',
           'client' || n || '.${tag}@seed.test',
           'SC-' || upper(substr(md5('${tag}c' || n), 1, 4)) || '-' || upper(substr(md5('${tag}c' || n), 5, 4))
             || '-' || upper(substr(md5('${tag}c' || n), 9, 4)),
           md5('${tag}t' || n) || md5('${tag}u' || n),
           CASE WHEN n % 7 = 0 THEN 'Practice ' || (n % 50) END,
           now() - n * interval '1 minute', now()
    FROM generate_series(1, ${clients}) AS n`);
  if (!referralsPerClient) return;
  // Client n gets (n % (2 * avg + 1)) referrals: on average `avg`, from 0 to 2 * avg.
  const spread = 2 * referralsPerClient + 1;
  await db.$executeRawUnsafe(`
    WITH c AS (
      SELECT id, row_number() OVER (ORDER BY "createdAt" DESC, id DESC) AS n
      FROM clients WHERE email LIKE '%.${tag}@seed.test'
    ), pairs AS (
      SELECT c.id AS referrer, c.n, k FROM c, LATERAL generate_series(1, (c.n % ${spread})::int) AS k
    ), new_leads AS (
      INSERT INTO leads (id, "firstName", "lastName", email, phone, "referrerId", "createdAt")
      SELECT gen_random_uuid(), 'Lead' || n || 'x' || k, 'Seed${tag}', 'lead' || n || 'x' || k || '.${tag}@seed.test',
             '+4477009' || lpad(n::text, 5, '0') || lpad(k::text, 2, '0'), referrer,
             now() - (n * 60 + k) * interval '1 second'
      FROM pairs
      RETURNING id, "referrerId", "createdAt"
    )
    INSERT INTO referrals (id, "referrerId", "leadId", status, "rewardPence", "rewardPaid", "paidAt",
                           "convertedAt", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), "referrerId", id,
           CASE WHEN h % 4 = 0 THEN 'Payment Due'::referral_status ELSE 'pending'::referral_status END,
           CASE WHEN h % 4 = 0 THEN 20000 END,
           h % 8 = 0,
           CASE WHEN h % 8 = 0 THEN now() END,
           CASE WHEN h % 4 = 0 THEN now() - (h % 730) * interval '1 day' END,
           "createdAt", now()
    FROM (SELECT *, abs(hashtext(id::text)) AS h FROM new_leads) AS l`);
}

/** Fresh planner statistics, as autovacuum would gather on a live server. */
export async function analyze(): Promise<void> {
  await db.$executeRawUnsafe('VACUUM ANALYZE clients, leads, referrals, row_counts');
}
