'use client';

import { useMemo, useState } from 'react';
import { CalendarSearch, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fileUrl } from '@/lib/contract/client';
import { payrollCsv } from '@/lib/contract/team';
import type { TeamBonusMonthDto } from '@/lib/dto/team';
import { formatPounds, sumPounds } from '@/lib/money';
import { reportYears } from '@/lib/period';
import { PeriodSelect } from '@/components/shared/period-select';
import { BonusAuditLog } from './bonus-audit-log';
import { BonusMemberGroup } from './bonus-member-group';
import { OutstandingBonuses } from './outstanding-bonuses';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { countLabel, periodLabel, type Period } from './team-text';
import type { Load, TeamReviews } from './use-team-reviews';

function Totals({ month }: { month: TeamBonusMonthDto }) {
  const reviews = month.members.reduce((n, m) => n + m.reviews.length, 0);
  const sum = (pick: (m: TeamBonusMonthDto['members'][number]) => number) =>
    sumPounds(month.members.map(pick));
  const figures: [string, string][] = [
    ['Owed', formatPounds(sum((m) => m.totalOwed))],
    ['Paid', formatPounds(sum((m) => m.totalPaid))],
    ['Reviews', reviews.toLocaleString('en-GB')],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {figures.map(([label, value]) => (
        <div key={label} className="grid grid-cols-1 gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function announcement(load: Load<TeamBonusMonthDto>, label: string): string {
  if (load.status === 'loading') return `Loading the ${label} team bonuses...`;
  if (load.status === 'error') return '';
  const reviews = load.data.members.reduce((n, m) => n + m.reviews.length, 0);
  return reviews === 0
    ? `${label}: no verified reviews.`
    : `${label}: ${countLabel(reviews, 'review')} found.`;
}

const SUMMARY_HEADING_ID = 'bonus-summary-heading';

/**
 * The Bonus Payments tab (full admins): what is owed across every month; a month's reviews per member, paid one
 * by one or all at once, and its sheet for payroll; the audit log of every payment and undo.
 */
export function BonusPaymentsTab({ team }: { team: TeamReviews }) {
  const { month, period, outstanding } = team;
  const [recentYears] = useState(() => reportYears());
  // The years offered: the recent ones, and any older year with a bonus still owed (any date can be paid).
  const years = useMemo(() => {
    const owed = outstanding.status === 'ready' ? outstanding.data.members.flatMap((m) => m.reviews) : [];
    const all = new Set([...recentYears, period.year, ...owed.map((r) => Number(r.date.slice(0, 4)))]);
    return [...all].sort((a, b) => a - b);
  }, [recentYears, outstanding, period.year]);

  function openMonth(target: Period) {
    team.setPeriod(target);
    const heading = document.getElementById(SUMMARY_HEADING_ID);
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading?.focus({ preventScroll: true });
  }
  const label = periodLabel(period);
  const data = month.status === 'ready' ? month.data : null;
  // The figures shown are those of the month that was loaded.
  const shown = data ? { year: data.year, month: data.month } : period;

  return (
    <div className="grid grid-cols-1 gap-6">
      <OutstandingBonuses
        load={outstanding}
        onRetry={() => team.retry('outstanding')}
        onOpenMonth={openMonth}
      />
      <Card role="region" aria-labelledby="bonus-payments-heading">
        <CardHeader>
          <CardTitle>
            <h2 id="bonus-payments-heading">Bonus Payments</h2>
          </CardTitle>
          <CardDescription>
            The bonus each team member earned for verified reviews dated in a month: mark them paid one by one
            or all at once, and download the month’s sheet for payroll. The bonus is per verified review,
            never per star rating.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6">
          <div className="flex flex-wrap items-end gap-3">
            <PeriodSelect idPrefix="bonus" period={period} years={years} onChange={team.setPeriod} />
          </div>

          <section
            aria-labelledby="bonus-summary-heading"
            aria-busy={month.status === 'loading' || undefined}
            className="grid grid-cols-1 gap-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3
                id={SUMMARY_HEADING_ID}
                tabIndex={-1}
                className="rounded-sm text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {label} Team Bonuses
              </h3>
              <Button asChild variant="outline" size="sm">
                <a
                  href={fileUrl(payrollCsv, {
                    query: { year: String(period.year), month: String(period.month) },
                  })}
                  download
                >
                  <Download aria-hidden="true" />
                  Payroll CSV
                  <span className="sr-only"> for {label}</span>
                </a>
              </Button>
            </div>

            {/* Always present, so that screen readers hear what a change of month found. */}
            <p className="sr-only" role="status">
              {announcement(month, label)}
            </p>

            {month.status === 'loading' && <LoadingRows label="" rows={2} className="h-28" />}
            {month.status === 'error' && (
              <LoadError message={month.message} onRetry={() => team.retry('month')} />
            )}

            {data && data.members.length === 0 && (
              <EmptyState icon={CalendarSearch}>
                <p>No verified reviews dated in {periodLabel(shown)}.</p>
              </EmptyState>
            )}

            {data && data.members.length > 0 && (
              <>
                <Totals month={data} />
                <ul aria-label={`Team bonuses, ${periodLabel(shown)}`} className="grid grid-cols-1 gap-3">
                  {data.members.map((member) => (
                    <BonusMemberGroup
                      key={member.teamMemberId}
                      member={member}
                      period={shown}
                      isBusy={team.isBusy}
                      isUndoable={(id) => team.undoable.has(id)}
                      bulkPaid={team.bulkUndoFor(member.teamMemberId, shown)}
                      onMarkPaid={(r) => void team.markPaid(r)}
                      onUndo={(r) => void team.undoPaid(r)}
                      onPayAll={(m) => void team.payAll(m, shown)}
                      onUndoBulk={(m) => void team.undoBulk(m, shown)}
                    />
                  ))}
                </ul>
              </>
            )}
          </section>
        </CardContent>
      </Card>
      <BonusAuditLog
        load={team.audit}
        more={team.moreAudit}
        onRetry={team.retryAudit}
        onLoadMore={team.loadMoreAudit}
      />
    </div>
  );
}
