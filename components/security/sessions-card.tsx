'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { Loader2, MonitorSmartphone } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/shared/error-alert';
import { EmptyState, QueryState } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/client/api';
import { formatDateTime } from '@/lib/format';
import type { OwnSessionDto } from '@/lib/dto/account';
import { useEndSession } from './account-mutations';
import { ownSignInsQuery } from './account-queries';
import { SecurityCard } from './security-card';
import { RecordRow } from './sign-ins-card';

const ERROR_ID = 'sessions-error';

/**
 * 'Your sessions' (issue 31): every browser the account is signed in on now, this one marked, each with Sign
 * out. Signing out this browser goes to the login page.
 */
export function SessionsCard() {
  const query = useQuery(ownSignInsQuery());
  const end = useEndSession();
  const router = useRouter();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sessions = query.data?.sessions ?? [];

  async function signOut(session: OwnSessionDto) {
    setPendingId(session.id);
    setError(null);
    try {
      const ended = await end.mutateAsync({ params: { id: session.id } });
      if (ended.current) {
        // This browser is signed out (its cookie is cleared): on to the login page.
        router.replace('/login');
        return;
      }
      toast.success(`${session.browser} is signed out`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPendingId(null);
    }
  }

  return (
    <SecurityCard
      headingId="your-sessions-heading"
      icon={MonitorSmartphone}
      title="Your sessions"
      description="The browsers you are signed in on now. Sign out any you do not recognise or no longer use."
    >
      <QueryState query={query} loadingLabel="Loading your sessions..." rows={2} rowClassName="h-12">
        {error && <ErrorAlert id={ERROR_ID} message={error} />}
        {sessions.length === 0 ? (
          <EmptyState icon={MonitorSmartphone}>No live sessions.</EmptyState>
        ) : (
          <ul aria-label="Your sessions, newest first" className="divide-y">
            {sessions.map((s) => {
              const pending = pendingId === s.id;
              return (
                <RecordRow
                  key={s.id}
                  title={s.browser}
                  badge={s.current ? <Badge variant="success">This browser</Badge> : null}
                  at={s.startedAt}
                  method={s.method}
                  ip={s.ip}
                  action={
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="justify-self-start aria-disabled:opacity-50 sm:justify-self-end"
                      aria-disabled={pending || undefined}
                      aria-describedby={error ? ERROR_ID : undefined}
                      onClick={() => !pending && void signOut(s)}
                    >
                      {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
                      Sign out
                      <span className="sr-only">
                        {s.current
                          ? ' of this browser'
                          : ` ${s.browser}, signed in ${formatDateTime(s.startedAt)}`}
                      </span>
                    </Button>
                  }
                />
              );
            })}
          </ul>
        )}
      </QueryState>
    </SecurityCard>
  );
}
