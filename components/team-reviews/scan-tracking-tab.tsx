'use client';

import { useMemo } from 'react';
import { PoundSterling, ScanLine, Trophy } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TeamStatsDto } from '@/lib/dto/team';
import { formatPounds } from '@/lib/money';
import { LeaderboardList } from './leaderboard-list';
import { TrackingFunnel } from './tracking-funnel';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { MembersLoadState, RefreshAction, RefreshStatus, useRefresh } from './tab-parts';
import { bonusLeaderboard, reviewLeaderboard } from './leaderboards';
import { countLabel, memberName } from './team-text';
import type { TeamReviews } from './use-team-reviews';

function Totals({ stats }: { stats: TeamStatsDto }) {
  const figures: [string, number][] = [
    ['Total scans', stats.totalScans],
    ['Unique visitors', stats.uniqueVisitors],
    ['Pending verification', stats.pendingScans],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Scan totals">
      {figures.map(([label, value]) => (
        <div key={label} className="grid grid-cols-1 content-start gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums sm:text-2xl">{value.toLocaleString('en-GB')}</dd>
        </div>
      ))}
    </dl>
  );
}

const WHAT = 'the scan figures';

/** The Scan Tracking & Leaderboard tab (all staff): totals, scans per member and the leaderboards. */
export function ScanTrackingTab({ team }: { team: TeamReviews }) {
  const { stats, members } = team;
  const { refreshing, refresh } = useRefresh(() => team.refresh('stats', 'members', 'scans'));
  const rows = stats.status === 'ready' ? stats.data.leaderboard : null;
  const byReviews = useMemo(() => (rows ? reviewLeaderboard(rows) : []), [rows]);
  const byBonus = useMemo(() => (rows ? bonusLeaderboard(rows) : []), [rows]);
  const anyEarned = byBonus.some((e) => e.score > 0);

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card role="region" aria-labelledby="scan-tracking-heading">
        <CardHeader>
          <CardTitle>
            <h2 id="scan-tracking-heading">Scan Tracking</h2>
          </CardTitle>
          <CardDescription>Visits to the team’s review pages from their QR codes and links.</CardDescription>
          <RefreshAction what={WHAT} refreshing={refreshing} onRefresh={refresh} />
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6">
          <RefreshStatus what={WHAT} refreshing={refreshing} />
          {stats.status === 'loading' && (
            <LoadingRows label="Loading scan totals..." rows={1} className="h-16" />
          )}
          {stats.status === 'error' && (
            <LoadError message={stats.message} onRetry={() => team.retry('stats')} />
          )}
          {stats.status === 'ready' && <Totals stats={stats.data} />}
          {stats.status === 'ready' && stats.data.totalScans === 0 && (
            <EmptyState icon={ScanLine}>
              <p>No review QR codes have been scanned yet.</p>
              <p>Scans appear here when someone opens a team member’s review page.</p>
            </EmptyState>
          )}

          <section aria-labelledby="scans-per-member-heading" className="grid grid-cols-1 gap-3">
            <h3 id="scans-per-member-heading" className="font-semibold">
              Scans per Team Member
            </h3>
            <MembersLoadState team={team} list="scans" />
            {members.status === 'ready' && members.data.length > 0 && (
              <ul aria-label="Scans per team member" className="divide-y rounded-lg border">
                {members.data.map((m) => {
                  const name = memberName(m);
                  return (
                    <li
                      key={m.id}
                      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2"
                    >
                      <span className="min-w-0 font-medium break-words">{name}</span>
                      <span className="flex flex-wrap gap-x-3 text-sm text-muted-foreground tabular-nums">
                        <span>{countLabel(m.scans, 'scan')}</span>
                        <span>{countLabel(m.uniqueVisitors, 'unique visitor')}</span>
                        <span>{countLabel(m.reviewsCount, 'review')}</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </CardContent>
      </Card>

      <TrackingFunnel team={team} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card role="region" aria-labelledby="review-leaderboard-heading">
          <CardHeader>
            <CardTitle>
              <h2 id="review-leaderboard-heading" className="flex items-center gap-2">
                <Trophy className="size-5 text-yellow-600" aria-hidden="true" />
                Review Leaderboard
              </h2>
            </CardTitle>
            <CardDescription>
              Team members ranked by verified reviews. Members with the same number share a place.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {stats.status === 'loading' && (
              <LoadingRows label="Loading the leaderboard..." rows={3} className="h-9" />
            )}
            {stats.status === 'error' && (
              <LoadError message={stats.message} onRetry={() => team.retry('stats')} />
            )}
            {stats.status === 'ready' && byReviews.length === 0 && (
              <EmptyState icon={Trophy}>
                <p>No team members yet.</p>
              </EmptyState>
            )}
            {byReviews.length > 0 && (
              <LeaderboardList
                label="Review leaderboard"
                entries={byReviews}
                value={(e) => countLabel(e.row.reviewsCount, 'review')}
                detail={(e) => countLabel(e.row.scans, 'scan')}
              />
            )}
          </CardContent>
        </Card>

        {/* The spec's team-bonus leaderboard panel has no tab of its own: it lives here, beside the reviews. */}
        <Card role="region" aria-labelledby="bonus-leaderboard-heading">
          <CardHeader>
            <CardTitle>
              <h2 id="bonus-leaderboard-heading" className="flex items-center gap-2">
                <PoundSterling className="size-5 text-green-700" aria-hidden="true" />
                Team Bonus Leaderboard
              </h2>
            </CardTitle>
            <CardDescription>Bonuses earned from verified reviews, all time.</CardDescription>
          </CardHeader>
          <CardContent>
            {stats.status === 'loading' && (
              <LoadingRows label="Loading the team bonuses..." rows={3} className="h-8" />
            )}
            {stats.status === 'error' && (
              <LoadError message={stats.message} onRetry={() => team.retry('stats')} />
            )}
            {stats.status === 'ready' && !anyEarned && (
              <EmptyState icon={PoundSterling}>
                <p>No bonuses earned yet.</p>
              </EmptyState>
            )}
            {anyEarned && (
              <LeaderboardList
                label="Team bonus leaderboard"
                compact
                entries={byBonus.filter((e) => e.score > 0)}
                value={(e) => formatPounds(e.row.totalEarned)}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
