/**
 * Keeping the page's loaded lists current after an action, without waiting for the refetch: the members after a
 * review was verified, the bonus month after a payment or an undo.
 */
import type { TeamBonusMonthDto, TeamMemberDto, TeamReviewDto } from '@/lib/dto/team';
import { sumPounds } from '@/lib/money';

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
