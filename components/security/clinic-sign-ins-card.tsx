'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { clinicSignInsPages } from './account-queries';
import { PagedRecords } from './paged-records';
import { SecurityCard } from './security-card';
import { RecordRow } from './sign-ins-card';

/**
 * 'Sign-ins across the clinic' (issue 31, full admins): every staff member's sign-ins, newest first, 50 at a
 * time with Load more; a browser new to its account is marked.
 */
export function ClinicSignInsCard({ className }: { className?: string }) {
  const query = useInfiniteQuery(clinicSignInsPages());
  return (
    <SecurityCard
      headingId="clinic-sign-ins-heading"
      icon={Users}
      title="Sign-ins across the clinic"
      description="Every staff member’s sign-ins, newest first."
      className={className}
    >
      <PagedRecords
        query={query}
        loadingLabel="Loading the clinic’s sign-ins..."
        emptyIcon={Users}
        emptyText="No one has signed in yet."
        listLabel="Sign-ins across the clinic, newest first"
        noun="sign-ins"
        renderItem={(s) => (
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
        )}
      />
    </SecurityCard>
  );
}
