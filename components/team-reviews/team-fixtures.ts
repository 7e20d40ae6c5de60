/** Test data for the Team Reviews helpers' unit tests: a member, a review and a leaderboard row, each overridable. */
import type { TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import type { LeaderboardRow } from './leaderboards';

export function member(over: Partial<TeamMemberDto> = {}): TeamMemberDto {
  return {
    id: 'm1',
    firstName: 'Jane',
    lastName: 'Smith',
    qrCode: 'TM-AAAA-BBBB-CCCC-DDDD',
    reviewUrl: 'http://x/review/TM-AAAA-BBBB-CCCC-DDDD',
    reviewsCount: 2,
    totalEarned: 20,
    monthlyEarned: 10,
    scans: 5,
    uniqueVisitors: 4,
    createdAt: '2025-01-01T00:00:00.000Z',
    archivedAt: null,
    ...over,
  };
}

export function review(over: Partial<TeamReviewDto> = {}): TeamReviewDto {
  return {
    id: 'r1',
    teamMemberId: 'm1',
    memberName: 'Jane Smith',
    reviewerName: 'Pat Doe',
    date: '2025-03-04',
    platform: 'google',
    reviewUrl: 'https://g.page/r/abc/review',
    bonusAmount: 10,
    verifiedDate: '2025-03-04T10:00:00.000Z',
    paidDate: null,
    isThisMonth: true,
    isPaid: false,
    status: 'Bonus Due',
    ...over,
  };
}

export function row(over: Partial<LeaderboardRow>): LeaderboardRow {
  return { teamMemberId: 'x', name: 'X', reviewsCount: 0, totalEarned: 0, scans: 0, ...over };
}
