/** GET /api/insights (issue 20): is the programme paying off? Amounts in pounds, months as YYYY-MM (UK). */

export const INSIGHTS_PERIODS = [3, 6, 12, 24] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];
export const DEFAULT_INSIGHTS_MONTHS: InsightsPeriod = 12;

/** What happened in one UK calendar month. */
export interface InsightsMonthDto {
  month: string;
  /** Leads that arrived in the month. */
  leads: number;
  /** Leads marked contacted in the month. */
  contacted: number;
  /** Referrals that reached Story Started in the month (the month's conversions, as its report counts them). */
  storyStarted: number;
  /** Rewards of the month's conversions, paid and still owed: the month's report, to the penny. */
  rewardsPaid: number;
  rewardsOwed: number;
  /** rewardsPaid ÷ storyStarted; null in a month without a conversion. */
  costPerNewPatient: number | null;
}

/** The period at each step: leads that arrived, were contacted, reached Story Started and were paid. */
export interface InsightsFunnelDto {
  leads: number;
  /** Of the period's leads: marked contacted, or moved on by staff to In Progress or Story Started. */
  contacted: number;
  /** Story Started in the period (the months' sum, as the monthly reports count it), and of those, paid. */
  storyStarted: number;
  rewardPaid: number;
  /** Each step as a share of the step before it (0 to 1); null when the step before is empty. */
  contactedRate: number | null;
  storyStartedRate: number | null;
  rewardPaidRate: number | null;
}

export interface InsightsContactWaitDto {
  /** Leads of the period marked contacted (reached: contacted, booked or not interested). */
  contacted: number;
  /**
   * Leads of the period still waiting for a call: the inbox's own definition (lib/services/inbox.ts,
   * waitingLeadSql: not reached, not erased, referral not moved on), so it is the inbox's count for the period.
   */
  waiting: number;
  /** From arrival to being marked contacted, in hours; null when no lead of the period was contacted. */
  medianHours: number | null;
  slowestTenthHours: number | null;
}

export interface InsightsReferrerDto {
  /** Null for a deleted client: their amounts stay, their name does not. */
  clientId: string | null;
  name: string;
  cardNumber: string | null;
  /** Referrals made in the period, how many of them reached Story Started, and their rewards paid. */
  leads: number;
  storyStarted: number;
  rewardsPaid: number;
}

export interface InsightsTeamMemberDto {
  teamMemberId: string;
  name: string;
  archived: boolean;
  /** Review-page visits, platforms chosen, verified reviews dated in the period and their bonuses paid. */
  visits: number;
  platformChosen: number;
  verifiedReviews: number;
  bonusesPaid: number;
}

export interface InsightsDto {
  period: { months: number; from: string; to: string };
  months: InsightsMonthDto[];
  funnel: InsightsFunnelDto;
  /** Rewards paid for the period's conversions ÷ its Story Started (the months' trend is on each month). */
  costPerNewPatient: { value: number | null; rewardsPaid: number; storyStarted: number };
  contactWait: InsightsContactWaitDto;
  topReferrers: InsightsReferrerDto[];
  /** Leads of the period that came with a card number matching no client. */
  unmatchedCards: { leads: number; share: number | null };
  team: InsightsTeamMemberDto[];
}
