'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { EmptyState, QueryState } from '@/components/shared/load-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ClientImportDto, ImportStatus } from '@/lib/dto/imports';
import { formatDateTime } from '@/lib/format';
import { historyFigures, STATUS_LABELS } from './import-helpers';
import { importHistoryQuery } from './queries';

const BADGE: Record<ImportStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  preview: 'outline',
  running: 'default',
  done: 'secondary',
  failed: 'destructive',
  cancelled: 'outline',
  undone: 'outline',
};

/** The recent imports, newest first: who, when, which file, the figures and the state; each opens its page. */
export function ImportHistory({ currentId }: { currentId: string | null }) {
  const history = useQuery({
    ...importHistoryQuery(),
    // A running import's line moves with it.
    refetchInterval: (query: { state: { data?: ClientImportDto[] } }) =>
      query.state.data?.some((i) => i.status === 'running') ? 5_000 : false,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent imports</h2>
        </CardTitle>
        <CardDescription>
          Every import is recorded: who uploaded which file, when, and what it did.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={history} loadingLabel="Loading the recent imports..." rows={2} rowClassName="h-14">
          {history.data?.length === 0 ? (
            <EmptyState icon={History}>
              <p>No imports yet.</p>
            </EmptyState>
          ) : (
            <ul className="grid gap-2">
              {history.data?.map((imp) => (
                <li key={imp.id}>
                  <Link
                    href={`/clients/import?import=${imp.id}`}
                    aria-current={imp.id === currentId ? 'page' : undefined}
                    className="grid gap-1 rounded-md border p-3 text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:border-primary"
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium break-all">{imp.fileName}</span>
                      <Badge variant={BADGE[imp.status]}>{STATUS_LABELS[imp.status]}</Badge>
                    </span>
                    <span className="text-muted-foreground">
                      {formatDateTime(imp.createdAt)} · by {imp.createdBy}
                    </span>
                    <span className="text-muted-foreground">{historyFigures(imp)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
