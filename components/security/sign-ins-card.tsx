'use client';

import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { EmptyState, QueryState } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { ownSignInsQuery } from './account-queries';
import { SecurityCard } from './security-card';

/** One line of a sign-in or session: the browser, the time, how, and from where; stacked on a phone. */
export function RecordRow({
  title,
  badge,
  at,
  method,
  ip,
  action,
}: {
  title: ReactNode;
  badge?: ReactNode;
  at: string;
  method: string;
  ip: string | null;
  action?: ReactNode;
}) {
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {title}
          {badge}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={at}>{formatDateTime(at)}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {method}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, from </span>
          <span className="break-all">{ip ?? 'an unknown address'}</span>
        </p>
      </div>
      {action}
    </li>
  );
}

/**
 * 'Recent sign-ins' (issue 31): the signed-in account's last 20 sign-ins, newest first, with the browser, how
 * and from where; a browser new to the account is marked (an email said so at the time).
 */
export function SignInsCard() {
  const query = useQuery(ownSignInsQuery());
  const signIns = query.data?.signIns ?? [];
  return (
    <SecurityCard
      headingId="recent-sign-ins-heading"
      icon={History}
      title="Recent sign-ins"
      description="Your last 20 sign-ins. If one was not you, change your password and sign out your other sessions."
    >
      <QueryState query={query} loadingLabel="Loading your recent sign-ins..." rows={3} rowClassName="h-12">
        {signIns.length === 0 ? (
          <EmptyState icon={History}>No sign-ins recorded yet.</EmptyState>
        ) : (
          <ol aria-label="Your sign-ins, newest first" className="divide-y">
            {signIns.map((s) => (
              <RecordRow
                key={s.id}
                title={s.browser}
                badge={s.newBrowser ? <Badge variant="warning">New browser</Badge> : null}
                at={s.at}
                method={s.method}
                ip={s.ip}
              />
            ))}
          </ol>
        )}
      </QueryState>
    </SecurityCard>
  );
}
