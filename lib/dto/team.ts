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
  /** When the member was archived (they left), or null while they are on the team. */
  archivedAt: string | null;
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
  /** The review's public address (null for reviews recorded before links were required). */
  reviewUrl: string | null;
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
  /** Scans waiting for verification (those under 30 days old: older ones leave the Verify list). */
  pendingScans: number;
  /** The month asked for (?year=&month=, else this UK month), per member. */
  funnel: TeamFunnelDto;
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
    /** The member has left (archived): their month stays as it was. */
    archived: boolean;
    reviews: TeamReviewDto[];
    totalOwed: number;
    totalPaid: number;
  }[];
}

/** GET /api/team-reviews/outstanding: every verified, unpaid review of any month, oldest first. */
export interface TeamOutstandingDto {
  /** Members by their oldest unpaid review. */
  members: {
    teamMemberId: string;
    name: string;
    archived: boolean;
    /** Oldest first. */
    reviews: TeamReviewDto[];
    /** Pounds owed. */
    total: number;
  }[];
  count: number;
  total: number;
}

/** One line of the team bonus audit log: a bonus paid or a payment undone. */
export interface TeamBonusAuditEntryDto {
  id: string;
  timestamp: string;
  action: 'bonus_paid' | 'bonus_undone';
  memberName: string;
  reviewerName: string;
  /** The review's date (YYYY-MM-DD), or null on entries written before it was kept. */
  reviewDate: string | null;
  amount: number;
  performedBy: string;
}

export interface TeamBonusAuditPageDto {
  entries: TeamBonusAuditEntryDto[];
  /** Pass back as ?cursor= for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** A month's tracking funnel for one member: visits, platform choices, verified reviews. */
export interface TeamFunnelRowDto {
  teamMemberId: string;
  name: string;
  archived: boolean;
  /** Visits to the review page (scans) in the month. */
  visits: number;
  /** Visitors who chose a platform, and which (a visitor may try both). */
  chosePlatform: number;
  choseGoogle: number;
  choseTrustpilot: number;
  /** Verified reviews dated in the month. */
  verifiedReviews: number;
}

export interface TeamFunnelDto {
  year: number;
  month: number;
  members: TeamFunnelRowDto[];
  totals: Omit<TeamFunnelRowDto, 'teamMemberId' | 'name' | 'archived'>;
}

/** Paying or undoing team bonuses. */
export interface TeamBonusResultDto {
  reviews: TeamReviewDto[];
  /** Pounds paid (or un-paid) now. */
  total: number;
}
