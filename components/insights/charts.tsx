'use client';

import { Bar, BarChart, CartesianGrid, LabelList, Line, LineChart, XAxis, YAxis } from 'recharts';
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '@/components/ui/chart';
import type { InsightsDto } from '@/lib/dto/insights';
import { formatPounds, sumPounds } from '@/lib/money';
import { funnelSteps } from './datasets';
import {
  formatAmount,
  formatCount,
  formatMonth,
  formatPoundsTick,
  formatShare,
  formatTick,
} from '@/lib/format';

/**
 * The page's charts. The clinic's brand colour draws the main series, a dark slate the second, so both stay
 * distinct from each other and readable on white. Each chart's accessible name says what it shows; its
 * numbers are in the table view beside it. Charts are not keyboard stops of their own (accessibilityLayer
 * off): the table view is the way to read the exact numbers.
 */
const SECOND = 'oklch(0.45 0.03 257)';

const axis = { tickLine: false, axisLine: false, tickMargin: 8 } as const;
const monthAxis = { ...axis, dataKey: 'month', tickFormatter: formatMonth, minTickGap: 12 } as const;

export function FunnelChart({ insights, brand }: { insights: InsightsDto; brand: string }) {
  const config = { count: { label: 'Leads', color: brand } } satisfies ChartConfig;
  const steps = funnelSteps(insights);
  const label = `Referral funnel: ${steps
    .map((s) => `${s.step} ${formatCount(s.count)}${s.rate === null ? '' : ` (${formatShare(s.rate)})`}`)
    .join(', ')}`;
  return (
    <ChartContainer config={config} label={label} className="h-56">
      <BarChart data={steps} layout="vertical" margin={{ left: 8, right: 48 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} />
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="step" width={96} {...axis} />
        <ChartTooltip cursor={false} content={<ChartTooltipContent formatValue={formatCount} />} />
        <Bar dataKey="count" fill="var(--color-count)" radius={4} isAnimationActive={false}>
          <LabelList
            dataKey="count"
            position="right"
            className="fill-foreground"
            formatter={(value) => formatCount(Number(value))}
          />
        </Bar>
      </BarChart>
    </ChartContainer>
  );
}

export function LeadsChart({ insights, brand }: { insights: InsightsDto; brand: string }) {
  const config = {
    leads: { label: 'Leads', color: SECOND },
    storyStarted: { label: 'Story Started', color: brand },
  } satisfies ChartConfig;
  const total = (pick: (m: InsightsDto['months'][number]) => number) =>
    insights.months.reduce((sum, m) => sum + pick(m), 0);
  return (
    <ChartContainer
      config={config}
      label={`Leads and Story Started by month: ${formatCount(total((m) => m.leads))} leads and ${formatCount(
        total((m) => m.storyStarted),
      )} Story Started in the period`}
    >
      <BarChart data={insights.months} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <XAxis {...monthAxis} />
        <YAxis {...axis} allowDecimals={false} width={44} tickFormatter={formatTick} />
        <ChartTooltip content={<ChartTooltipContent formatValue={formatCount} formatLabel={monthLabel} />} />
        <ChartLegend content={<ChartLegendContent />} />
        <Bar dataKey="leads" fill="var(--color-leads)" radius={3} isAnimationActive={false} />
        <Bar dataKey="storyStarted" fill="var(--color-storyStarted)" radius={3} isAnimationActive={false} />
      </BarChart>
    </ChartContainer>
  );
}

export function RewardsChart({ insights, brand }: { insights: InsightsDto; brand: string }) {
  const config = {
    rewardsPaid: { label: 'Paid', color: brand },
    rewardsOwed: { label: 'Owed', color: SECOND },
  } satisfies ChartConfig;
  const paid = insights.costPerNewPatient.rewardsPaid;
  const owed = sumPounds(insights.months.map((m) => m.rewardsOwed));
  return (
    <ChartContainer
      config={config}
      label={`Rewards by month of Story Started, in pounds: ${formatPounds(paid)} paid and ${formatPounds(owed)} owed in the period`}
    >
      <BarChart data={insights.months} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <XAxis {...monthAxis} />
        <YAxis {...axis} tickFormatter={formatPoundsTick} width={64} />
        <ChartTooltip content={<ChartTooltipContent formatValue={formatPounds} formatLabel={monthLabel} />} />
        <ChartLegend content={<ChartLegendContent />} />
        <Bar
          dataKey="rewardsPaid"
          stackId="rewards"
          fill="var(--color-rewardsPaid)"
          isAnimationActive={false}
        />
        <Bar
          dataKey="rewardsOwed"
          stackId="rewards"
          fill="var(--color-rewardsOwed)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartContainer>
  );
}

export function CostChart({ insights, brand }: { insights: InsightsDto; brand: string }) {
  const config = { costPerNewPatient: { label: 'Cost per new patient', color: brand } } satisfies ChartConfig;
  return (
    <ChartContainer
      config={config}
      label={`Cost per new patient by month; ${formatAmount(insights.costPerNewPatient.value)} over the period`}
    >
      <LineChart data={insights.months} accessibilityLayer={false} margin={{ top: 8, right: 12 }}>
        <CartesianGrid vertical={false} />
        <XAxis {...monthAxis} />
        <YAxis {...axis} tickFormatter={formatPoundsTick} width={64} />
        <ChartTooltip
          content={<ChartTooltipContent formatValue={(v) => formatAmount(v)} formatLabel={monthLabel} />}
        />
        <Line
          dataKey="costPerNewPatient"
          stroke="var(--color-costPerNewPatient)"
          strokeWidth={2}
          dot={{ r: 3, fill: 'var(--color-costPerNewPatient)' }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ChartContainer>
  );
}

export function TeamChart({ insights, brand }: { insights: InsightsDto; brand: string }) {
  const config = {
    visits: { label: 'Visits', color: SECOND },
    platformChosen: { label: 'Chose a platform', color: 'oklch(0.6 0.05 257)' },
    verifiedReviews: { label: 'Verified reviews', color: brand },
  } satisfies ChartConfig;
  const rows = insights.team.map((t) => ({ ...t, label: t.archived ? `${t.name} (archived)` : t.name }));
  return (
    <ChartContainer
      config={config}
      label={`Team Reviews per member: ${rows
        .map(
          (t) =>
            `${t.label} ${t.visits} visits, ${t.platformChosen} chose a platform, ${t.verifiedReviews} verified`,
        )
        .join('; ')}`}
      // A row of bars per member, each member's name beside them, however many there are.
      style={{ height: `${Math.max(14, rows.length * 4.5 + 4)}rem` }}
    >
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ right: 12 }}>
        <CartesianGrid horizontal={false} />
        <XAxis type="number" {...axis} allowDecimals={false} tickFormatter={formatTick} />
        <YAxis type="category" dataKey="label" {...axis} width={120} interval={0} />
        <ChartTooltip content={<ChartTooltipContent formatValue={formatCount} />} />
        <ChartLegend content={<ChartLegendContent />} />
        <Bar dataKey="visits" fill="var(--color-visits)" radius={3} isAnimationActive={false} />
        <Bar
          dataKey="platformChosen"
          fill="var(--color-platformChosen)"
          radius={3}
          isAnimationActive={false}
        />
        <Bar
          dataKey="verifiedReviews"
          fill="var(--color-verifiedReviews)"
          radius={3}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartContainer>
  );
}

const monthLabel = (value: unknown) => (typeof value === 'string' ? formatMonth(value) : String(value));
