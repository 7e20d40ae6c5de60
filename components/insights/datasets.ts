/**
 * The numbers behind each of the Insights page's charts, as rows and columns: the table view and the CSV of
 * a chart both come from here, so they always hold what the chart draws.
 */
import type {
  InsightsDto,
  InsightsMonthDto,
  InsightsReferrerDto,
  InsightsTeamMemberDto,
} from '@/lib/dto/insights';
import { csvAmount } from '@/lib/csv';
import type { Column, Dataset } from './chart-card';
import { formatAmount, formatCount, formatMonth, formatShare } from '@/lib/format';

const period = (insights: InsightsDto) => `${insights.period.from}-to-${insights.period.to}`;

const countColumn = <Row>(label: string, pick: (row: Row) => number): Column<Row> => ({
  label,
  csv: pick,
  show: (row) => formatCount(pick(row)),
  numeric: true,
});
/** An amount: plain pounds in the CSV (its heading says GBP), £ in the table. */
const amountColumn = <Row>(label: string, pick: (row: Row) => number | null): Column<Row> => ({
  label: `${label} (GBP)`,
  heading: label,
  csv: (row) => {
    const value = pick(row);
    return value === null ? '' : csvAmount(value);
  },
  show: (row) => formatAmount(pick(row)),
  numeric: true,
});
const monthColumn: Column<InsightsMonthDto> = {
  label: 'Month',
  csv: (m) => m.month,
  show: (m) => formatMonth(m.month),
};

export interface FunnelStep {
  step: string;
  count: number;
  /** Of the step before. */
  rate: number | null;
}

export function funnelSteps({ funnel }: InsightsDto): FunnelStep[] {
  return [
    { step: 'Leads', count: funnel.leads, rate: null },
    { step: 'Contacted', count: funnel.contacted, rate: funnel.contactedRate },
    { step: 'Story Started', count: funnel.storyStarted, rate: funnel.storyStartedRate },
    { step: 'Reward paid', count: funnel.rewardPaid, rate: funnel.rewardPaidRate },
  ];
}

export function funnelDataset(insights: InsightsDto): Dataset<FunnelStep> {
  return {
    fileName: `referral-funnel-${period(insights)}.csv`,
    columns: [
      { label: 'Step', csv: (s) => s.step },
      countColumn('Leads', (s) => s.count),
      {
        label: 'Of the step before',
        csv: (s) => (s.rate === null ? '' : Math.round(s.rate * 1000) / 10),
        show: (s) => (s.rate === null ? '' : formatShare(s.rate)),
        numeric: true,
      },
    ],
    rows: funnelSteps(insights),
  };
}

export function leadsDataset(insights: InsightsDto): Dataset<InsightsMonthDto> {
  return {
    fileName: `leads-and-story-started-${period(insights)}.csv`,
    columns: [
      monthColumn,
      countColumn('Leads', (m) => m.leads),
      countColumn('Contacted', (m) => m.contacted),
      countColumn('Story Started', (m) => m.storyStarted),
    ],
    rows: insights.months,
  };
}

export function rewardsDataset(insights: InsightsDto): Dataset<InsightsMonthDto> {
  return {
    fileName: `rewards-${period(insights)}.csv`,
    columns: [
      monthColumn,
      amountColumn('Rewards paid', (m) => m.rewardsPaid),
      amountColumn('Rewards owed', (m) => m.rewardsOwed),
    ],
    rows: insights.months,
  };
}

export function costDataset(insights: InsightsDto): Dataset<InsightsMonthDto> {
  return {
    fileName: `cost-per-new-patient-${period(insights)}.csv`,
    columns: [
      monthColumn,
      countColumn('Story Started', (m) => m.storyStarted),
      amountColumn('Rewards paid', (m) => m.rewardsPaid),
      amountColumn('Cost per new patient', (m) => m.costPerNewPatient),
    ],
    rows: insights.months,
  };
}

export function referrersDataset(insights: InsightsDto): Dataset<InsightsReferrerDto> {
  return {
    fileName: `top-referrers-${period(insights)}.csv`,
    columns: [
      { label: 'Client', csv: (r) => r.name },
      { label: 'Card number', csv: (r) => r.cardNumber ?? '' },
      countColumn('Referrals', (r) => r.leads),
      countColumn('Story Started', (r) => r.storyStarted),
      amountColumn('Rewards paid', (r) => r.rewardsPaid),
    ],
    rows: insights.topReferrers,
  };
}

export function teamDataset(insights: InsightsDto): Dataset<InsightsTeamMemberDto> {
  return {
    fileName: `team-reviews-${period(insights)}.csv`,
    columns: [
      { label: 'Team member', csv: (t) => (t.archived ? `${t.name} (archived)` : t.name) },
      countColumn('Visits', (t) => t.visits),
      countColumn('Chose a platform', (t) => t.platformChosen),
      countColumn('Verified reviews', (t) => t.verifiedReviews),
      amountColumn('Bonuses paid', (t) => t.bonusesPaid),
    ],
    rows: insights.team,
  };
}
