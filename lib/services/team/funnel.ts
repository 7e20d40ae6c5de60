/**
 * The tracking funnel of a UK month per member: visits, platform choices and verified reviews.
 */
import 'server-only';
import { db } from '@/lib/db';
import type { TeamFunnelDto } from '@/lib/dto/team';
import { ukMonthBounds } from '../payments';
import { fullName } from '../referrers';
import { byName, monthDates } from './common';

/**
 * The tracking funnel of a UK month, per member (issue 18): visits to the review page, visitors who chose a
 * platform (and which; nothing is recorded for a visitor who chose none), and verified reviews dated in the
 * month. Archived members appear when they have figures that month; the current team always does.
 */
export async function teamFunnel(year: number, month: number): Promise<TeamFunnelDto> {
  const { start, end } = await ukMonthBounds(year, month);
  const { gte, lt } = monthDates(year, month);
  const rows = await db.$queryRaw<
    {
      id: string;
      firstName: string;
      lastName: string;
      archived: boolean;
      visits: number;
      chose: number;
      google: number;
      trustpilot: number;
      verified: number;
    }[]
  >`
    SELECT m.id, m."firstName", m."lastName", m."archivedAt" IS NOT NULL AS archived,
      (SELECT count(*)::int FROM review_scans s
         WHERE s."teamMemberId" = m.id AND s."createdAt" >= ${start} AND s."createdAt" < ${end}) AS visits,
      c.chose, c.google, c.trustpilot,
      (SELECT count(*)::int FROM team_reviews r
         WHERE r."teamMemberId" = m.id AND r."verifiedAt" IS NOT NULL
           AND r."reviewDate" >= ${gte}::date AND r."reviewDate" < ${lt}::date) AS verified
    FROM team_members m
    CROSS JOIN LATERAL (
      SELECT count(DISTINCT p."sessionId")::int AS chose,
             count(DISTINCT p."sessionId") FILTER (WHERE p.platform = 'google')::int AS google,
             count(DISTINCT p."sessionId") FILTER (WHERE p.platform = 'trustpilot')::int AS trustpilot
      FROM review_platform_choices p
      WHERE p."teamMemberId" = m.id AND p."createdAt" >= ${start} AND p."createdAt" < ${end}
    ) c`;
  const members = rows
    .filter((r) => !r.archived || r.visits + r.chose + r.verified > 0)
    .map((r) => ({
      teamMemberId: r.id,
      name: fullName(r),
      archived: r.archived,
      visits: r.visits,
      chosePlatform: r.chose,
      choseGoogle: r.google,
      choseTrustpilot: r.trustpilot,
      verifiedReviews: r.verified,
    }))
    .sort((a, b) => Number(a.archived) - Number(b.archived) || byName.compare(a.name, b.name));
  const sum = (pick: (r: (typeof members)[number]) => number) => members.reduce((t, r) => t + pick(r), 0);
  return {
    year,
    month,
    members,
    totals: {
      visits: sum((r) => r.visits),
      chosePlatform: sum((r) => r.chosePlatform),
      choseGoogle: sum((r) => r.choseGoogle),
      choseTrustpilot: sum((r) => r.choseTrustpilot),
      verifiedReviews: sum((r) => r.verifiedReviews),
    },
  };
}
