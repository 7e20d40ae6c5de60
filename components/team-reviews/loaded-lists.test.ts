import type { TeamBonusMonthDto } from '@/lib/dto/team';
import { outstandingReviews, withUpdatedReviews, withVerifiedReview } from './loaded-lists';
import { member, review } from './team-fixtures';

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
