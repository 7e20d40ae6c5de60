import type { InsightsDto } from '@/lib/dto/insights';
import { datasetCsv } from './chart-card';
import { funnelDataset, referrersDataset, rewardsDataset, teamDataset } from './datasets';

const insights: InsightsDto = {
  period: { months: 2, from: '2026-10', to: '2026-11' },
  months: [
    {
      month: '2026-10',
      leads: 4,
      contacted: 3,
      storyStarted: 2,
      rewardsPaid: 150.5,
      rewardsOwed: 0,
      costPerNewPatient: 75.25,
    },
    {
      month: '2026-11',
      leads: 1,
      contacted: 0,
      storyStarted: 0,
      rewardsPaid: 0,
      rewardsOwed: 200,
      costPerNewPatient: null,
    },
  ],
  funnel: {
    leads: 5,
    contacted: 3,
    storyStarted: 2,
    rewardPaid: 1,
    contactedRate: 0.6,
    storyStartedRate: 2 / 3,
    rewardPaidRate: 0.5,
  },
  costPerNewPatient: { value: 75.25, rewardsPaid: 150.5, storyStarted: 2 },
  contactWait: { contacted: 3, waiting: 2, medianHours: 4, slowestTenthHours: 30 },
  topReferrers: [
    {
      clientId: null,
      name: 'Deleted client',
      cardNumber: 'SC-AAAA-BBBB-CCCC',
      leads: 3,
      storyStarted: 1,
      rewardsPaid: 0,
    },
    {
      clientId: 'c1',
      name: '=Evil Name',
      cardNumber: 'SC-DDDD-EEEE-FFFF',
      leads: 2,
      storyStarted: 1,
      rewardsPaid: 150.5,
    },
  ],
  unmatchedCards: { leads: 1, share: 0.2 },
  team: [
    {
      teamMemberId: 't1',
      name: 'Old Hand',
      archived: true,
      visits: 3,
      platformChosen: 2,
      verifiedReviews: 1,
      bonusesPaid: 10,
    },
  ],
};

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('the numbers behind the Insights charts', () => {
  it('names each CSV by what it holds and the period', () => {
    expect(rewardsDataset(insights).fileName).toBe('rewards-2026-10-to-2026-11.csv');
  });

  it('quotes every cell; writes amounts as plain pounds under a GBP heading, and a missing cost as empty', () => {
    expect(lines(datasetCsv(rewardsDataset(insights)))).toEqual([
      '"Month","Rewards paid (GBP)","Rewards owed (GBP)"',
      '"2026-10","150.50","0.00"',
      '"2026-11","0.00","200.00"',
    ]);
  });

  it('gives each funnel step its share of the step before, as a percentage', () => {
    expect(lines(datasetCsv(funnelDataset(insights)))).toEqual([
      '"Step","Leads","Of the step before"',
      '"Leads","5",""',
      '"Contacted","3","60"',
      '"Story Started","2","66.7"',
      '"Reward paid","1","50"',
    ]);
  });

  it('keeps a deleted client’s card number and neutralises a name that would run as a formula', () => {
    expect(lines(datasetCsv(referrersDataset(insights)))).toEqual([
      '"Client","Card number","Referrals","Story Started","Rewards paid (GBP)"',
      '"Deleted client","SC-AAAA-BBBB-CCCC","3","1","0.00"',
      '"\'=Evil Name","SC-DDDD-EEEE-FFFF","2","1","150.50"',
    ]);
  });

  it('marks an archived member', () => {
    expect(lines(datasetCsv(teamDataset(insights)))[1]).toBe('"Old Hand (archived)","3","2","1","10.00"');
  });
});
