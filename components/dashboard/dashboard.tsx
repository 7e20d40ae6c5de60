import type { LucideIcon } from 'lucide-react';
import { PoundSterling, UserPlus, Users } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';

interface DashboardProps {
  clientCount: number;
  isFullAdmin: boolean;
}

// Long labels must wrap inside their column on a 375 px phone rather than overflow the tab bar.
const triggerClass = 'h-full min-h-9 px-1.5 py-1.5 text-xs leading-tight whitespace-normal sm:text-sm';

function EmptyPanel({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

function clientsText(count: number): string {
  if (count === 0) return 'No clients yet. Clients you add appear here with their referrals.';
  const n = count.toLocaleString('en-GB');
  return `${n} ${count === 1 ? 'client is' : 'clients are'} registered. Their referrals will be listed here.`;
}

export function Dashboard({ clientCount, isFullAdmin }: DashboardProps) {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Referral Reward Card</h1>

      <Tabs defaultValue="add-client" className="gap-4">
        <TabsList className={cn('grid h-auto w-full', isFullAdmin ? 'grid-cols-3' : 'grid-cols-2')}>
          <TabsTrigger value="add-client" className={triggerClass}>
            Add Client
          </TabsTrigger>
          <TabsTrigger value="clients" className={triggerClass}>
            Clients & Referrals ({clientCount.toLocaleString('en-GB')})
          </TabsTrigger>
          {isFullAdmin && (
            <TabsTrigger value="payments" className={triggerClass}>
              Payments & Reporting
            </TabsTrigger>
          )}
        </TabsList>

        <TabsContent value="add-client">
          <EmptyPanel icon={UserPlus}>Register a client to generate their referral reward card.</EmptyPanel>
        </TabsContent>
        <TabsContent value="clients">
          <EmptyPanel icon={Users}>{clientsText(clientCount)}</EmptyPanel>
        </TabsContent>
        {isFullAdmin && (
          <TabsContent value="payments">
            <EmptyPanel icon={PoundSterling}>
              No conversions yet. Rewards owed and paid will be reported here.
            </EmptyPanel>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
