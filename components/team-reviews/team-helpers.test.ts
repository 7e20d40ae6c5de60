import type { TeamBonusMonthDto, TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import {
  bonusLeaderboard,
  countLabel,
  memberOptionLabels,
  memberQrFileName,
  memberQrUrl,
  ordinal,
  outstandingReviews,
  owedByMonth,
  shareOf,
  periodLabel,
  reviewLeaderboard,
  statusTone,
  withUpdatedReviews,
  withVerifiedReview,
  type LeaderboardRow,
} from './team-helpers';

function member(over: Partial<TeamMemberDto> = {}): TeamMemberDto {
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

function review(over: Partial<TeamReviewDto> = {}): TeamReviewDto {
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

function row(over: Partial<LeaderboardRow>): LeaderboardRow {
  return { teamMemberId: 'x', name: 'X', reviewsCount: 0, totalEarned: 0, scans: 0, ...over };
}

describe('QR code', () => {
  it('asks for the member’s PNG at the given size', () => {
    expect(memberQrUrl('abc', 200)).toBe('/api/team-members/abc/qr?size=200');
    expect(memberQrUrl('a/b', 300)).toBe('/api/team-members/a%2Fb/qr?size=300');
  });

  it('names the download QR-Code-{First-Last}.png with hyphens for spaces', () => {
    expect(memberQrFileName('Jane', 'Smith')).toBe('QR-Code-Jane-Smith.png');
    expect(memberQrFileName(' Mary  Ann ', 'Smith-Jones')).toBe('QR-Code-Mary-Ann-Smith-Jones.png');
    expect(memberQrFileName('A/B', 'C:D?')).toBe('QR-Code-AB-CD.png');
    expect(memberQrFileName(' ', '')).toBe('QR-Code-Team-Member.png');
  });
});

describe('leaderboards', () => {
  const rows = [
    row({ teamMemberId: 'a', name: 'Amy', reviewsCount: 2, totalEarned: 20 }),
    row({ teamMemberId: 'b', name: 'Ben', reviewsCount: 5, totalEarned: 40 }),
    row({ teamMemberId: 'c', name: 'Cat', reviewsCount: 5, totalEarned: 50 }),
    row({ teamMemberId: 'd', name: 'Dan', reviewsCount: 1, totalEarned: 10 }),
    row({ teamMemberId: 'e', name: 'Eve', reviewsCount: 0, totalEarned: 0 }),
  ];

  it('ranks by review count, ties share a place and then go by name; medals for the top three places', () => {
    const ranked = reviewLeaderboard(rows);
    expect(ranked.map((e) => [e.row.name, e.rank, e.medal])).toEqual([
      ['Ben', 1, 'Gold'],
      ['Cat', 1, 'Gold'],
      ['Amy', 3, 'Bronze'],
      ['Dan', 4, null],
      ['Eve', 5, null],
    ]);
  });

  it('gives no medal to a member without reviews, even in the top three', () => {
    const ranked = reviewLeaderboard([
      row({ name: 'A', reviewsCount: 1 }),
      row({ name: 'B' }),
      row({ name: 'C' }),
    ]);
    expect(ranked.map((e) => [e.row.name, e.rank, e.medal])).toEqual([
      ['A', 1, 'Gold'],
      ['B', 2, null],
      ['C', 2, null],
    ]);
  });

  it('ranks the team bonus by earnings', () => {
    const ranked = bonusLeaderboard(rows);
    expect(ranked.map((e) => [e.row.name, e.rank, e.medal])).toEqual([
      ['Cat', 1, 'Gold'],
      ['Ben', 2, 'Silver'],
      ['Amy', 3, 'Bronze'],
      ['Dan', 4, null],
      ['Eve', 5, null],
    ]);
  });

  it('does not change the list it was given', () => {
    const copy = [...rows];
    reviewLeaderboard(rows);
    expect(rows).toEqual(copy);
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });

  it('counts in words', () => {
    expect(countLabel(1, 'review')).toBe('1 review');
    expect(countLabel(0, 'review')).toBe('0 reviews');
    expect(countLabel(1200, 'scan')).toBe('1,200 scans');
  });
});

describe('withVerifiedReview', () => {
  it('raises the count and the earnings, this month’s only for a review dated this month', () => {
    const members = [member(), member({ id: 'm2' })];
    const [a, b] = withVerifiedReview(members, review({ bonusAmount: 12.5 }));
    expect(a).toMatchObject({ reviewsCount: 3, totalEarned: 32.5, monthlyEarned: 22.5 });
    expect(b).toBe(members[1]);

    const [older] = withVerifiedReview(members, review({ isThisMonth: false }));
    expect(older).toMatchObject({ reviewsCount: 3, totalEarned: 30, monthlyEarned: 10 });
  });

  it('adds pounds without floating-point drift', () => {
    const [m] = withVerifiedReview(
      [member({ totalEarned: 0.1, monthlyEarned: 0.1 })],
      review({ bonusAmount: 0.2 }),
    );
    expect(m).toMatchObject({ totalEarned: 0.3, monthlyEarned: 0.3 });
  });
});

describe('the bonus month', () => {
  const month: TeamBonusMonthDto = {
    year: 2025,
    month: 3,
    members: [
      {
        teamMemberId: 'm1',
        name: 'Jane Smith',
        archived: false,
        reviews: [
          review({ id: 'r1' }),
          review({ id: 'r2' }),
          review({ id: 'r3', isPaid: true, status: '£10.00 Paid' }),
        ],
        totalOwed: 20,
        totalPaid: 10,
      },
      {
        teamMemberId: 'm2',
        name: 'Tom Jones',
        archived: true,
        reviews: [review({ id: 'r4', teamMemberId: 'm2' })],
        totalOwed: 10,
        totalPaid: 0,
      },
    ],
  };

  it('replaces paid reviews and recomputes the totals of their member only', () => {
    const paid = review({
      id: 'r1',
      isPaid: true,
      paidDate: '2025-03-05T00:00:00.000Z',
      status: '£10.00 Paid',
    });
    const next = withUpdatedReviews(month, [paid]);
    expect(next.members[0]).toMatchObject({ totalOwed: 10, totalPaid: 20 });
    expect(next.members[0]?.reviews[0]).toBe(paid);
    expect(next.members[1]).toBe(month.members[1]);
    expect(outstandingReviews(next.members[0]!).map((r) => r.id)).toEqual(['r2']);
  });

  it('keeps the month as it is when none of the reviews is in it', () => {
    expect(withUpdatedReviews(month, [review({ id: 'zz' })])).toEqual(month);
    expect(withUpdatedReviews(month, [])).toBe(month);
  });

  it('lists only verified, unpaid reviews as outstanding', () => {
    const m = {
      reviews: [
        review({ id: 'a' }),
        review({ id: 'b', verifiedDate: null }),
        review({ id: 'c', isPaid: true }),
      ],
    };
    expect(outstandingReviews(m).map((r) => r.id)).toEqual(['a']);
  });
});

describe('texts', () => {
  it('names a month', () => {
    expect(periodLabel({ year: 2025, month: 1 })).toBe('January 2025');
    expect(periodLabel({ year: 2026, month: 12 })).toBe('December 2026');
  });

  it('maps the spec’s statuses to badge tones', () => {
    expect(statusTone({ verifiedDate: null, isPaid: false })).toBe('pending');
    expect(statusTone({ verifiedDate: 'x', isPaid: false })).toBe('due');
    expect(statusTone({ verifiedDate: 'x', isPaid: true })).toBe('paid');
  });

  it('tells members who share a name apart by their code', () => {
    const labels = memberOptionLabels([
      member({ id: '1', qrCode: 'TM-1' }),
      member({ id: '2', firstName: 'jane', qrCode: 'TM-2' }),
      member({ id: '3', firstName: 'Tom', qrCode: 'TM-3' }),
    ]);
    expect([...labels.values()]).toEqual(['Jane Smith (TM-1)', 'jane Smith (TM-2)', 'Tom Smith']);
  });
});

describe('payroll helpers', () => {
  it('groups unpaid reviews by month, oldest first, with totals exact to the penny', () => {
    const rows = owedByMonth([
      review({ id: 'a', date: '2003-02-10', bonusAmount: 10 }),
      review({ id: 'b', date: '2003-02-28', bonusAmount: 13.37 }),
      review({ id: 'c', date: '2025-11-01', bonusAmount: 0.1 }),
      review({ id: 'd', date: '2025-11-30', bonusAmount: 0.2 }),
    ]);
    expect(rows).toEqual([
      { period: { year: 2003, month: 2 }, count: 2, total: 23.37 },
      { period: { year: 2025, month: 11 }, count: 2, total: 0.3 },
    ]);
  });

  it('gives the share of visits a step kept, or nothing without visits', () => {
    expect(shareOf(5, 12)).toBe('42%');
    expect(shareOf(0, 3)).toBe('0%');
    expect(shareOf(0, 0)).toBe('');
  });
});
