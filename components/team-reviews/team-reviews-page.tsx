import type { LucideIcon } from 'lucide-react';
import { BadgeCheck, PoundSterling, ScanLine, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';

interface Panel {
  value: string;
  label: string;
  icon: LucideIcon;
  empty: string;
  adminOnly: boolean;
}

const PANELS: Panel[] = [
  {
    value: 'team-members',
    label: 'Team Members',
    icon: Users,
    empty: 'No team members yet.',
    adminOnly: false,
  },
  {
    value: 'verify-reviews',
    label: 'Verify Reviews',
    icon: BadgeCheck,
    empty: 'No reviews are waiting for verification.',
    adminOnly: true,
  },
  {
    value: 'scan-tracking',
    label: 'Scan Tracking & Leaderboard',
    icon: ScanLine,
    empty: 'No review QR codes have been scanned yet.',
    adminOnly: false,
  },
  {
    value: 'bonus-payments',
    label: 'Bonus Payments',
    icon: PoundSterling,
    empty: 'No bonus payments yet.',
    adminOnly: true,
  },
];

// Long labels must wrap inside their column on a 375 px phone rather than overflow the tab bar.
const triggerClass = 'h-full min-h-9 px-1.5 py-1.5 text-xs leading-tight whitespace-normal sm:text-sm';

export function TeamReviewsPage({ isFullAdmin }: { isFullAdmin: boolean }) {
  const panels = PANELS.filter((p) => isFullAdmin || !p.adminOnly);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Rewards for Reviews</h1>
        <Badge variant="warning">Coming Soon</Badge>
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

        {panels.map(({ value, icon: Icon, empty }) => (
          <TabsContent key={value} value={value}>
            <Card>
              <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
                <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="text-sm text-muted-foreground">{empty}</p>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
