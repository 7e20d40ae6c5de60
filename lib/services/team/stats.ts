/**
 * Team statistics: scan totals, pending scans, the month's funnel and the leaderboard.
 */
import 'server-only';
import { db } from '@/lib/db';
import type { TeamStatsDto } from '@/lib/dto/team';
import { currentUkMonth } from '@/lib/uk-time';
import { fullName } from '../referrers';
import { toPounds } from '@/lib/money';
import { byName } from './common';
import { pendingScanWhere } from './scans';
import { teamFunnel } from './funnel';

export async function teamStats(period = currentUkMonth()): Promise<TeamStatsDto> {
  // Totals from the members' scan counts (kept by triggers), not a count of every scan. An archived member's
  // scans stay in the totals (history does not shrink); the leaderboard shows the current team only.
  const [members, pendingScans, verified, funnel] = await Promise.all([
    db.teamMember.findMany({
      select: {
        id: true,
        firstName: true,
        lastName: true,
        scanCount: true,
        uniqueVisitorCount: true,
        archivedAt: true,
      },
    }),
    db.reviewScan.count({ where: pendingScanWhere() }),
    db.teamReview.groupBy({
      by: ['teamMemberId'],
      where: { verifiedAt: { not: null } },
      _count: { _all: true },
      _sum: { bonusPence: true },
    }),
    teamFunnel(period.year, period.month),
  ]);
  const v = new Map(verified.map((r) => [r.teamMemberId, r]));
  const leaderboard = members
    .filter((m) => !m.archivedAt)
    .map((m) => ({
      teamMemberId: m.id,
      name: fullName(m),
      reviewsCount: v.get(m.id)?._count._all ?? 0,
      totalEarned: toPounds(v.get(m.id)?._sum.bonusPence),
      scans: m.scanCount,
    }))
    .sort((a, b) => b.reviewsCount - a.reviewsCount || byName.compare(a.name, b.name));
  return {
    totalScans: members.reduce((sum, m) => sum + m.scanCount, 0),
    uniqueVisitors: members.reduce((sum, m) => sum + m.uniqueVisitorCount, 0),
    pendingScans,
    funnel,
    leaderboard,
  };
}
