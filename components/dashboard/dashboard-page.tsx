import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { SearchParams } from 'nuqs/server';
import { loadDashboardParams, listParams } from '@/components/clients/table-params';
import { CLIENT_PAGE_SIZE } from '@/components/clients/queries';
import { publicOrigin } from '@/lib/api/origin';
import { requirePageUser } from '@/lib/auth/current-user';
import { clientKeys, inboxKeys } from '@/lib/query/keys';
import { INBOX_PAGE_SIZE } from '@/components/inbox/queries';
import { FailedMessagesAlert } from '@/components/messages/failed-messages-alert';
import { BackupWarning } from '@/components/backups/backup-warning';
import { backupStatusAnswer } from '@/lib/backup/answer';
import { listInbox } from '@/lib/services/inbox';
import { listMatches } from '@/lib/services/practice/list';
import { proposedCountQuery } from '@/components/practice/queries';
import { messageSummary } from '@/lib/services/messages';
import { makeQueryClient } from '@/lib/query/query-client';
import { clientCount, listClients } from '@/lib/services/clients';
import { appOrigin, appUrlIsDefault } from '@/lib/env';
import { appUrlState } from '@/lib/local-address';
import { getSettings } from '@/lib/services/settings';
import { Dashboard } from './dashboard';
import { SetupChecklist, setupSteps } from './setup-checklist';

/**
 * The dashboard's server render (both of its addresses): the client count, and the first page of the clients
 * table when the URL opens that tab, are fetched here and handed to the browser's query cache, so the first
 * view paints with them rather than a loading state.
 */
export async function DashboardPage({
  path,
  searchParams,
}: {
  path: string;
  searchParams: Promise<SearchParams>;
}) {
  const user = await requirePageUser(path);
  const { tab, ...table } = await loadDashboardParams(searchParams);
  const params = listParams(table);
  const queryClient = makeQueryClient();
  const viewer = { origin: publicOrigin(), isFullAdmin: user.isFullAdmin };
  await Promise.all([
    queryClient.prefetchQuery({ queryKey: clientKeys.count(), queryFn: () => clientCount() }),
    // The new-referrals inbox paints with its leads, and the badge with their number.
    queryClient.prefetchInfiniteQuery({
      queryKey: inboxKeys.list(),
      initialPageParam: null,
      queryFn: async () => ({ ...(await listInbox({ limit: INBOX_PAGE_SIZE })), headers: {} }),
    }),
    // Issue 34: how many proposals from the practice's records wait, for the prompt above the inbox.
    queryClient.prefetchQuery({
      queryKey: proposedCountQuery().queryKey,
      queryFn: async () => (await listMatches({ status: 'proposed', limit: 1 })).total,
    }),
    // The table when the first view shows it (the Add Client tab loads it in the browser meanwhile).
    tab === 'clients' &&
      queryClient.prefetchInfiniteQuery({
        queryKey: clientKeys.list(params),
        initialPageParam: null,
        queryFn: async () => {
          const { q, ...rest } = params;
          const page = await listClients(
            {
              ...rest,
              q: q || undefined,
              dir: rest.dir ?? undefined,
              limit: CLIENT_PAGE_SIZE,
              withReferrals: false,
            },
            viewer,
          );
          return { ...page, headers: {} };
        },
      }),
  ]);
  // Full admins' own reads, side by side: the settings behind what is left to set up before the pages go in
  // front of patients, the failed messages, and whether backups stopped (none yet, older than 36 hours, or the
  // last failed: issue 32).
  const [settings, summary, backups] = user.isFullAdmin
    ? await Promise.all([getSettings(), messageSummary(), backupStatusAnswer(1)])
    : [null, null, null];
  const steps = settings
    ? setupSteps(settings, {
        appUrl: appUrlState(appOrigin(), appUrlIsDefault()),
        appOrigin: appOrigin(),
        mailSet: Boolean(process.env.SMTP_URL),
      })
    : null;
  const inboxTotal = queryClient.getQueryData<{ pages: { total: number }[] }>(inboxKeys.list())?.pages[0]
    ?.total;
  if (inboxTotal !== undefined) queryClient.setQueryData(inboxKeys.count(), inboxTotal);
  const failed = summary?.failed ?? 0;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Dashboard
        isFullAdmin={user.isFullAdmin}
        checklist={steps && <SetupChecklist steps={steps} />}
        failedMessages={
          <>
            {failed > 0 && <FailedMessagesAlert count={failed} />}
            {backups?.warning && <BackupWarning status={backups} />}
          </>
        }
      />
    </HydrationBoundary>
  );
}
