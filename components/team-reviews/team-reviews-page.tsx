'use client';

import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { BonusPaymentsTab } from './bonus-payments-tab';
import { MembersTab } from './members-tab';
import { ScanTrackingTab } from './scan-tracking-tab';
import { useTeamReviews, type TeamReviews } from './use-team-reviews';
import { VerifyTab } from './verify-tab';

interface Panel {
  value: string;
  label: string;
  adminOnly: boolean;
  render: (team: TeamReviews, isFullAdmin: boolean) => ReactNode;
}

/** Spec section 2: the tabs, in order; Verify Reviews and Bonus Payments for full admins only (section 6). */
const PANELS: Panel[] = [
  {
    value: 'team-members',
    label: 'Team Members',
    adminOnly: false,
    render: (team, isFullAdmin) => <MembersTab team={team} isFullAdmin={isFullAdmin} />,
  },
  {
    value: 'verify-reviews',
    label: 'Verify Reviews',
    adminOnly: true,
    render: (team) => <VerifyTab team={team} />,
  },
  {
    value: 'scan-tracking',
    label: 'Scan Tracking & Leaderboard',
    adminOnly: false,
    render: (team) => <ScanTrackingTab team={team} />,
  },
  {
    value: 'bonus-payments',
    label: 'Bonus Payments',
    adminOnly: true,
    render: (team) => <BonusPaymentsTab team={team} />,
  },
];

// Long labels must wrap inside their column on a 375 px phone rather than overflow the tab bar.
const triggerClass = 'h-full min-h-9 px-1.5 py-1.5 text-xs leading-tight whitespace-normal sm:text-sm';

/** 'Rewards for Reviews' (spec section 2): the team's review programme on real data. */
export function TeamReviewsPage({ isFullAdmin }: { isFullAdmin: boolean }) {
  const team = useTeamReviews(isFullAdmin);
  const panels = PANELS.filter((p) => isFullAdmin || !p.adminOnly);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Rewards for Reviews</h1>
      </div>

      <Tabs defaultValue="team-members" className="gap-4">
        {/* Four columns for full admins (two rows of two on phones, where four would not fit), two otherwise. */}
        <TabsList className={cn('grid h-auto w-full grid-cols-2', isFullAdmin && 'sm:grid-cols-4')}>
          {panels.map((p) => (
            <TabsTrigger key={p.value} value={p.value} className={triggerClass}>
              {p.label}
            </TabsTrigger>
          ))}
        </TabsList>

        {/* Every panel stays mounted (hidden when not chosen), so that what was typed in one survives a visit
            to another. */}
        {panels.map((p) => (
          <TabsContent key={p.value} value={p.value} forceMount className="data-[state=inactive]:hidden">
            {p.render(team, isFullAdmin)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
