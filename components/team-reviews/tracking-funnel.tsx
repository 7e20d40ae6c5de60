'use client';

import { useState } from 'react';
import { Filter } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import type { TeamFunnelDto, TeamFunnelRowDto } from '@/lib/dto/team';
import { reportYears } from '@/lib/period';
import { PeriodSelect } from '@/components/shared/period-select';
import { periodLabel, shareOf } from './team-text';
import type { TeamReviews } from './use-team-reviews';

type Figures = Omit<TeamFunnelRowDto, 'teamMemberId' | 'name' | 'archived'>;

function Steps({ f }: { f: Figures }) {
  const steps: [string, number, string, string][] = [
    ['Visits', f.visits, '', ''],
    [
      'Chose a platform',
      f.chosePlatform,
      shareOf(f.chosePlatform, f.visits),
      `Google ${f.choseGoogle.toLocaleString('en-GB')}, Trustpilot ${f.choseTrustpilot.toLocaleString('en-GB')}`,
    ],
    ['Verified reviews', f.verifiedReviews, shareOf(f.verifiedReviews, f.visits), ''],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {steps.map(([label, value, share, detail]) => (
        <div key={label} className="grid content-start gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">
            {value.toLocaleString('en-GB')}
            {share && (
              <span className="ml-1 text-xs font-normal text-muted-foreground">
                {share}
                <span className="sr-only"> of visits</span>
              </span>
            )}
          </dd>
          {detail && <dd className="text-xs text-muted-foreground">{detail}</dd>}
        </div>
      ))}
    </dl>
  );
}

/**
 * The tracking funnel of a month (issue 18): visits to each member's review page, the visitors who chose a
 * platform (a visit that chose none records none), and the verified reviews dated that month.
 */
export function TrackingFunnel({ team }: { team: TeamReviews }) {
  const { stats, funnelPeriod: period } = team;
  const [years] = useState(() => reportYears());
  const funnel: TeamFunnelDto | null = stats.status === 'ready' ? stats.data.funnel : null;
  const label = periodLabel(period);

  return (
    <Card role="region" aria-labelledby="funnel-heading">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Filter className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 id="funnel-heading">From Visit to Review</h2>
        </CardTitle>
        <CardDescription>
          For each team member in a month: visits to their review page, visitors who chose Google or
          Trustpilot, and reviews verified. Every visitor is offered both platforms.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <PeriodSelect idPrefix="funnel" period={period} years={years} onChange={team.setFunnelPeriod} />
        </div>

        {stats.status === 'loading' && (
          <LoadingRows label="Loading the funnel..." rows={2} className="h-16" />
        )}
        {stats.status === 'error' && (
          <LoadError message={stats.message} onRetry={() => team.retry('stats')} />
        )}
        {funnel && (
          <section aria-labelledby="funnel-month-heading" className="grid grid-cols-1 gap-3">
            <h3 id="funnel-month-heading" className="font-semibold">
              {periodLabel(funnel)}
              {stats.status === 'ready' && periodLabel(funnel) !== label && (
                <span className="ml-2 text-sm font-normal text-muted-foreground">Loading {label}...</span>
              )}
            </h3>
            {funnel.members.length === 0 ? (
              <EmptyState icon={Filter}>
                <p>No team members yet.</p>
              </EmptyState>
            ) : (
              <>
                <div className="grid gap-2 rounded-lg border p-3">
                  <p className="font-medium">Whole team</p>
                  <Steps f={funnel.totals} />
                </div>
                <ul
                  aria-label={`Visits to reviews per team member, ${periodLabel(funnel)}`}
                  className="grid gap-3"
                >
                  {funnel.members.map((m) => (
                    <li key={m.teamMemberId} className="grid gap-2 rounded-lg border p-3">
                      <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                        {m.name}
                        {m.archived && <Badge variant="outline">Archived</Badge>}
                      </p>
                      <Steps f={m} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
