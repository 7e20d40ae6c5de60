'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ClientImportDto } from '@/lib/dto/imports';
import { bannerAnnouncement, bannerText, countOf } from './import-helpers';
import { importHistoryQuery } from './queries';

/** While an import runs, every staff page asks how far it has got this often. */
export const BANNER_RUNNING_POLL_MS = 2_000;
/** Otherwise only now and then (and on every change of page), to notice an import someone else started. */
export const BANNER_IDLE_POLL_MS = 30_000;
/** The newest imports looked at: a newer preview does not hide an older import that runs. */
const LOOKED_AT = 5;

const IMPORT_PAGE = '/clients/import';

/**
 * The slim line above every staff page while an import runs (issue 33): how far it has got, linking to it.
 * When a run it watched ends, it says so once (dismissable) and has the clients' views asked for again. The
 * import's own page shows its own bar instead.
 */
export function ImportProgressBanner() {
  const pathname = usePathname();
  const qc = useQueryClient();
  const list = useQuery({
    ...importHistoryQuery(LOOKED_AT),
    refetchInterval: (query: { state: { data?: ClientImportDto[] } }) =>
      query.state.data?.some((i) => i.status === 'running') ? BANNER_RUNNING_POLL_MS : BANNER_IDLE_POLL_MS,
  });
  const { refetch } = list;
  // A new page is a moment to look again (the list otherwise never goes stale by itself).
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  const running = list.data?.find((i) => i.status === 'running') ?? null;
  const [watched, setWatched] = useState<string | null>(null);
  const [finished, setFinished] = useState<ClientImportDto | null>(null);
  // Noticed during render (React's pattern for state derived from a change): the run watched has ended.
  if (running && running.id !== watched) setWatched(running.id);
  if (!running && watched) {
    const ended = list.data?.find((i) => i.id === watched) ?? null;
    setWatched(null);
    if (ended) setFinished(ended);
  }
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: ['clients'] });
  }, [finished, qc]);

  const onImportPage = pathname === IMPORT_PAGE;
  const show = running && !onImportPage;
  const done = !running && finished && !onImportPage ? finished : null;

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {show ? bannerAnnouncement(running.progress) : done ? finishedText(done) : ''}
      </div>
      {show && (
        <Link
          href={`${IMPORT_PAGE}?import=${running.id}`}
          className="mb-4 flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <LoaderCircle className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
          <span className="font-medium tabular-nums">{bannerText(running.progress)}</span>
          <span className="text-primary underline underline-offset-4">See the import</span>
        </Link>
      )}
      {done && (
        <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm">
          <CircleCheck className="size-4 shrink-0 text-green-600" aria-hidden="true" />
          <span className="flex-1">{finishedText(done)}</span>
          <Link
            href={`${IMPORT_PAGE}?import=${done.id}`}
            className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
          >
            See the import
          </Link>
          <Button type="button" variant="ghost" size="icon" onClick={() => setFinished(null)}>
            <X aria-hidden="true" />
            <span className="sr-only">Dismiss</span>
          </Button>
        </div>
      )}
    </>
  );
}

function finishedText(imp: ClientImportDto): string {
  if (imp.status === 'done') return `Import finished: ${countOf(imp.counts.added, 'client')} added.`;
  if (imp.status === 'failed') return 'The import stopped before it finished. Open it to start it again.';
  if (imp.status === 'cancelled')
    return `Import cancelled: ${countOf(imp.counts.added, 'client')} added before it stopped.`;
  return 'The import has ended.';
}
