/**
 * Issue 34's speed: 10,000 practice records (a practice system's completed appointments) sent through the
 * integration API (POST /api/integrations/practice-events, 500 a call, with a key a full admin made through
 * POST /api/admin/api-keys) and matched against the seeded referrals, timed from the first call to the last
 * answer. Most appointments are patients nobody referred, as in a real practice; a tenth are friends of open
 * referrals, found by their email, a twentieth by their mobile and surname.
 */
import pg from 'pg';

export const PRACTICE_RECORDS = 10_000;
/** The goal: 10,000 records matched against 500,000 referrals within 30 s. */
export const PRACTICE_SECONDS = 30;
const BATCH = 500;

export interface PracticeMeasurement {
  records: number;
  seconds: number;
  /** The slowest call of 500 records. */
  slowestCallSeconds: number;
  /** The answers' counts, summed. */
  new: number;
  matched: number;
  proposed: number;
  /** The friends of open referrals among the records (by email, by phone and surname). */
  planted: { byEmail: number; byPhone: number };
  error: string | null;
}

interface Friend {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

/** Friends of open referrals (pending or In Progress) from the seeded data, at random. */
async function openReferralFriends(databaseUrl: string, count: number): Promise<Friend[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Friend>(
      `SELECT l."firstName", l."lastName", l.email, l.phone
         FROM referrals r JOIN leads l ON l.id = r."leadId"
        WHERE r.status IN ('pending', 'In Progress') AND l.email LIKE 'lead%@friends.bench.example'
        ORDER BY random() LIMIT $1`,
      [count],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** YYYY-MM-DD, `daysAgo` days before today (UTC is near enough for a bench). */
function dayBefore(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** The 10,000 records: friends by email, friends by phone and surname, then patients nobody referred. */
export function practiceEvents(friends: Friend[], total: number, prefix: string) {
  const byEmail = Math.min(friends.length, Math.round(total / 10));
  const byPhone = Math.min(friends.length - byEmail, Math.round(total / 20));
  const events = [];
  for (let i = 0; i < total; i++) {
    const common = {
      source: 'bench-pms',
      externalEventId: `${prefix}appt-${i}`,
      externalPatientId: `${prefix}pt-${i}`,
      eventDate: dayBefore(1 + (i % 60)),
      kind: 'treatment_started' as const,
    };
    if (i < byEmail) {
      const f = friends[i]!;
      events.push({ ...common, firstName: f.firstName, lastName: f.lastName, email: f.email });
    } else if (i < byEmail + byPhone) {
      const f = friends[i]!;
      events.push({ ...common, firstName: 'Pat', lastName: f.lastName, phone: f.phone });
    } else {
      // Names no seeded lead has, emails and mobiles no lead has: what most of a practice's day looks like.
      events.push({
        ...common,
        firstName: `Patient${i}`,
        lastName: `Practice${i % 997}`,
        email: `${prefix}patient${i}@practice.bench.example`,
        phone: `+447900${String(i).padStart(6, '0')}`,
      });
    }
  }
  return { events, byEmail, byPhone };
}

export async function measurePracticeRecords(opts: {
  origin: string;
  cookie: string;
  databaseUrl: string;
  prefix: string;
  records?: number;
}): Promise<PracticeMeasurement> {
  const records = opts.records ?? PRACTICE_RECORDS;
  const result: PracticeMeasurement = {
    records,
    seconds: 0,
    slowestCallSeconds: 0,
    new: 0,
    matched: 0,
    proposed: 0,
    planted: { byEmail: 0, byPhone: 0 },
    error: null,
  };
  try {
    const made = await fetch(`${opts.origin}/api/admin/api-keys`, {
      method: 'POST',
      headers: { cookie: opts.cookie, origin: opts.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench practice system' }),
    });
    const key = (await made.json()) as { key?: string; message?: string };
    if (made.status !== 201 || !key.key) {
      throw new Error(`making an API key answered ${made.status}: ${key.message ?? 'no message'}`);
    }
    const friends = await openReferralFriends(opts.databaseUrl, Math.round(records * 0.15));
    const { events, byEmail, byPhone } = practiceEvents(friends, records, opts.prefix);
    result.planted = { byEmail, byPhone };
    const began = performance.now();
    for (let i = 0; i < events.length; i += BATCH) {
      const callBegan = performance.now();
      const res = await fetch(`${opts.origin}/api/integrations/practice-events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events: events.slice(i, i + BATCH) }),
      });
      const answer = (await res.json()) as {
        new?: number;
        matched?: number;
        proposed?: number;
        message?: string;
      };
      if (res.status !== 202) {
        throw new Error(`call ${i / BATCH + 1} answered ${res.status}: ${answer.message ?? 'no message'}`);
      }
      result.new += answer.new ?? 0;
      result.matched += answer.matched ?? 0;
      result.proposed += answer.proposed ?? 0;
      result.slowestCallSeconds = Math.max(result.slowestCallSeconds, (performance.now() - callBegan) / 1000);
    }
    result.seconds = (performance.now() - began) / 1000;
  } catch (e) {
    result.error = (e as Error).message;
  }
  return result;
}
