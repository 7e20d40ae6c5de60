'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { formatBackupTime } from '@/components/backups/format';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { ErrorAlert } from '@/components/shared/error-alert';
import { TextField } from '@/components/shared/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { errorMessage } from '@/lib/client/api';
import { endpointKey, endpointMutation, endpointQuery } from '@/lib/contract/client';
import * as dentally from '@/lib/contract/dentally';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import type { DentallyStateDto } from '@/lib/dto/dentally';
import { dentallyConnectionSchema } from '@/lib/validation/dentally';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

const ukTime = (value: string) =>
  new Date(value).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
const ukDay = (value: string | Date) =>
  new Date(value).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });

/** "Last sync: 27 Nov 2026, 14:05 — 12 appointments read, 3 new, 2 matched, 2 proposed". */
export function lastSyncLine(state: DentallyStateDto): string | null {
  if (!state.lastFinishedAt) return null;
  return (
    `Last sync: ${formatBackupTime(state.lastFinishedAt)} — ${plural(state.lastRead, 'appointment', 'appointments')} ` +
    `read, ${state.lastNew.toLocaleString('en-GB')} new, ${state.lastMatched.toLocaleString('en-GB')} matched, ` +
    `${state.lastProposed.toLocaleString('en-GB')} proposed`
  );
}

/** "Dentally asked us to wait until 14:20" (with the date when it is not today). */
export function waitLine(retryAfter: string, now: Date = new Date()): string {
  const when = ukDay(retryAfter) === ukDay(now) ? ukTime(retryAfter) : formatBackupTime(retryAfter);
  return `Dentally asked us to wait until ${when}`;
}

/**
 * Settings → Integrations: the Dentally connection (issue 34), for full admins. Dentally's API token (a password
 * field; saved encrypted and never shown again, only its last four characters), the site, Save, Disconnect,
 * "Sync now", and how the last sync went. Read again every few seconds while a sync runs.
 */
export function DentallyCard({ initial }: { initial?: DentallyStateDto }) {
  const qc = useQueryClient();
  const key = endpointKey(dentally.get);
  const { data } = useQuery({
    ...endpointQuery(dentally.get),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 3000 : false),
  });
  const form = useSchemaForm(dentallyConnectionSchema, {
    defaultValues: { token: '', siteId: initial?.siteId ?? '' },
  });
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    ...endpointMutation(dentally.save),
    onSuccess: (saved) => qc.setQueryData(key, saved),
  });
  const remove = useMutation({
    ...endpointMutation(dentally.remove),
    onSuccess: (saved) => qc.setQueryData(key, saved),
  });
  const sync = useMutation({
    ...endpointMutation(dentally.sync),
    onSuccess: () => {
      // The sync runs in the background: show it running until GET says how it went.
      qc.setQueryData(key, (old: DentallyStateDto | undefined) =>
        old && canSyncNow(old) ? { ...old, status: 'running' as const } : old,
      );
      setTimeout(() => void qc.invalidateQueries({ queryKey: key }), 1500);
    },
  });

  async function onSave(values: { token: string; siteId: string | null }) {
    try {
      await save.mutateAsync({ body: { token: values.token, siteId: values.siteId } });
      form.reset({ token: '', siteId: values.siteId ?? '' });
      toast.success('Dentally token saved: the first sync has started');
      setTimeout(() => void qc.invalidateQueries({ queryKey: key }), 1500);
    } catch (e) {
      showServerError(form, e);
    }
  }

  async function onSyncNow() {
    try {
      await sync.mutateAsync({});
      toast.success('Sync started');
    } catch (e) {
      toast.error(errorMessage(e, 'The sync could not be started. Please try again.'));
    }
  }

  const state = data;
  const error = form.formState.errors.root?.message;
  return (
    <Card id="dentally">
      <CardHeader>
        <CardTitle>
          <h2>Dentally</h2>
        </CardTitle>
        <CardDescription>
          Completed appointments in Dentally are matched to your referrals every 15 minutes, and each match is
          proposed for Story Started. Make an API token in Dentally under Settings › Developer Settings ›
          Generate new token, with read access to patients and appointments.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm">
        {state && <SyncState state={state} />}
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSave)} className="grid gap-4" noValidate>
            {error && <ErrorAlert id="dentally-error" message={error} />}
            <TextField
              control={form.control}
              name="token"
              label={state?.connected ? 'New API token' : 'API token'}
              type="password"
              // Not the staff member's own password: a browser must not fill it in.
              autoComplete="new-password"
              spellCheck={false}
              description={
                state?.tokenHint
                  ? `A token ending ${state.tokenHint} is saved. It is kept encrypted and never shown again.`
                  : 'Kept encrypted, like bank details, and never shown again.'
              }
            />
            <TextField
              control={form.control}
              name="siteId"
              label="Site ID (optional)"
              autoComplete="off"
              spellCheck={false}
              description="For a practice with several sites in Dentally: only this site's appointments are read."
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Saving...' : 'Save'}
              </Button>
              {state?.connected && (
                <>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={onSyncNow}
                    disabled={sync.isPending || !canSyncNow(state)}
                  >
                    <RefreshCw className="size-4" aria-hidden="true" />
                    Sync now
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                    Disconnect
                  </Button>
                </>
              )}
            </div>
          </form>
        </Form>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Disconnect Dentally?"
          description="The token and site are removed and no more appointments are read. The practice records already taken, and their proposals, stay."
          confirmLabel="Disconnect"
          busyLabel="Disconnecting..."
          destructive
          errorId="dentally-disconnect-error"
          onConfirm={async () => {
            await remove.mutateAsync({});
            setConfirming(false);
            form.reset({ token: '', siteId: '' });
            toast.success('Dentally disconnected');
          }}
          failureText={(e) => errorMessage(e, 'Dentally could not be disconnected. Please try again.')}
        />
      </CardContent>
    </Card>
  );
}

/** Whether "Sync now" can do anything: connected, not running, not after a rejected token, not in a wait. */
function canSyncNow(state: DentallyStateDto): boolean {
  if (!state.connected || state.status === 'running' || state.status === 'token_rejected') return false;
  return !state.retryAfter || new Date(state.retryAfter) <= new Date();
}

function SyncState({ state }: { state: DentallyStateDto }) {
  const last = lastSyncLine(state);
  if (!state.connected) {
    return <p className="text-muted-foreground">Not connected.</p>;
  }
  const waiting = state.retryAfter && new Date(state.retryAfter) > new Date() ? state.retryAfter : null;
  return (
    <div className="grid gap-2" aria-live="polite" data-testid="dentally-state">
      {state.status === 'token_rejected' && (
        <ErrorAlert message="Token rejected — Dentally refused the token. Save a new one to start again." />
      )}
      {waiting && (
        <p className="rounded-md border px-3 py-2">
          <span className="font-medium">{waitLine(waiting)}.</span> No sync runs before then, &ldquo;Sync
          now&rdquo; included.
        </p>
      )}
      {state.status === 'failed' && state.lastError && <ErrorAlert message={state.lastError} />}
      {state.status === 'running' && <p className="font-medium">Syncing now...</p>}
      {last ? (
        <p className="text-base font-medium">{last}</p>
      ) : (
        state.status !== 'running' && (
          <p className="text-muted-foreground">
            No sync yet: the first runs within 15 minutes, or press Sync now.
          </p>
        )
      )}
    </div>
  );
}
