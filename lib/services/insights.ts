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
import { percentileOf } from '@/lib/percentile';
import { currentUkMonth } from '@/lib/uk-time';
import { waitingLeadSql } from './inbox';
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
const hours = (minutes: number | null) => (minutes === null ? null : Math.round((minutes / 60) * 10) / 10);

interface MonthRow {
  month: string;
  n: number;
}

/** The figures of a period, computed from the database (getInsights keeps them; bench:explain calls this). */
export async function computeInsights(months: number, now: Date): Promise<InsightsDto> {
  const keys = periodMonths(months, now);
  const first = keys[0]!;
  const [fy, fm] = first.split('-').map(Number) as [number, number];
  // The first day of the period, in the UK: the clinic's calendar, whatever the server's zone.
  const startSql = Prisma.sql`make_timestamptz(${fy}::int, ${fm}::int, 1, 0, 0, 0, 'Europe/London')`;
  const startDate = `${first}-01`;
  // Each UK month of the period with its bounds. Rows are counted per month by index ranges: working out each
  // row's month (to_char at a time zone) cost more than reading it (measured at full scale, issue 20).
  const monthsCte = Prisma.sql`WITH months AS (
    SELECT to_char(d, 'YYYY-MM') AS month, d AT TIME ZONE 'Europe/London' AS "from",
           (d + interval '1 month') AT TIME ZONE 'Europe/London' AS "to"
    FROM generate_series(make_timestamp(${fy}::int, ${fm}::int, 1, 0, 0, 0),
                         make_timestamp(${fy}::int, ${fm}::int, 1, 0, 0, 0) + (${months - 1}::int * interval '1 month'),
                         interval '1 month') AS d)`;
  const perMonth = (column: string) =>
    Prisma.sql`${Prisma.raw(column)} >= m."from" AND ${Prisma.raw(column)} < m."to"`;

  const [leadMonths, contactedMonths, conversions, leadCohort, waitRows, movedUnmarked, referrers, team] =
    await Promise.all([
      db.$queryRaw<MonthRow[]>`${monthsCte}
        SELECT m.month, (SELECT count(*) FROM "leads" l WHERE ${perMonth('l."createdAt"')})::int AS n FROM months m`,
      db.$queryRaw<MonthRow[]>`${monthsCte}
        SELECT m.month, (SELECT count(*) FROM "leads" l WHERE ${perMonth('l."contactedAt"')})::int AS n FROM months m`,
      // The monthly report's own conditions (payments.ts monthTotals), read from referrals_conversions_idx.
      db.$queryRaw<(MonthRow & { paidCount: number; paid: bigint; owed: bigint })[]>`${monthsCte}
        SELECT m.month, c.n, c."paidCount", c.paid, c.owed FROM months m CROSS JOIN LATERAL (
          SELECT count(*)::int AS n, count(*) FILTER (WHERE r."rewardPaid")::int AS "paidCount",
                 coalesce(sum(r."rewardPence") FILTER (WHERE r."rewardPaid"), 0)::bigint AS paid,
                 coalesce(sum(r."rewardPence") FILTER (WHERE NOT r."rewardPaid"), 0)::bigint AS owed
          FROM "referrals" r WHERE r."status" = 'Payment Due' AND ${perMonth('r."convertedAt"')}) c`,
      // The period's leads, from leads_insights_idx: how many, marked contacted (and how long that took), still
      // waiting (the inbox's own definition, waitingLeadSql, so 'Still waiting' is the inbox's count for the
      // period; issue 29), and with a card number that matched no client.
      db.$queryRaw<
        {
          leads: number;
          unmatched: number;
          marked: number;
          waiting: number;
        }[]
      >`SELECT count(*)::int AS leads,
               count(*) FILTER (WHERE l."cardNotFound")::int AS unmatched,
               count(l."contactedAt")::int AS marked,
               count(*) FILTER (WHERE ${waitingLeadSql('l')})::int AS waiting
        FROM "leads" l WHERE l."createdAt" >= ${startSql}`,
      // How long the period's contacted leads waited, counted per minute (a statement of its own, so that it runs
      // beside the others).
      db.$queryRaw<{ minutes: number; n: number }[]>`
        SELECT round(date_part('epoch', l."contactedAt" - l."createdAt") / 60)::int AS minutes, count(*)::int AS n
        FROM "leads" l WHERE l."createdAt" >= ${startSql} AND l."contactedAt" IS NOT NULL
        GROUP BY 1`,
      // Leads staff moved on (In Progress, Story Started) without marking them contacted: contacted all the same.
      // PostgreSQL hashes the few unmarked leads' referrals.
      db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "leads" l
      WHERE l."createdAt" >= ${startSql} AND l."contactedAt" IS NULL
        AND EXISTS (SELECT 1 FROM "referrals" r
                    WHERE r."leadId" = l."id" AND r."status" IN ('In Progress', 'Payment Due'))`,
      findTopReferrers(startSql),
      // Team Reviews as the payroll sheet counts them: reviews by their review date, verified, and paid. Each
      // member's figures come from their own index ranges.
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
      >`SELECT m."id", m."firstName", m."lastName", m."archivedAt" IS NOT NULL AS archived, s.visits, c.chosen,
               t.verified, t.paid
        FROM "team_members" m
        CROSS JOIN LATERAL (SELECT count(*)::int AS visits FROM "review_scans"
                            WHERE "teamMemberId" = m."id" AND "createdAt" >= ${startSql}) s
        CROSS JOIN LATERAL (SELECT count(DISTINCT "sessionId")::int AS chosen FROM "review_platform_choices"
                            WHERE "teamMemberId" = m."id" AND "createdAt" >= ${startSql}) c
        CROSS JOIN LATERAL (SELECT count(*)::int AS verified,
                                   coalesce(sum("bonusPence") FILTER (WHERE "paidAt" IS NOT NULL), 0)::bigint AS paid
                            FROM "team_reviews" WHERE "teamMemberId" = m."id" AND "verifiedAt" IS NOT NULL
                              AND "reviewDate" >= ${startDate}::date) t
        WHERE m."archivedAt" IS NULL OR s.visits > 0 OR c.chosen > 0 OR t.verified > 0`,
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

  const leadsOf = leadCohort[0]!;
  const paidConversions = conversions.reduce((sum, c) => sum + c.paidCount, 0);
  // Grouped by hashing (a few thousand distinct minutes), put in order here.
  const waits = waitRows.map((w): [number, number] => [w.minutes, w.n]).sort((a, b) => a[0] - b[0]);
  const contacted = leadsOf.marked + (movedUnmarked[0]?.n ?? 0);
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
      leads: leadsOf.leads,
      contacted,
      storyStarted: started,
      rewardPaid: paidConversions,
      contactedRate: rate(contacted, leadsOf.leads),
      storyStartedRate: rate(started, contacted),
      rewardPaidRate: rate(paidConversions, started),
    },
    costPerNewPatient: {
      value: perPatient(paidPence, started),
      rewardsPaid: toPounds(paidPence),
      storyStarted: started,
    },
    contactWait: {
      contacted: leadsOf.marked,
      waiting: leadsOf.waiting,
      medianHours: hours(percentileOf(waits, 0.5)),
      slowestTenthHours: hours(percentileOf(waits, 0.9)),
    },
    topReferrers,
    unmatchedCards: { leads: leadsOf.unmatched, share: rate(leadsOf.unmatched, leadsOf.leads) },
    team: teamDtos,
  };
}

/** One referrer's referrals made in the period. */
interface ReferrerFigures {
  id: string;
  leads: number;
  storyStarted: number;
  paid: bigint;
}

const byRank = (a: ReferrerFigures, b: ReferrerFigures) =>
  b.leads - a.leads ||
  b.storyStarted - a.storyStarted ||
  Number(b.paid - a.paid) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The period's top referrers, without counting every client's referrals: clients are taken in order of their
 * referrals of all time (the count the database keeps, from its index), a hundred at a time, and each batch's
 * referrals of the period are counted. No later client can enter the top ten once the tenth has more referrals
 * in the period than the batch's last client has ever made, so the search stops there, exact.
 */
async function findTopReferrers(startSql: Prisma.Sql): Promise<ReferrerFigures[]> {
  const BATCH = 100;
  let best: ReferrerFigures[] = [];
  let after: { count: number; createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: Prisma.Sql = after
      ? Prisma.sql`AND ("referralCount" < ${after.count} OR ("referralCount" = ${after.count}
          AND ("createdAt", "id") > (${after.createdAt}, ${after.id}::uuid)))`
      : Prisma.empty;
    const batch = await db.$queryRaw<{ id: string; count: number; createdAt: Date }[]>`
      SELECT "id", "referralCount" AS count, "createdAt" FROM "clients" WHERE "referralCount" > 0 ${cursor}
      ORDER BY "referralCount" DESC, "createdAt", "id" LIMIT ${BATCH}`;
    if (batch.length === 0) break;
    const figures = await db.$queryRaw<ReferrerFigures[]>`
      SELECT r."referrerId" AS id, count(*)::int AS leads,
             count(*) FILTER (WHERE r."status" = 'Payment Due')::int AS "storyStarted",
             coalesce(sum(r."rewardPence") FILTER (WHERE r."status" = 'Payment Due' AND r."rewardPaid"), 0)::bigint AS paid
      FROM "referrals" r
      WHERE r."referrerId" = ANY(${batch.map((c) => c.id)}::uuid[]) AND r."createdAt" >= ${startSql}
      GROUP BY r."referrerId"`;
    best = [...best, ...figures].sort(byRank).slice(0, TOP_REFERRERS);
    const last = batch.at(-1)!;
    if (batch.length < BATCH || (best.length === TOP_REFERRERS && best.at(-1)!.leads > last.count)) break;
    after = last;
  }
  return best;
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
