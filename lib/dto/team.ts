/** Answers of the Team Reviews API. Amounts are pounds; dates ISO (reviewDate: YYYY-MM-DD). */

export type ReviewPlatform = 'google' | 'trustpilot';

/** The spec's Team member (section 3), with real figures. */
export interface TeamMemberDto {
  id: string;
  firstName: string;
  lastName: string;
  /** TM-XXXX-XXXX-XXXX-XXXX */
  qrCode: string;
  /** The public review page the QR code opens: {origin}/review/{qrCode}. */
  reviewUrl: string;
  /** Verified reviews. */
  reviewsCount: number;
  /** Bonus of every verified review. */
  totalEarned: number;
  /** Bonus of verified reviews dated this month (UK). */
  monthlyEarned: number;
  /** Scans of the member's QR code, and those from visitors new to this member. */
  scans: number;
  uniqueVisitors: number;
  createdAt: string;
}

/** The spec's Team review (section 3). */
export interface TeamReviewDto {
  id: string;
  teamMemberId: string;
  memberName: string;
  reviewerName: string;
  /** YYYY-MM-DD */
  date: string;
  platform: ReviewPlatform;
  /** The bonus, in pounds, fixed when the review was verified. */
  bonusAmount: number;
  verifiedDate: string | null;
  paidDate: string | null;
  isThisMonth: boolean;
  isPaid: boolean;
  /** 'Pending Verification', 'Bonus Due' or '£10.00 Paid' (spec section 4). */
  status: string;
}

/** The spec's Pending scan (section 3). */
export interface PendingScanDto {
  id: string;
  teamMemberId: string;
  memberName: string;
  /** The platform the visitor chose on the review page, if they chose one. */
  platform: ReviewPlatform | null;
  scannedTime: string;
}

export interface TeamStatsDto {
  totalScans: number;
  uniqueVisitors: number;
  pendingScans: number;
  /** By verified reviews, most first; ties by name. */
  leaderboard: {
    teamMemberId: string;
    name: string;
    reviewsCount: number;
    totalEarned: number;
    scans: number;
  }[];
}

/** GET /api/team-reviews?year=&month=: the month's verified reviews per member. */
export interface TeamBonusMonthDto {
  year: number;
  month: number;
  members: {
    teamMemberId: string;
    name: string;
    reviews: TeamReviewDto[];
    totalOwed: number;
    totalPaid: number;
  }[];
}

/** Paying or undoing team bonuses. */
export interface TeamBonusResultDto {
  reviews: TeamReviewDto[];
  /** Pounds paid (or un-paid) now. */
  total: number;
}
