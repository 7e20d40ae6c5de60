'use client';

import { Medal, Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/shared/load-states';
import type { ClientDto } from '@/lib/dto/clients';
import { cn } from '@/lib/utils';
import {
  fullName,
  leaderboardEntries,
  LEADERBOARD_SIZE,
  ordinal,
  type Medal as MedalName,
} from './referral-helpers';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/client/api';
import { leaderboardQuery } from './queries';

/** Gold, silver and bronze, each also written out: the colour is never the only sign. */
const MEDAL_CLASS: Record<MedalName, string> = {
  Gold: 'border-yellow-400 bg-yellow-100 text-yellow-900 [&>svg]:text-yellow-600',
  Silver: 'border-slate-400 bg-slate-100 text-slate-800 [&>svg]:text-slate-500',
  Bronze: 'border-orange-400 bg-orange-100 text-orange-900 [&>svg]:text-orange-700',
};

interface LeaderboardCardProps {
  /** Opens the client's row (putting it in the list when it is not loaded) and moves focus to it. */
  onShowClient: (client: ClientDto) => void;
}

/**
 * Clients ranked by referral count (spec section 2), medals for the top three. The server ranks them (the page
 * holds only some clients), and is asked again after each change made on the page.
 */
export function LeaderboardCard({ onShowClient }: LeaderboardCardProps) {
  // Asked for again whenever a referral changes on the page: every referral change invalidates the clients.
  const board = useQuery(leaderboardQuery());
  const state = board.isPending
    ? ({ status: 'loading' } as const)
    : board.isError && (board.data === undefined || !board.isFetching)
      ? ({ status: 'error', message: errorMessage(board.error) } as const)
      : ({ status: 'ready', clients: board.data ?? [] } as const);
  const retry = () => void board.refetch();
  const entries = state.status === 'ready' ? leaderboardEntries(state.clients) : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Trophy className="size-5 text-yellow-600" aria-hidden="true" />
            Referral Leaderboard
          </h2>
        </CardTitle>
        <CardDescription>
          The top {LEADERBOARD_SIZE} clients by number of referrals. A tie goes to the client registered
          first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {state.status === 'loading' && (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only" role="status">
              Loading the leaderboard...
            </span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        )}
        {state.status === 'error' && (
          <LoadError message={state.message} onRetry={retry} retryContext="to load the leaderboard" />
        )}
        {state.status === 'ready' && entries.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No referrals yet. Clients appear here once someone they referred is recorded.
          </p>
        )}
        {entries.length > 0 && (
          <ol aria-label="Referral leaderboard" className="divide-y">
            {entries.map(({ client, rank, count, medal }) => {
              const name = fullName(client);
              return (
                <li key={client.id} className="flex items-center gap-3 py-2">
                  <span className="w-[5.5rem] shrink-0">
                    {medal ? (
                      <span
                        className={cn(
                          'inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap [&>svg]:size-3.5',
                          MEDAL_CLASS[medal],
                        )}
                      >
                        <Medal aria-hidden="true" />
                        {ordinal(rank)} {medal}
                      </span>
                    ) : (
                      <span className="px-1.5 text-sm text-muted-foreground">{ordinal(rank)}</span>
                    )}
                  </span>
                  <div className="grid min-w-0 flex-1">
                    <Button
                      type="button"
                      variant="link"
                      className="h-auto justify-start p-0 text-left wrap-anywhere whitespace-normal text-foreground"
                      // The visible name first, as the label starts with it.
                      aria-label={`${name}: show in the client list`}
                      onClick={() => onShowClient(client)}
                    >
                      {name}
                    </Button>
                    {client.affiliateCompany && (
                      <span className="text-xs break-words text-muted-foreground">
                        {client.affiliateCompany}
                      </span>
                    )}
                  </div>
                  <span className="shrink-0 text-sm font-medium tabular-nums">
                    {count.toLocaleString('en-GB')} {count === 1 ? 'referral' : 'referrals'}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
