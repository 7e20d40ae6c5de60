import { teamReviewStatus } from './team-status';

describe('teamReviewStatus (spec section 4)', () => {
  const at = new Date('2025-11-01T10:00:00Z');

  it("is 'Pending Verification' without a verified date, even if marked paid", () => {
    expect(teamReviewStatus({ verifiedAt: null, paidAt: null, bonusPence: 1000 })).toBe(
      'Pending Verification',
    );
    expect(teamReviewStatus({ verifiedAt: null, paidAt: at, bonusPence: 1000 })).toBe('Pending Verification');
  });

  it("is 'Bonus Due' when verified and not paid", () => {
    expect(teamReviewStatus({ verifiedAt: at, paidAt: null, bonusPence: 1000 })).toBe('Bonus Due');
  });

  it("is '£10.00 Paid' with the review's own bonus when paid", () => {
    expect(teamReviewStatus({ verifiedAt: at, paidAt: at, bonusPence: 1000 })).toBe('£10.00 Paid');
    expect(teamReviewStatus({ verifiedAt: at, paidAt: at, bonusPence: 1250 })).toBe('£12.50 Paid');
    expect(teamReviewStatus({ verifiedAt: at, paidAt: at, bonusPence: 100000 })).toBe('£1,000.00 Paid');
  });
});
