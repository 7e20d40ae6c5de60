'use client';

import { Download, History } from 'lucide-react';
import { LoadMore } from '@/components/shared/load-more';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TeamBonusAuditEntryDto } from '@/lib/dto/team';
import { fileUrl } from '@/lib/contract/client';
import * as team from '@/lib/contract/team';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatPounds } from '@/lib/money';
import { countLabel } from './team-text';
import type { Load } from './use-team-reviews';

interface BonusAuditLogProps {
  load: Load<{ entries: TeamBonusAuditEntryDto[]; nextCursor: string | null }>;
  more: { loading: boolean; error: string | null };
  onRetry: () => void;
  onLoadMore: () => void;
}

/** 'Bonus Audit Log' (issue 18): every team bonus paid and undone, newest first, like the referral payments'. */
export function BonusAuditLog({ load, more, onRetry, onLoadMore }: BonusAuditLogProps) {
  const log = load.status === 'ready' ? load.data : null;
  return (
    <Card role="region" aria-labelledby="team-audit-heading">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 id="team-audit-heading">Bonus Audit Log</h2>
        </CardTitle>
        <CardDescription className="col-start-1">
          Every team bonus marked paid and every payment undone, with who did it and when.
        </CardDescription>
        <CardAction className="col-start-1 row-span-1 row-start-3 justify-self-start sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:justify-self-end">
          <Button asChild variant="outline" size="sm">
            <a href={fileUrl(team.auditCsv)} download>
              <Download aria-hidden="true" />
              Download Audit CSV
              <span className="sr-only"> of team bonuses</span>
            </a>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {load.status === 'loading' && (
          <LoadingRows label="Loading the bonus audit log..." rows={3} className="h-12" />
        )}
        {load.status === 'error' && <LoadError message={load.message} onRetry={onRetry} />}
        {log && log.entries.length === 0 && (
          <EmptyState icon={History}>
            <p>No team bonus has been paid yet.</p>
          </EmptyState>
        )}
        {log && log.entries.length > 0 && (
          <ol aria-label="Team bonus payments, newest first" className="divide-y">
            {log.entries.map((e) => (
              <li
                key={e.id}
                className="grid gap-1 py-3 sm:grid-cols-[7.5rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4"
              >
                <div className="flex items-center gap-2 sm:grid sm:justify-items-start sm:gap-1">
                  <Badge variant={e.action === 'bonus_paid' ? 'success' : 'warning'}>
                    {e.action === 'bonus_paid' ? 'Paid' : 'Undone'}
                  </Badge>
                  <span className="font-semibold tabular-nums">{formatPounds(e.amount)}</span>
                </div>
                <p className="min-w-0 break-words">
                  <span className="font-medium">{e.memberName}</span>
                  <span className="text-muted-foreground"> for the review by </span>
                  <span className="font-medium">{e.reviewerName}</span>
                  {e.reviewDate && (
                    <span className="text-muted-foreground">
                      {' '}
                      of <time dateTime={e.reviewDate}>{formatDate(e.reviewDate)}</time>
                    </span>
                  )}
                </p>
                <p className="min-w-0 text-sm text-muted-foreground sm:text-right">
                  <span className="break-all">by {e.performedBy}</span>
                  <br />
                  <time dateTime={e.timestamp}>{formatDateTime(e.timestamp)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
        {log && log.entries.length > 0 && (
          <LoadMore
            shownText={`Showing the latest ${countLabel(log.entries.length, 'entry', 'entries')}`}
            label="Load more"
            srLabel="of the bonus audit log"
            hasMore={log.nextCursor !== null}
            loading={more.loading}
            error={more.error}
            onLoadMore={onLoadMore}
          />
        )}
      </CardContent>
    </Card>
  );
}
