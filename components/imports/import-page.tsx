'use client';

import { useEffect, useRef } from 'react';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FilePlus2 } from 'lucide-react';
import { parseAsString, useQueryState } from 'nuqs';
import { LoadError, LoadingRows } from '@/components/shared/load-states';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/client/api';
import { ImportHistory } from './import-history';
import { MappingCard } from './mapping-card';
import { PreviewCard } from './preview-card';
import { importQuery } from './queries';
import { RunCard, RunFigures, type CardPolicy } from './run-card';
import { UploadStep } from './upload-step';

const STEPS = ['Upload', 'Check the columns', 'Preview', 'Import'] as const;

/** Where the import is, as the steps above the page say it. */
function Steps({ current }: { current: number }) {
  return (
    <ol aria-label="Steps" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {STEPS.map((step, i) => (
        <li
          key={step}
          aria-current={i === current ? 'step' : undefined}
          className={i === current ? 'font-semibold text-foreground' : 'text-muted-foreground'}
        >
          {i + 1}. {step}
        </li>
      ))}
    </ol>
  );
}

/** One import, by its id in the URL: its preview, its run or its result. */
function ImportView({
  id,
  isFullAdmin,
  policy,
  onNotFound,
}: {
  id: string;
  isFullAdmin: boolean;
  policy: CardPolicy | null;
  onNotFound: () => void;
}) {
  const qc = useQueryClient();
  const query = useQuery(importQuery(id));
  const imp = query.data;
  // When a run ends while it is watched, the clients' views are stale: the table and the count are asked again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!imp) return;
    if (wasRunning.current && imp.status !== 'running') void qc.invalidateQueries({ queryKey: ['clients'] });
    wasRunning.current = imp.status === 'running';
  }, [imp, qc]);

  if (query.isPending) return <LoadingRows label="Loading the import..." rows={3} className="h-32" />;
  if (query.isError && !imp) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return gone ? (
      <div className="grid gap-3 rounded-lg border p-4 text-sm">
        <p>This import no longer exists, or the link is wrong.</p>
        <div>
          <Button type="button" variant="outline" onClick={onNotFound}>
            Upload a file
          </Button>
        </div>
      </div>
    ) : (
      <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  if (!imp) return null;

  if (imp.status === 'preview') {
    return (
      <>
        <Steps current={1} />
        <MappingCard imp={imp} />
        <PreviewCard key={imp.id} imp={imp} />
      </>
    );
  }
  return (
    <>
      <Steps current={3} />
      <RunCard imp={imp} isFullAdmin={isFullAdmin} policy={policy} />
      <RunFigures imp={imp} />
    </>
  );
}

/**
 * Clients → Import (issue 33): upload a file, check its columns, read the preview, run it, and afterwards send
 * the cards or undo it. The import being worked on is in the URL (?import=), so a reload, Back or a shared
 * link opens it where it is.
 */
export function ImportPage({ isFullAdmin, policy }: { isFullAdmin: boolean; policy: CardPolicy | null }) {
  const [id, setId] = useQueryState('import', parseAsString.withOptions({ history: 'push' }));
  const headingRef = useRef<HTMLHeadingElement>(null);

  function open(next: string | null) {
    void setId(next);
    // The new step replaces the one that had focus: the page's heading takes it.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-2">
        <Link
          href="/?tab=clients"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Clients
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="rounded-sm text-2xl font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-3xl"
          >
            Import clients
          </h1>
          {id && (
            <Button type="button" variant="outline" onClick={() => open(null)}>
              <FilePlus2 aria-hidden="true" />
              Import another file
            </Button>
          )}
        </div>
        <p className="max-w-prose text-sm text-muted-foreground">
          Add the patients you already have from a file, checked before anything is saved. Each becomes a
          client with a card, as Add Client makes them; no one is emailed until you choose to send the cards.
        </p>
      </div>

      {id ? (
        <ImportView id={id} isFullAdmin={isFullAdmin} policy={policy} onNotFound={() => open(null)} />
      ) : (
        <>
          <Steps current={0} />
          <UploadStep onUploaded={(imp) => open(imp.id)} />
        </>
      )}

      <ImportHistory currentId={id} />
    </div>
  );
}
