import 'server-only';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type {
  InsightsDto,
  InsightsMonthDto,
  InsightsReferrerDto,
  InsightsTeamMemberDto,
} from '@/lib/dto/insights';
import { toPounds } from '@/lib/money';
import { currentUkMonth } from '@/lib/uk-time';
import { clientDisplayName, DELETED_CLIENT_TEXT, fullName } from './referrers';

/**
 * The owner's Insights (issue 20): is the programme paying off? Every figure is an aggregate PostgreSQL
 * computes from indexes; no row of a lead or referral is loaded into Node. The months follow the monthly report
 * exactly (a conversion belongs to the UK month of its Story Started, with its reward paid or owed), so a
 * month's figures here equal that month's report to the penny.
 *
 * A period's answer is kept in memory while nothing it reads has changed: the database bumps
 * `insights_version` in every transaction that writes leads, referrals, clients or Team Reviews (migration
 * 20261126060000_insights), and the version is read before the figures, so a kept answer is never older than
 * the last change a request could have seen.
 */

const TOP_REFERRERS = 10;
const UK_MONTH = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'Europe/London', 'YYYY-MM')`);

/** The `count` UK months ending with the one `now` falls in, oldest first, as YYYY-MM. */
export function periodMonths(count: number, now = new Date()): string[] {
  const { year, month } = currentUkMonth(now);
  const out: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
/** Pence per patient, rounded to the penny, in pounds. */
const perPatient = (pence: number, patients: number) =>
  patients > 0 ? toPounds(Math.round(pence / patients)) : null;
const hours = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 3600) * 10) / 10);

interface MonthRow {
  month: string;
  n: number;
}

async function computeInsights(months: number, now: Date): Promise<InsightsDto> {
  const keys = periodMonths(months, now);
  const first = keys[0]!;
  const [fy, fm] = first.split('-').map(Number) as [number, number];
  // The first day of the period, in the UK: the clinic's calendar, whatever the server's zone.
  const startSql = Prisma.sql`make_timestamptz(${fy}::int, ${fm}::int, 1, 0, 0, 0, 'Europe/London')`;
  const startDate = `${first}-01`;

  const [leadMonths, contactedMonths, conversions, cohort, referrers, team] = await Promise.all([
    db.$queryRaw<MonthRow[]>`SELECT ${UK_MONTH('l."createdAt"')} AS month, count(*)::int AS n
       FROM "leads" l WHERE l."createdAt" >= ${startSql} GROUP BY 1`,
    db.$queryRaw<MonthRow[]>`SELECT ${UK_MONTH('l."contactedAt"')} AS month, count(*)::int AS n
       FROM "leads" l WHERE l."contactedAt" >= ${startSql} GROUP BY 1`,
    // The monthly report's own conditions (payments.ts monthTotals), read from referrals_conversions_idx.
    db.$queryRaw<
      (MonthRow & { paid: bigint; owed: bigint })[]
    >`SELECT ${UK_MONTH('r."convertedAt"')} AS month, count(*)::int AS n,
              coalesce(sum(r."rewardPence") FILTER (WHERE r."rewardPaid"), 0)::bigint AS paid,
              coalesce(sum(r."rewardPence") FILTER (WHERE NOT r."rewardPaid"), 0)::bigint AS owed
       FROM "referrals" r WHERE r."status" = 'Payment Due' AND r."convertedAt" >= ${startSql} GROUP BY 1`,
    // The period's leads followed through. A lead's referrals are made when it arrives or later, so only
    // referrals made in the period can belong to them.
    db.$queryRaw<
      {
        leads: number;
        unmatched: number;
        contacted: number;
        storyStarted: number;
        rewardPaid: number;
        marked: number;
        waiting: number;
        median: number | null;
        slowest: number | null;
      }[]
    >`WITH progress AS (
         SELECT r."leadId",
                bool_or(r."status" IN ('In Progress', 'Payment Due')) AS moved,
                bool_or(r."status" = 'Payment Due') AS started,
                bool_or(r."status" = 'Payment Due' AND r."rewardPaid") AS paid
         FROM "referrals" r WHERE r."createdAt" >= ${startSql} GROUP BY r."leadId"
       ), wait AS (
         SELECT extract(epoch FROM l."contactedAt" - l."createdAt")::float8 AS seconds FROM "leads" l
         WHERE l."createdAt" >= ${startSql} AND l."contactedAt" IS NOT NULL
       )
       SELECT count(*)::int AS leads,
              count(*) FILTER (WHERE l."cardNotFound")::int AS unmatched,
              count(*) FILTER (WHERE l."contactedAt" IS NOT NULL OR p."moved")::int AS contacted,
              count(*) FILTER (WHERE p."started")::int AS "storyStarted",
              count(*) FILTER (WHERE p."paid")::int AS "rewardPaid",
              count(l."contactedAt")::int AS marked,
              count(*) FILTER (WHERE l."contactedAt" IS NULL AND l."erasedAt" IS NULL)::int AS waiting,
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM wait) AS median,
              (SELECT percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) FROM wait) AS slowest
       FROM "leads" l LEFT JOIN progress p ON p."leadId" = l."id"
       WHERE l."createdAt" >= ${startSql}`,
    db.$queryRaw<
      { id: string; leads: number; storyStarted: number; paid: bigint }[]
    >`SELECT r."referrerId" AS id, count(*)::int AS leads,
              count(*) FILTER (WHERE r."status" = 'Payment Due')::int AS "storyStarted",
              coalesce(sum(r."rewardPence") FILTER (WHERE r."status" = 'Payment Due' AND r."rewardPaid"), 0)::bigint AS paid
       FROM "referrals" r WHERE r."createdAt" >= ${startSql}
       GROUP BY r."referrerId" ORDER BY leads DESC, "storyStarted" DESC, paid DESC, r."referrerId"
       LIMIT ${TOP_REFERRERS}`,
    // Team Reviews as the payroll sheet counts them: reviews by their review date, verified, and paid.
    db.$queryRaw<
      {
        id: string;
        firstName: string;
        lastName: string;
        archived: boolean;
        visits: number;
        chosen: number;
        verified: number;
        paid: bigint;
      }[]
    >`SELECT m."id", m."firstName", m."lastName", m."archivedAt" IS NOT NULL AS archived,
              coalesce(s.n, 0)::int AS visits, coalesce(c.n, 0)::int AS chosen,
              coalesce(t.verified, 0)::int AS verified, coalesce(t.paid, 0)::bigint AS paid
       FROM "team_members" m
       LEFT JOIN (SELECT "teamMemberId", count(*) AS n FROM "review_scans"
                  WHERE "createdAt" >= ${startSql} GROUP BY 1) s ON s."teamMemberId" = m."id"
       LEFT JOIN (SELECT "teamMemberId", count(DISTINCT "sessionId") AS n FROM "review_platform_choices"
                  WHERE "createdAt" >= ${startSql} GROUP BY 1) c ON c."teamMemberId" = m."id"
       LEFT JOIN (SELECT "teamMemberId", count(*) AS verified,
                         sum("bonusPence") FILTER (WHERE "paidAt" IS NOT NULL) AS paid
                  FROM "team_reviews" WHERE "verifiedAt" IS NOT NULL AND "reviewDate" >= ${startDate}::date
                  GROUP BY 1) t ON t."teamMemberId" = m."id"
       WHERE m."archivedAt" IS NULL OR s.n > 0 OR c.n > 0 OR t.verified > 0`,
  ]);

  const byMonth = (rows: MonthRow[]) => new Map(rows.map((r) => [r.month, r.n]));
  const leadsIn = byMonth(leadMonths);
  const contactedIn = byMonth(contactedMonths);
  const conversionsIn = new Map(conversions.map((r) => [r.month, r]));
  let paidPence = 0;
  let started = 0;
  const monthDtos: InsightsMonthDto[] = keys.map((month) => {
    const c = conversionsIn.get(month);
    const paid = Number(c?.paid ?? 0);
    const storyStarted = c?.n ?? 0;
    paidPence += paid;
    started += storyStarted;
    return {
      month,
      leads: leadsIn.get(month) ?? 0,
      contacted: contactedIn.get(month) ?? 0,
      storyStarted,
      rewardsPaid: toPounds(paid),
      rewardsOwed: toPounds(Number(c?.owed ?? 0)),
      costPerNewPatient: perPatient(paid, storyStarted),
    };
  });

  const f = cohort[0]!;
  const clients = await db.client.findMany({
    where: { id: { in: referrers.map((r) => r.id) } },
    select: { id: true, firstName: true, lastName: true, cardNumber: true, deletedAt: true },
  });
  const clientById = new Map(clients.map((c) => [c.id, c]));
  const topReferrers: InsightsReferrerDto[] = referrers.map((r) => {
    const client = clientById.get(r.id);
    return {
      clientId: client && !client.deletedAt ? client.id : null,
      name: client ? clientDisplayName(client) : DELETED_CLIENT_TEXT,
      cardNumber: client?.cardNumber ?? null,
      leads: r.leads,
      storyStarted: r.storyStarted,
      rewardsPaid: toPounds(Number(r.paid)),
    };
  });

  const byName = new Intl.Collator('en-GB');
  const teamDtos: InsightsTeamMemberDto[] = team
    .map((m) => ({
      teamMemberId: m.id,
      name: fullName(m),
      archived: m.archived,
      visits: m.visits,
      platformChosen: m.chosen,
      verifiedReviews: m.verified,
      bonusesPaid: toPounds(Number(m.paid)),
    }))
    .sort((a, b) => Number(a.archived) - Number(b.archived) || byName.compare(a.name, b.name));

  return {
    period: { months, from: first, to: keys.at(-1)! },
    months: monthDtos,
    funnel: {
      leads: f.leads,
      contacted: f.contacted,
      storyStarted: f.storyStarted,
      rewardPaid: f.rewardPaid,
      contactedRate: rate(f.contacted, f.leads),
      storyStartedRate: rate(f.storyStarted, f.contacted),
      rewardPaidRate: rate(f.rewardPaid, f.storyStarted),
    },
    costPerNewPatient: {
      value: perPatient(paidPence, started),
      rewardsPaid: toPounds(paidPence),
      storyStarted: started,
    },
    contactWait: {
      contacted: f.marked,
      waiting: f.waiting,
      medianHours: hours(f.median),
      slowestTenthHours: hours(f.slowest),
    },
    topReferrers,
    unmatchedCards: { leads: f.unmatched, share: rate(f.unmatched, f.leads) },
    team: teamDtos,
  };
}

/** The sum of the versions the database bumps with each change the page shows. */
async function insightsVersion(): Promise<string> {
  const [row] = await db.$queryRaw<{ v: string }[]>`SELECT sum("version")::text AS v FROM "insights_version"`;
  return row?.v ?? '';
}

const kept = new Map<string, { version: string; value: InsightsDto }>();

/** GET /api/insights: the last `months` UK months, this one included. */
export async function getInsights(months: number, now = new Date()): Promise<InsightsDto> {
  const { year, month } = currentUkMonth(now);
  const thisMonth = `${year}-${month}`;
  const key = `${months}@${thisMonth}`;
  // Read before the figures: a change that commits meanwhile makes the next request compute again.
  const version = await insightsVersion();
  const hit = kept.get(key);
  if (hit && hit.version === version) return hit.value;
  const value = await computeInsights(months, now);
  for (const old of kept.keys()) if (!old.endsWith(`@${thisMonth}`)) kept.delete(old);
  kept.set(key, { version, value });
  return value;
}
