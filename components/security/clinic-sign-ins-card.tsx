'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { QueryLoadMore } from '@/components/shared/load-more';
import { EmptyState, QueryState } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { formatCount } from '@/lib/format';
import { clinicSignInsPages } from './account-queries';
import { RecordCard, RecordRow } from './sign-ins-card';

/**
 * 'Sign-ins across the clinic' (issue 31, full admins): every staff member's sign-ins, newest first, 50 at a
 * time with Load more; a browser new to its account is marked.
 */
export function ClinicSignInsCard({ className }: { className?: string }) {
  const query = useInfiniteQuery(clinicSignInsPages());
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return (
    <RecordCard
      headingId="clinic-sign-ins-heading"
      icon={Users}
      title="Sign-ins across the clinic"
      description="Every staff member’s sign-ins, newest first."
      className={className}
    >
      <QueryState query={query} loadingLabel="Loading the clinic’s sign-ins..." rows={3} rowClassName="h-12">
        {items.length === 0 ? (
          <EmptyState icon={Users}>No one has signed in yet.</EmptyState>
        ) : (
          <>
            <ol aria-label="Sign-ins across the clinic, newest first" className="divide-y">
              {items.map((s) => (
                <RecordRow
                  key={s.id}
                  title={<span className="break-all">{s.email}</span>}
                  badge={
                    <>
                      <span className="font-normal text-muted-foreground">{s.browser}</span>
                      {s.newBrowser && <Badge variant="warning">New browser</Badge>}
                    </>
                  }
                  at={s.at}
                  method={s.method}
                  ip={s.ip}
                />
              ))}
            </ol>
            <QueryLoadMore
              query={query}
              shownText={`Showing ${formatCount(items.length)} of ${formatCount(total)} sign-ins`}
              label="Load more"
              srLabel="sign-ins"
            />
          </>
        )}
      </QueryState>
    </RecordCard>
  );
}
