/** The Scan Tracking tab's leaderboards: members ranked by reviews and by bonus earned, with medals. */
import type { TeamStatsDto } from '@/lib/dto/team';
import { toPence } from '@/lib/money';

export type Medal = 'Gold' | 'Silver' | 'Bronze';
const MEDALS: readonly Medal[] = ['Gold', 'Silver', 'Bronze'];

export type LeaderboardRow = TeamStatsDto['leaderboard'][number];

export interface RankedEntry {
  row: LeaderboardRow;
  /** 1 for the first place; members with the same score share a place (1, 1, 3). */
  rank: number;
  /** The top three places, for members who scored at all. */
  medal: Medal | null;
  score: number;
}

/**
 * Members ranked by a score, highest first, ties by name. Equal scores share a place, so two members with the
 * most reviews are both 1st (and both Gold); the next is 3rd. Nobody with a score of 0 gets a medal.
 */
export function rankBy(
  rows: readonly LeaderboardRow[],
  score: (row: LeaderboardRow) => number,
): RankedEntry[] {
  const sorted = [...rows].sort(
    (a, b) =>
      score(b) - score(a) ||
      a.name.localeCompare(b.name, 'en-GB') ||
      a.teamMemberId.localeCompare(b.teamMemberId),
  );
  let rank = 0;
  return sorted.map((row, index) => {
    const value = score(row);
    const previous = sorted[index - 1];
    if (!previous || score(previous) !== value) rank = index + 1;
    return { row, rank, score: value, medal: value > 0 ? (MEDALS[rank - 1] ?? null) : null };
  });
}

/** The review leaderboard (spec section 9): by verified reviews. */
export function reviewLeaderboard(rows: readonly LeaderboardRow[]): RankedEntry[] {
  return rankBy(rows, (r) => r.reviewsCount);
}

/** The team-bonus leaderboard: by bonus earned (pounds, compared in pence). */
export function bonusLeaderboard(rows: readonly LeaderboardRow[]): RankedEntry[] {
  return rankBy(rows, (r) => toPence(r.totalEarned));
}

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}
