/**
 * Pure helpers of the Team Reviews page: QR image addresses and file names, the leaderboards, keeping the
 * loaded lists current after an action, and texts. No React, no fetch.
 */
import type {
  ReviewPlatform,
  TeamBonusMonthDto,
  TeamMemberDto,
  TeamReviewDto,
  TeamStatsDto,
} from '@/lib/dto/team';
import { fileUrl } from '@/lib/contract/client';
import * as team from '@/lib/contract/team';
import { formatPounds, sumPounds, toPence, toPounds } from '@/lib/money';
import { periodLabel, type Period } from '@/lib/period';

export { periodLabel, type Period };

/** Spec section 9: how long 'Undo' and 'Undo Bulk Payment' are offered after a bonus payment. */
export const UNDO_WINDOW_MS = 30_000;

export const PLATFORM_LABELS: Record<ReviewPlatform, string> = {
  google: 'Google',
  trustpilot: 'Trustpilot',
};

export function memberName(member: Pick<TeamMemberDto, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

// ------------------------------------------------------------------------------------------------ QR code

/** The member's QR code (a PNG of their review page's address): 200 px shown, 300 px downloaded. */
export function memberQrUrl(memberId: string, size: 200 | 300, caption = false): string {
  return fileUrl(team.memberQr, {
    params: { id: memberId },
    query: { size: String(size) as '200' | '300', ...(caption ? { caption: '1' as const } : {}) },
  });
}

/** The printable PDFs of a member's code (issue 29, point 13): the A6 counter card and the A4 poster. */
export type PrintFormat = 'a6' | 'a4';
export function memberPrintUrl(memberId: string, format: PrintFormat): string {
  return fileUrl(team.memberPrint, { params: { id: memberId }, query: { format } });
}

/**
 * QR-Code-{First-Last}.png (spec section 7: the name with hyphens): 'Mary Ann' 'Smith' gives
 * QR-Code-Mary-Ann-Smith.png. Characters no file system allows are dropped.
 */
export function memberQrFileName(firstName: string, lastName: string): string {
  const name = `${firstName} ${lastName}`
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `QR-Code-${name || 'Team-Member'}.png`;
}

// ----------------------------------------------------------------------------------------- leaderboards

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

/** '1 review', '3 reviews' (and the same for scans, visitors...). */
export function countLabel(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

// ---------------------------------------------------------------------------------------- list updates

/**
 * The members after a review was verified (approved scan or added by hand, spec section 4): the count goes
 * up, the bonus joins the total, and this month's earnings when the review is dated this month.
 */
export function withVerifiedReview(
  members: readonly TeamMemberDto[],
  review: TeamReviewDto,
): TeamMemberDto[] {
  return members.map((m) =>
    m.id === review.teamMemberId
      ? {
          ...m,
          reviewsCount: m.reviewsCount + 1,
          totalEarned: sumPounds([m.totalEarned, review.bonusAmount]),
          monthlyEarned: review.isThisMonth
            ? sumPounds([m.monthlyEarned, review.bonusAmount])
            : m.monthlyEarned,
        }
      : m,
  );
}

/** The month's members with their owed and paid totals recomputed from their reviews. */
function withTotals(member: TeamBonusMonthDto['members'][number]): TeamBonusMonthDto['members'][number] {
  const verified = member.reviews.filter((r) => r.verifiedDate);
  return {
    ...member,
    totalOwed: sumPounds(verified.filter((r) => !r.isPaid).map((r) => r.bonusAmount)),
    totalPaid: sumPounds(verified.filter((r) => r.isPaid).map((r) => r.bonusAmount)),
  };
}

/** The month with these reviews replaced by their new state (after a payment or an undo), totals kept right. */
export function withUpdatedReviews(
  month: TeamBonusMonthDto,
  reviews: readonly TeamReviewDto[],
): TeamBonusMonthDto {
  const byId = new Map(reviews.map((r) => [r.id, r]));
  if (byId.size === 0) return month;
  return {
    ...month,
    members: month.members.map((member) =>
      member.reviews.some((r) => byId.has(r.id))
        ? withTotals({ ...member, reviews: member.reviews.map((r) => byId.get(r.id) ?? r) })
        : member,
    ),
  };
}

/** What a member of the month still owes: their verified, unpaid reviews. */
export function outstandingReviews(
  member: Pick<TeamBonusMonthDto['members'][number], 'reviews'>,
): TeamReviewDto[] {
  return member.reviews.filter((r) => r.verifiedDate !== null && !r.isPaid);
}

// ------------------------------------------------------------------------------------------------ payroll

/** A member's unpaid reviews by month, oldest first: what each month owes them. */
export function owedByMonth(
  reviews: readonly TeamReviewDto[],
): { period: Period; count: number; total: number }[] {
  const months = new Map<string, { period: Period; count: number; pence: number }>();
  for (const r of reviews) {
    const key = r.date.slice(0, 7);
    const entry = months.get(key) ?? {
      period: { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) },
      count: 0,
      pence: 0,
    };
    entry.count += 1;
    entry.pence += toPence(r.bonusAmount);
    months.set(key, entry);
  }
  return [...months.values()].map((m) => ({ period: m.period, count: m.count, total: toPounds(m.pence) }));
}

/** '42%': the share of visits that reached a step of the funnel ('' when there were no visits). */
export function shareOf(part: number, whole: number): string {
  if (whole === 0) return '';
  return `${Math.round((part / whole) * 100)}%`;
}

// ----------------------------------------------------------------------------------------------- texts

/** How the spec's status reads as a badge: due bonuses stand out, paid ones are green. */
export function statusTone(
  review: Pick<TeamReviewDto, 'verifiedDate' | 'isPaid'>,
): 'pending' | 'due' | 'paid' {
  if (!review.verifiedDate) return 'pending';
  return review.isPaid ? 'paid' : 'due';
}

/**
 * Labels for the members in a select: their name, with their code added when two members share a name, so
 * that every option can be told apart.
 */
export function memberOptionLabels(
  members: readonly Pick<TeamMemberDto, 'id' | 'firstName' | 'lastName' | 'qrCode'>[],
): Map<string, string> {
  const counts = new Map<string, number>();
  for (const m of members) {
    const key = memberName(m).toLocaleLowerCase('en-GB');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map(
    members.map((m) => {
      const name = memberName(m);
      const shared = (counts.get(name.toLocaleLowerCase('en-GB')) ?? 0) > 1;
      return [m.id, shared ? `${name} (${m.qrCode})` : name];
    }),
  );
}

// ------------------------------------------------------------------------------------------------- undo

/** The attribute on the element that should take focus when an Undo button inside it goes away. */
export const UNDO_HOME_ATTRIBUTE = 'data-undo-home';
/** Inside that element, the one that takes the focus (a heading, say). */
export const UNDO_FOCUS_ATTRIBUTE = 'data-undo-focus';

/** The key of the element that takes focus when a review's or a member's Undo goes away. */
export const undoHomeKey = {
  review: (reviewId: string) => `review:${reviewId}`,
  bulk: (teamMemberId: string, { year, month }: Period) => `bulk:${teamMemberId}:${year}-${month}`,
};

/**
 * When the Undo button inside `[data-undo-home=key]` is about to disappear while it has focus, focus moves
 * first to that element's `[data-undo-focus]` (or the element itself; either has tabIndex -1), so that
 * keyboard users are not dropped at the top of the page.
 */
export function keepFocusNear(key: string) {
  const home = document.querySelector<HTMLElement>(`[${UNDO_HOME_ATTRIBUTE}="${CSS.escape(key)}"]`);
  if (!home || !home.contains(document.activeElement)) return;
  const target = home.querySelector<HTMLElement>(`[${UNDO_FOCUS_ATTRIBUTE}]`) ?? home;
  if (target !== document.activeElement) target.focus();
}

/** What the page's toasts say after each action. */
export const teamText = {
  memberArchived: (m: Pick<TeamMemberDto, 'firstName' | 'lastName'>) =>
    `${memberName(m)} was archived. Their reviews and bonuses stay in every month.`,
  memberRestored: (m: Pick<TeamMemberDto, 'firstName' | 'lastName'>) =>
    `${memberName(m)} is back on the team: their QR code counts visits again.`,
  verified: (r: TeamReviewDto) =>
    `Review by ${r.reviewerName} verified: ${formatPounds(r.bonusAmount)} bonus for ${r.memberName}.`,
  paid: (r: TeamReviewDto) =>
    `${formatPounds(r.bonusAmount)} bonus for ${r.memberName} marked paid. Undo is available for 30 seconds.`,
  undone: (r: TeamReviewDto) => `Payment undone: the bonus for ${r.memberName} is due again.`,
  nothingOutstanding: (name: string, period: Period) =>
    `Nothing was outstanding for ${name} in ${periodLabel(period)}.`,
  paidAll: (name: string, total: number, count: number) =>
    `${formatPounds(total)} paid to ${name} for ${countLabel(count, 'review')}. Undo is available for 30 seconds.`,
  bulkUndone: (name: string, total: number) =>
    `Bulk payment undone: ${formatPounds(total)} is due to ${name} again.`,
};
