import type { Metadata } from 'next';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { SearchParams } from 'nuqs/server';
import { InsightsView } from '@/components/insights/insights-view';
import { insightsKey, loadInsightsParams } from '@/components/insights/queries';
import { requirePageUser } from '@/lib/auth/current-user';
import { makeQueryClient } from '@/lib/query/query-client';
import { getInsights } from '@/lib/services/insights';
import { getSettings } from '@/lib/services/settings';

export const metadata: Metadata = { title: 'Insights' };

/** The owner's view (issue 20), for full admins: the period the URL asks for is fetched here, so it paints at once. */
export default async function InsightsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePageUser('/insights');
  if (!user.isFullAdmin) {
    return (
      <div className="grid gap-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Insights</h1>
        <p className="text-muted-foreground">Only a full admin can see the programme’s figures.</p>
      </div>
    );
  }
  const { months } = await loadInsightsParams(searchParams);
  const queryClient = makeQueryClient();
  const [settings] = await Promise.all([
    getSettings(),
    queryClient.prefetchQuery({ queryKey: insightsKey(months), queryFn: () => getInsights(months) }),
  ]);
  return (
    <div className="grid gap-2">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Insights</h1>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <InsightsView brand={settings.brandColour ?? 'var(--primary)'} />
      </HydrationBoundary>
    </div>
  );
}
