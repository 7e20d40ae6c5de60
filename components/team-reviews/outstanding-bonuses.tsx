'use client';

import { CircleCheck, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import type { TeamOutstandingDto } from '@/lib/dto/team';
import { formatPounds } from '@/lib/money';
import { owedByMonth } from './payroll';
import { countLabel, periodLabel, type Period } from './team-text';
import type { Load } from './use-team-reviews';

/**
 * 'Outstanding bonuses' (issue 18): every verified, unpaid review of any month, so that one left unpaid in an
 * earlier month is not missed. Each month opens in the bonus sheet below, where it is paid.
 */
export function OutstandingBonuses({
  load,
  onRetry,
  onOpenMonth,
}: {
  load: Load<TeamOutstandingDto>;
  onRetry: () => void;
  onOpenMonth: (period: Period) => void;
}) {
  const data = load.status === 'ready' ? load.data : null;
  return (
    <Card role="region" aria-labelledby="outstanding-bonuses-heading">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Wallet className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 id="outstanding-bonuses-heading">Outstanding Bonuses</h2>
          {data && data.count > 0 && <Badge variant="warning">{formatPounds(data.total)}</Badge>}
        </CardTitle>
        <CardDescription>
          Every verified review whose bonus is not paid yet, of any month, oldest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {load.status === 'loading' && (
          <LoadingRows label="Loading outstanding bonuses..." rows={2} className="h-12" />
        )}
        {load.status === 'error' && <LoadError message={load.message} onRetry={onRetry} />}
        {data && data.count === 0 && (
          <EmptyState icon={CircleCheck}>
            <p>Every verified review’s bonus is paid.</p>
          </EmptyState>
        )}
        {data && data.count > 0 && (
          <ul aria-label="Outstanding bonuses by team member" className="divide-y">
            {data.members.map((m) => (
              <li key={m.teamMemberId} className="grid gap-2 py-3">
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium break-words">{m.name}</span>
                  {m.archived && <Badge variant="outline">Archived</Badge>}
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {countLabel(m.reviews.length, 'review')} · {formatPounds(m.total)}
                  </span>
                </p>
                <div className="flex flex-wrap gap-2">
                  {owedByMonth(m.reviews).map(({ period, count, total }) => (
                    <Button
                      key={`${period.year}-${period.month}`}
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => onOpenMonth(period)}
                    >
                      {periodLabel(period)}: {formatPounds(total)}
                      <span className="sr-only">
                        {' '}
                        owed to {m.name} for {countLabel(count, 'review')}; open the month
                      </span>
                    </Button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
