/**
 * The scale data set, written with set-based SQL (INSERT ... SELECT ... FROM generate_series) so half a million
 * rows take seconds rather than the hours row-by-row inserts through the app would. Only columns of the first
 * migration are written: anything later migrations derive (a trigger-kept referral count, say) is left to the
 * database, exactly as in production.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The data set at scale 1 (issue 7). */
export const FULL_SCALE = {
  clients: 100_000,
  leads: 500_000, // one referral per lead
  teamMembers: 20,
  reviews: 20_000,
  scans: 200_000,
};

export interface SeedResult {
  counts: Record<string, number>;
  seconds: number;
  steps: { step: string; seconds: number }[];
}

// prettier-ignore
const FIRST_NAMES = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Ivy', 'Lily', 'Isabella', 'Rosie', 'Sophia', 'Grace',
  'Willow', 'Freya', 'Florence', 'Emily', 'Ella', 'Poppy', 'Evie', 'Elsie', 'Charlotte', 'Evelyn', 'Sienna', 'Daisy',
  'Sophie', 'Harper', 'Ruby', 'Alice', 'Matilda', 'Phoebe', 'Chloe', 'Noah', 'Oliver', 'George', 'Arthur', 'Muhammad',
  'Leo', 'Harry', 'Oscar', 'Archie', 'Henry', 'Theodore', 'Freddie', 'Jack', 'Charlie', 'Theo', 'Alfie', 'Jacob',
  'Thomas', 'Finley', 'Arlo', 'William', 'Lucas', 'Roman', 'Tommy', 'Isaac', 'Teddy', 'Alexander', 'Luca', 'Edward',
  'James'];
// prettier-ignore
const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson',
  'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Thomas', 'Clarke', 'Jackson', 'Wood',
  'Harris', 'Edwards', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward', 'Hughes', 'Moore', 'Clark', 'King', 'Harrison',
  'Lewis', 'Baker', 'Lee', 'Allen', 'Morris', 'Khan', 'Scott', 'Watson', 'Davis', 'Parker', 'James', 'Bennett',
  'Young', 'Phillips', 'Richardson', 'Mitchell', 'Bailey', 'Carter', 'Cook', 'Singh', 'Shaw', 'Bell', 'Collins',
  'Morgan', 'Kelly', 'Begum', 'Miller', 'Cox', 'Hussain', 'Marshall', 'Simpson', 'Price', 'Anderson', 'Adams', 'Wilkinson',
  'Ali', 'Ahmed', 'Foster', 'Ellis', 'Murphy', 'Chapman', 'Mason', 'Gray', 'Richards', 'Webb', "O'Brien"];
const COMPANIES = [
  'Acme Dental Supplies',
  'Northgate Gym',
  'Riverside Salon',
  'Harbour Physio',
  'City Law LLP',
];

/** The card alphabet of lib/codes.ts: 32 letters and digits without 0, 1, I and O. */
const CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export async function seedScaleData(
  url: string,
  scale: number,
  log: (m: string) => void,
): Promise<SeedResult> {
  const n = {
    clients: Math.max(100, Math.round(FULL_SCALE.clients * scale)),
    leads: Math.max(500, Math.round(FULL_SCALE.leads * scale)),
    teamMembers: FULL_SCALE.teamMembers,
    reviews: Math.max(100, Math.round(FULL_SCALE.reviews * scale)),
    scans: Math.max(1000, Math.round(FULL_SCALE.scans * scale)),
  };
  const salt = randomBytes(8).toString('hex'); // invite tokens must not be guessable from the row number
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: SeedResult['steps'] = [];
  const began = Date.now();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = Date.now();
    const result = await client.query(sql, params);
    const seconds = (Date.now() - t) / 1000;
    steps.push({ step: label, seconds });
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${seconds.toFixed(1)} s`);
  };
  try {
    // A throwaway database: losing the last commits in a crash would cost nothing.
    await client.query(
      "SET synchronous_commit = off; SET maintenance_work_mem = '256MB'; SET work_mem = '64MB'",
    );

    await step(
      'settings',
      `INSERT INTO settings (id, "updatedAt", "updatedBy") VALUES (1, now(), 'bench') ON CONFLICT (id) DO NOTHING`,
    );

    // Card numbers: the row number through an odd multiplier modulo 2^60 (a bijection, so never a clash),
    // written as 12 base-32 digits. Invite tokens: 24 base64url characters (144 bits), as the app makes them.
    await step(
      `clients (${n.clients})`,
      `INSERT INTO clients (id, "firstName", "lastName", email, "cardNumber", "inviteToken",
                            "affiliateCompany", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), f, l, 'client' || i || '@bench.example',
              'SC-' || substr(code, 1, 4) || '-' || substr(code, 5, 4) || '-' || substr(code, 9, 4),
              translate(substr(encode(sha256(convert_to($4 || ':' || i, 'UTF8')), 'base64'), 1, 24), '+/', '-_'),
              CASE WHEN i % 8 = 0 THEN ($3::text[])[1 + (i / 8) % cardinality($3::text[])] END,
              created, created
       FROM (
         SELECT i,
                ($1::text[])[1 + i % cardinality($1::text[])] AS f,
                ($2::text[])[1 + (i / cardinality($1::text[])) % cardinality($2::text[])] AS l,
                now() - random() * interval '730 days' AS created,
                (SELECT string_agg(substr($5, (((i::numeric * 1000000000000000003) % 1152921504606846976)::bigint
                                               >> (5 * k) & 31)::int + 1, 1), '' ORDER BY k)
                   FROM generate_series(0, 11) k) AS code
         FROM generate_series(1, $6::int) i
       ) s`,
      [FIRST_NAMES, LAST_NAMES, COMPANIES, salt, CARD_ALPHABET, n.clients],
    );

    // Clients numbered oldest first, so referrers can be drawn by number; a skewed draw (power of a uniform)
    // gives a few prolific referrers and a long tail, which is what a leaderboard looks like.
    await client.query(`CREATE TEMP TABLE bench_clients AS
      SELECT row_number() OVER (ORDER BY "createdAt", id)::int AS n, id, "firstName", "lastName", "createdAt"
      FROM clients WHERE email LIKE 'client%@bench.example'`);
    await client.query('ALTER TABLE bench_clients ADD PRIMARY KEY (n)');

    await step(
      `leads (${n.leads})`,
      `INSERT INTO leads (id, "firstName", "lastName", email, phone, "treatmentInterest", source, "recommendedBy",
                          "referrerId", "createdAt")
       SELECT gen_random_uuid(), ($1::text[])[1 + (j * 7) % cardinality($1::text[])],
              ($2::text[])[1 + (j * 13) % cardinality($2::text[])],
              'lead' || j || '@friends.bench.example', '+4477' || lpad((j % 100000000)::text, 8, '0'),
              (enum_range(NULL::treatment_interest))[1 + j % 4], 'qr_referral',
              c."firstName" || ' ' || c."lastName", c.id,
              c."createdAt" + random() * (now() - c."createdAt")
       FROM (SELECT j, 1 + floor(power(random(), 2.5) * $3::int)::int AS n FROM generate_series(1, $4::int) j) s
       JOIN bench_clients c USING (n)`,
      [FIRST_NAMES, LAST_NAMES, n.clients, n.leads],
    );

    // One referral per lead: a quarter 'Payment Due' (converted within weeks of the lead, so conversions span
    // the 24 months), the rest pending or in progress. Conversions before this UK month are mostly paid; this
    // month's are owed.
    await step(
      `referrals (${n.leads})`,
      `WITH month_start AS (
         SELECT date_trunc('month', now() AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London' AS at
       )
       INSERT INTO referrals (id, "referrerId", "leadId", status, "rewardPence", "rewardPaid", "paidAt",
                              "convertedAt", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), "referrerId", id, status, reward, paid,
              CASE WHEN paid THEN LEAST(now(), converted + r3 * interval '20 days') END,
              converted, "createdAt", COALESCE(converted, "createdAt")
       FROM (
         SELECT l.id, l."referrerId", l."createdAt", r3,
                CASE WHEN r1 < 0.25 THEN 'Payment Due' WHEN r1 < 0.45 THEN 'In Progress' ELSE 'pending' END
                  ::referral_status AS status,
                CASE WHEN r1 < 0.45 THEN 20000 END AS reward,
                CASE WHEN r1 < 0.25 THEN LEAST(now(), l."createdAt" + r2 * interval '45 days') END AS converted,
                r1 < 0.25 AND r3 < 0.95
                  AND LEAST(now(), l."createdAt" + r2 * interval '45 days') < (SELECT at FROM month_start) AS paid
         FROM (SELECT *, random() AS r1, random() AS r2, random() AS r3 FROM leads
               WHERE email LIKE 'lead%@friends.bench.example') l
       ) s`,
    );

    // Staff mark most leads contacted in the inbox within hours, a slow tail within days (issue 20's contact
    // wait); every lead that moved on was contacted. A few friends typed a card number that matched no client.
    await step(
      'leads contacted',
      `UPDATE leads l SET "contactedAt" = LEAST(now(), l."createdAt" + (0.25 + power(random(), 3) * 96) * interval '1 hour')
       FROM referrals r
       WHERE r."leadId" = l.id AND l.email LIKE 'lead%@friends.bench.example'
         AND (r.status <> 'pending' OR (l."createdAt" < now() - interval '2 days' AND random() < 0.85))`,
    );
    await step(
      `leads with an unknown card number (${Math.ceil(n.leads / 250)})`,
      `INSERT INTO leads (id, "firstName", "lastName", email, source, "enteredCardNumber", "cardNotFound", "createdAt")
       SELECT gen_random_uuid(), 'Unmatched', 'Friend' || j, 'unmatched' || j || '@friends.bench.example',
              'qr_referral', 'SC-ZZZZ-' || lpad((j % 10000)::text, 4, '0') || '-ZZZZ', true,
              now() - random() * interval '730 days'
       FROM generate_series(1, $1::int) j`,
      [Math.ceil(n.leads / 250)],
    );

    await step(
      `team members (${n.teamMembers})`,
      `INSERT INTO team_members (id, "firstName", "lastName", code, "createdAt")
       SELECT gen_random_uuid(), ($1::text[])[1 + (k * 3) % cardinality($1::text[])],
              ($2::text[])[1 + (k * 7) % cardinality($2::text[])],
              'TM-BNCH-' || lpad(k::text, 4, '0') || '-SEED-DATA', now() - interval '740 days'
       FROM generate_series(1, $3::int) k`,
      [FIRST_NAMES, LAST_NAMES, n.teamMembers],
    );
    await client.query(`CREATE TEMP TABLE bench_team AS
      SELECT row_number() OVER (ORDER BY code)::int - 1 AS k, id FROM team_members WHERE code LIKE 'TM-BNCH-%'`);

    await step(
      `review scans (${n.scans})`,
      `INSERT INTO review_scans (id, "teamMemberId", "sessionId", "userAgent", "isUniqueVisitor", status,
                                 "resolvedAt", "resolvedBy", "createdAt")
       SELECT gen_random_uuid(), t.id, md5($1 || ':scan:' || j),
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
              r1 < 0.6, st, CASE WHEN st <> 'pending' THEN created + interval '1 day' END,
              CASE WHEN st <> 'pending' THEN 'admin@bench.example' END, created
       FROM (
         SELECT j, r1, created,
                CASE WHEN created > now() - interval '7 days' AND r2 < 0.5 THEN 'pending'
                     WHEN r2 < 0.3 THEN 'approved' ELSE 'rejected' END::scan_status AS st
         FROM (SELECT j, random() AS r1, random() AS r2, now() - random() * interval '730 days' AS created
               FROM generate_series(1, $2::int) j) x
       ) s
       JOIN bench_team t ON t.k = s.j % $3::int`,
      [salt, n.scans, n.teamMembers],
    );

    await step(
      `team reviews (${n.reviews})`,
      `WITH month_start AS (SELECT date_trunc('month', (now() AT TIME ZONE 'Europe/London'))::date AS d)
       INSERT INTO team_reviews (id, "teamMemberId", "reviewerName", "reviewDate", platform, "bonusPence",
                                 "verifiedAt", "verifiedBy", "paidAt", "createdAt")
       SELECT gen_random_uuid(), t.id, ($1::text[])[1 + j % cardinality($1::text[])] || ' '
                || left(($2::text[])[1 + (j * 7) % cardinality($2::text[])], 1) || '.',
              d, CASE WHEN j % 3 = 0 THEN 'trustpilot' ELSE 'google' END::review_platform, 1000,
              CASE WHEN verified THEN d + interval '1 day' END,
              CASE WHEN verified THEN 'admin@bench.example' END,
              CASE WHEN verified AND d < (SELECT d FROM month_start) AND r2 < 0.9 THEN d + interval '10 days' END,
              d::timestamptz
       FROM (SELECT j, (now() - random() * interval '730 days')::date AS d, random() < 0.85 AS verified,
                    random() AS r2
             FROM generate_series(1, $3::int) j) s
       JOIN bench_team t ON t.k = s.j % $4::int`,
      [FIRST_NAMES, LAST_NAMES, n.reviews, n.teamMembers],
    );

    // Fresh statistics and visibility maps, as autovacuum would have left a database that grew over two years.
    const t = Date.now();
    await client.query('VACUUM (ANALYZE)');
    steps.push({ step: 'vacuum analyze', seconds: (Date.now() - t) / 1000 });
    log(`  vacuum analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const counts: Record<string, number> = {};
    for (const table of ['clients', 'leads', 'referrals', 'team_members', 'team_reviews', 'review_scans']) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      counts[table] = Number(rows[0]?.n ?? 0);
    }
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM referrals WHERE status = 'Payment Due' AND NOT "rewardPaid"`,
    );
    counts.outstanding_payments = Number(rows[0]?.n ?? 0);
    return { counts, seconds: (Date.now() - began) / 1000, steps };
  } finally {
    await client.end();
  }
}

export interface Samples {
  /** Invite tokens of random clients: the card routes rotate through them. */
  tokens: string[];
  /** Card numbers of random clients (the referrer lookup, and the referrers of the bench's own leads). */
  cardNumbers: string[];
  /** Client search terms: a surname, part of an email, a card number's first groups. */
  searchTerms: string[];
  /** A team member's id: their review page (/review/{id}) is one of the public pages checked in Chromium. */
  teamMemberId: string | null;
}

export async function pickSamples(url: string, count = 1000): Promise<Samples> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ inviteToken: string; cardNumber: string }>(
      `SELECT "inviteToken", "cardNumber" FROM clients WHERE email LIKE 'client%@bench.example'
       ORDER BY random() LIMIT $1`,
      [count],
    );
    const first = rows[0];
    if (!first) throw new Error('The seeded database has no clients.');
    const member = await client.query<{ id: string }>(
      `SELECT id FROM team_members WHERE "archivedAt" IS NULL ORDER BY code LIMIT 1`,
    );
    return {
      teamMemberId: member.rows[0]?.id ?? null,
      tokens: rows.map((r) => r.inviteToken),
      cardNumbers: rows.map((r) => r.cardNumber),
      searchTerms: ['Patel', 'client4242', first.cardNumber.slice(0, 7), 'Olivia Hughes'],
    };
  } finally {
    await client.end();
  }
}

/** Which of these emails are stored as leads (POST /api/leads must lose none that it acknowledged). */
export async function storedLeadEmails(url: string, emails: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>('SELECT email FROM leads WHERE email = ANY($1)', [
      emails,
    ]);
    return new Set(rows.map((r) => r.email));
  } finally {
    await client.end();
  }
}

export async function countLeadsLike(url: string, pattern: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM leads WHERE email LIKE $1',
      [pattern],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
