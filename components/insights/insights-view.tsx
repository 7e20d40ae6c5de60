'use client';

import { useQuery } from '@tanstack/react-query';
import { LineChart as LineChartIcon } from 'lucide-react';
import { useQueryStates } from 'nuqs';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { Button } from '@/components/ui/button';
import { INSIGHTS_PERIODS, type InsightsDto } from '@/lib/dto/insights';
import { errorMessage } from '@/lib/client/api';
import { ChartCard } from './chart-card';
import { CostChart, FunnelChart, LeadsChart, RewardsChart, TeamChart } from './charts';
import {
  costDataset,
  funnelDataset,
  leadsDataset,
  referrersDataset,
  rewardsDataset,
  teamDataset,
} from './datasets';
import { formatAmount, formatCount, formatMonthLong, formatShare, formatWait } from '@/lib/format';
import { insightsParsers, insightsQuery } from './queries';

/**
 * The owner's Insights (issue 20): is the programme paying off? Pictures first, each with its numbers as a
 * table and a CSV; the period lives in the URL.
 */
export function InsightsView({ brand }: { brand: string }) {
  const [{ months }, setParams] = useQueryStates(insightsParsers, { history: 'replace' });
  const query = useQuery({ ...insightsQuery(months), placeholderData: (previous) => previous });
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground" aria-live="polite">
          {query.data
            ? `${formatMonthLong(query.data.period.from)} to ${formatMonthLong(query.data.period.to)}`
            : 'Loading the figures…'}
        </p>
        <div
          role="group"
          aria-label="Period"
          className="grid w-full grid-cols-4 rounded-md border p-0.5 sm:w-auto"
        >
          {INSIGHTS_PERIODS.map((n) => (
            <Button
              key={n}
              type="button"
              size="sm"
              className="px-1 sm:px-3"
              variant={n === months ? 'default' : 'ghost'}
              aria-pressed={n === months}
              onClick={() => void setParams({ months: n })}
            >
              {n} months
            </Button>
          ))}
        </div>
      </div>
      {query.data ? (
        <Figures insights={query.data} brand={brand} refreshing={query.isPlaceholderData} />
      ) : query.error ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingRows label="Loading the figures…" rows={4} className="h-48" />
      )}
    </div>
  );
}

function Figures({
  insights,
  brand,
  refreshing,
}: {
  insights: InsightsDto;
  brand: string;
  refreshing: boolean;
}) {
  const { funnel, costPerNewPatient, contactWait, unmatchedCards } = insights;
  const nothingYet = funnel.leads === 0 && costPerNewPatient.storyStarted === 0;
  return (
    <div
      className={refreshing ? 'grid gap-6 opacity-60 transition-opacity' : 'grid gap-6'}
      aria-busy={refreshing}
    >
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Leads" value={formatCount(funnel.leads)} />
        <Stat label="Story Started" value={formatCount(costPerNewPatient.storyStarted)} />
        <Stat label="Rewards paid" value={formatAmount(costPerNewPatient.rewardsPaid)} />
        <Stat label="Cost per new patient" value={formatAmount(costPerNewPatient.value)} />
      </dl>
      {nothingYet && (
        <EmptyState icon={LineChartIcon}>
          <p>No leads or Story Started in these months yet.</p>
          <p>The charts fill in as friends send the recommendation form and staff follow them up.</p>
        </EmptyState>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title="Referral funnel"
          description="The period’s leads and how many were contacted; the Story Started of the period, and how many are paid."
          dataset={funnelDataset(insights)}
          footer={
            funnel.leads > 0 && (
              <p className="text-sm text-muted-foreground">
                Contacted: {formatShare(funnel.contactedRate)} of leads. Story Started:{' '}
                {formatShare(funnel.storyStartedRate)} of contacted. Paid:{' '}
                {formatShare(funnel.rewardPaidRate)} of Story Started.
              </p>
            )
          }
        >
          <FunnelChart insights={insights} brand={brand} />
        </ChartCard>
        <ChartCard
          title="Leads and Story Started"
          description="Each month’s new leads, and the referrals that reached Story Started in it."
          dataset={leadsDataset(insights)}
        >
          <LeadsChart insights={insights} brand={brand} />
        </ChartCard>
        <ChartCard
          title="Rewards paid and owed"
          description="The rewards of each month’s Story Started, as its monthly report shows them."
          dataset={rewardsDataset(insights)}
        >
          <RewardsChart insights={insights} brand={brand} />
        </ChartCard>
        <ChartCard
          title="Cost per new patient"
          description={`Rewards paid ÷ Story Started: ${formatAmount(costPerNewPatient.value)} over the period.`}
          dataset={costDataset(insights)}
        >
          <CostChart insights={insights} brand={brand} />
        </ChartCard>
      </div>
      {/*
        One above the other at every width (issue 29, point 14): the main column is at most 72rem, so beside
        the waiting figures the top referrers' five columns were cut off at 1366 px (and at any laptop width).
      */}
      <div className="grid gap-6">
        <section
          aria-labelledby="contact-wait"
          className="grid content-start gap-3 rounded-xl border p-4 sm:p-6"
        >
          <h2 id="contact-wait" className="text-base font-semibold">
            How long new leads wait
          </h2>
          <p className="text-sm text-muted-foreground">
            From arriving to being reached (contacted, booked or not interested) in the new-referrals inbox.
            Still waiting: the period’s leads in the inbox now, as its count shows them.
          </p>
          <dl className="grid grid-cols-3 gap-3">
            <Stat label="Median" value={formatWait(contactWait.medianHours)} />
            <Stat label="Slowest tenth" value={formatWait(contactWait.slowestTenthHours)} />
            <Stat label="Still waiting" value={formatCount(contactWait.waiting)} />
          </dl>
          <p className="text-sm text-muted-foreground">
            {formatCount(contactWait.contacted)} of the period’s leads were marked contacted.
          </p>
        </section>
        <ChartCard
          title="Top referrers"
          description="The clients whose friends sent the most referrals in the period."
          dataset={referrersDataset(insights)}
          tableOnly
          footer={
            funnel.leads > 0 && (
              <p className="text-sm text-muted-foreground">
                {formatShare(unmatchedCards.share)} of the period’s leads ({formatCount(unmatchedCards.leads)}
                ) came with a card number that matched no client.
              </p>
            )
          }
        />
      </div>
      <ChartCard
        title="Team Reviews"
        description="Per team member: review-page visits, visitors who chose a platform, verified reviews and bonuses paid."
        dataset={teamDataset(insights)}
      >
        {insights.team.length ? (
          <TeamChart insights={insights} brand={brand} />
        ) : (
          <p className="text-sm text-muted-foreground">No team members yet.</p>
        )}
      </ChartCard>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
