'use client';

import { useState } from 'react';
import Link from 'next/link';
import { CircleCheck, CircleX, Mail, RotateCcw, Undo2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/client/api';
import type { ClientImportDto } from '@/lib/dto/imports';
import { formatDate, formatDateTime } from '@/lib/format';
import {
  canUndo,
  countOf,
  formatCount,
  progressPercent,
  progressText,
  sendingTimeText,
  undoResultText,
} from './import-helpers';
import { ImportCounts, ImportProblems } from './preview-card';
import { useCancelImport, useSendImportCards, useStartImport, useUndoImport } from './queries';

/** What the clinic decided about card emails (Settings → Existing patients and marketing), for full admins. */
export interface CardPolicy {
  /** The clinic relies on the soft opt-in for existing patients: every imported client may get the card. */
  softOptIn: boolean;
  /** Card emails leave at most this many an hour. */
  perHour: number;
}

/** The bar, its figures in words and the time left; announced by screen readers as a progress bar. */
export function ImportProgressBar({ imp }: { imp: ClientImportDto }) {
  const percent = progressPercent(imp.progress);
  const text = progressText(imp.progress);
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${text}`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm tabular-nums">
        <span className="font-medium">{percent}%</span> · {text}
      </p>
    </div>
  );
}

/** Cancel, after a confirm: the batch in hand finishes, the clients written before stay. */
function StopImport({ imp, label }: { imp: ClientImportDto; label: string }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelImport();
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
        <CircleX aria-hidden="true" />
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Stop this import?"
        description={`${imp.status === 'running' ? 'The batch being saved now finishes, then no more rows are saved. ' : 'No more rows are saved. '}The ${countOf(imp.counts.added, 'client')} added so far stay, and a full admin can undo them.`}
        confirmLabel="Stop the import"
        busyLabel="Stopping..."
        destructive={false}
        errorId={`cancel-error-${imp.id}`}
        onConfirm={async () => {
          await cancel.mutateAsync({ params: { id: imp.id } });
          setConfirming(false);
        }}
      />
    </>
  );
}

function RunningCard({ imp }: { imp: ClientImportDto }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Importing {imp.fileName}</h2>
        </CardTitle>
        <CardDescription>
          The clients are being saved in batches. You can leave this page: the import carries on, and every
          staff page shows its progress.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ImportProgressBar imp={imp} />
        <div>
          <StopImport imp={imp} label="Cancel import" />
        </div>
      </CardContent>
    </Card>
  );
}

/** "Send cards to N imported clients": who gets them, how fast, and who is skipped, said before it is done. */
function SendCards({ imp, policy }: { imp: ClientImportDto; policy: CardPolicy | null }) {
  const [confirming, setConfirming] = useState(false);
  const send = useSendImportCards();
  const { eligible, queued, requestedAt } = imp.cards;
  // Those a card may go to and who were not sent one yet (asked again after the clinic turned the soft opt-in
  // on, say, only they get it): the server counts them.
  const remaining = eligible;

  const sent = requestedAt && (
    <p className="text-sm">
      <Mail className="mr-1 inline size-4 align-text-bottom" aria-hidden="true" />
      {countOf(queued, 'card email')} queued (last on {formatDateTime(requestedAt)})
      {policy ? `, leaving at up to ${formatCount(policy.perHour)} an hour` : ''}. The{' '}
      <Link href="/messages" className="font-medium text-primary underline-offset-4 hover:underline">
        Messages
      </Link>{' '}
      page shows each one as it is sent.
    </p>
  );
  if (remaining === 0) {
    if (sent) return sent;
    return (
      <p className="text-sm text-muted-foreground">
        No imported client can be sent a card yet: none has marketing consent recorded
        {policy?.softOptIn ? ', or they have unsubscribed' : ''}.{' '}
        {!policy?.softOptIn && (
          <>
            If the clinic relies on the soft opt-in for existing patients, record that in{' '}
            <Link href="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
              Settings
            </Link>{' '}
            first.
          </>
        )}
      </p>
    );
  }

  const whom = requestedAt
    ? `${countOf(remaining, 'more imported client')}`
    : countOf(remaining, 'imported client');
  const who = policy?.softOptIn
    ? 'Every client this import added who has not unsubscribed: the clinic relies on the soft opt-in for existing patients (Settings).'
    : 'Only the clients whose file said yes to marketing; the others get no email.';
  const pace = policy
    ? `The emails leave at up to ${formatCount(policy.perHour)} an hour, so they go out ${sendingTimeText(remaining, policy.perHour)}.`
    : 'The emails leave at the clinic’s hourly rate (Settings).';
  return (
    <>
      {sent}
      <div>
        <Button type="button" onClick={() => setConfirming(true)}>
          <Mail aria-hidden="true" />
          Send cards to {whom}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Send cards to ${whom}?`}
        description={`Each gets one email with their card number and card link. ${who}`}
        confirmLabel="Send the cards"
        busyLabel="Queuing..."
        destructive={false}
        errorId={`send-cards-error-${imp.id}`}
        onConfirm={async () => {
          await send.mutateAsync({ params: { id: imp.id } });
          setConfirming(false);
        }}
      >
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          <li>{pace}</li>
          <li>Anyone who has unsubscribed is skipped, and each email has an unsubscribe link.</li>
          <li>No one gets the card twice, even if you press this again.</li>
        </ul>
      </ConfirmDialog>
    </>
  );
}

function UndoImport({ imp }: { imp: ClientImportDto }) {
  const [confirming, setConfirming] = useState(false);
  const undo = useUndoImport();
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
        <Undo2 aria-hidden="true" />
        Undo import
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Undo this import?"
        description={`The ${countOf(imp.counts.added, 'client')} this import added are removed, except any who already have referrals: they are kept, as referrals and rewards are never rewritten. Names it updated stay as they are.`}
        confirmLabel="Undo import"
        busyLabel="Undoing..."
        errorId={`undo-error-${imp.id}`}
        onConfirm={async () => {
          await undo.mutateAsync({ params: { id: imp.id } });
          setConfirming(false);
        }}
      >
        {imp.undo.until && (
          <p className="text-sm text-muted-foreground">
            This can be undone until {formatDateTime(imp.undo.until)}.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** The import's result: added, updated, and for full admins the cards and the undo. */
function FinishedCard({
  imp,
  isFullAdmin,
  policy,
}: {
  imp: ClientImportDto;
  isFullAdmin: boolean;
  policy: CardPolicy | null;
}) {
  const { added, updated } = imp.counts;
  const cancelled = imp.status === 'cancelled';
  const undoable = canUndo(imp);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleCheck className="size-5 text-green-600" aria-hidden="true" />
          <h2>
            {cancelled ? `Stopped: added ${countOf(added, 'client')}` : `Added ${countOf(added, 'client')}`}
          </h2>
        </CardTitle>
        <CardDescription>
          From {imp.fileName}
          {imp.finishedAt ? `, ${formatDateTime(imp.finishedAt)}` : ''}.
          {updated > 0 ? ` ${countOf(updated, 'existing client')} had their names updated.` : ''}
          {cancelled ? ' The import was cancelled before every row was saved.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          Each has a card number and card link.{' '}
          <Link href="/?tab=clients" className="font-medium text-primary underline-offset-4 hover:underline">
            See them in the clients table
          </Link>
          .
        </p>
        {!isFullAdmin && added > 0 && (
          <p className="text-sm text-muted-foreground">
            No one has been emailed. A full admin can send these clients their cards, or undo the import
            within 7 days.
          </p>
        )}
        {isFullAdmin && (
          <div className="grid gap-3">
            <SendCards imp={imp} policy={policy} />
            {undoable ? (
              <div className="grid gap-1">
                <div>
                  <UndoImport imp={imp} />
                </div>
                {imp.undo.until && (
                  <p className="text-sm text-muted-foreground">
                    Possible until {formatDate(imp.undo.until)}: removes the clients it added who have no
                    referrals.
                  </p>
                )}
              </div>
            ) : (
              added > 0 &&
              imp.undo.until && (
                <p className="text-sm text-muted-foreground">
                  The 7 days in which it could be undone ended on {formatDate(imp.undo.until)}.
                </p>
              )
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Steps 4 and 5: the import as it runs (progress, Cancel), and once it has run (the result; for full admins
 * Send cards and Undo). A failed run says why and can be started again: it resumes where it stopped.
 */
export function RunCard({
  imp,
  isFullAdmin,
  policy,
}: {
  imp: ClientImportDto;
  isFullAdmin: boolean;
  policy: CardPolicy | null;
}) {
  const retry = useStartImport();
  if (imp.status === 'running') return <RunningCard imp={imp} />;
  if (imp.status === 'failed') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>The import stopped</h2>
          </CardTitle>
          <CardDescription>
            {countOf(imp.counts.added, 'client')} had been added. Starting it again carries on from the first
            row not saved: no one is added twice.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ImportProgressBar imp={imp} />
          <ErrorAlert message={imp.error ?? 'Something went wrong while saving the clients.'} />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              disabled={retry.isPending}
              onClick={() => retry.mutate({ params: { id: imp.id }, body: {} })}
            >
              <RotateCcw aria-hidden="true" />
              {retry.isPending ? 'Starting…' : 'Start it again'}
            </Button>
            <StopImport imp={imp} label="Cancel it instead" />
          </div>
          {retry.isError && <ErrorAlert message={errorMessage(retry.error)} />}
        </CardContent>
      </Card>
    );
  }
  if (imp.status === 'undone') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Import undone</h2>
          </CardTitle>
          <CardDescription>
            {imp.undo.doneAt ? `Undone on ${formatDateTime(imp.undo.doneAt)}.` : 'Undone.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Alert>
            <Undo2 aria-hidden="true" />
            <AlertDescription>{undoResultText(imp.undo)}</AlertDescription>
          </Alert>
        </CardContent>
      </Card>
    );
  }
  if (imp.status === 'cancelled' && imp.counts.added === 0) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Cancelled</h2>
          </CardTitle>
          <CardDescription>This import was cancelled before any client was saved.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return <FinishedCard imp={imp} isFullAdmin={isFullAdmin} policy={policy} />;
}

/** Below the result: the preview's figures and problems, as they were when it ran. */
export function RunFigures({ imp }: { imp: ClientImportDto }) {
  if (imp.status === 'preview' || imp.status === 'running') return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>What the file held</h2>
        </CardTitle>
        <CardDescription>{countOf(imp.counts.rows, 'row')} read when it was uploaded.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ImportCounts imp={imp} />
        <ImportProblems imp={imp} />
      </CardContent>
    </Card>
  );
}
