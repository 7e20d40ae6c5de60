'use client';

import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, Copy, KeyRound, X } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { EmptyState, LoadError, LoadingRows } from '@/components/shared/load-states';
import { TextField } from '@/components/shared/text-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/client/api';
import { endpointMutation, endpointQuery } from '@/lib/contract/client';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import * as integrations from '@/lib/contract/integrations';
import type { ApiKeyDto, CreatedApiKeyDto } from '@/lib/dto/api-keys';
import { formatDateTime } from '@/lib/format';
import { createApiKeySchema } from '@/lib/validation/api-keys';

/** POST /api/admin/api-keys: a new key, answered once with the key itself; the list is asked for again. */
function useCreateApiKey() {
  return useMutation(endpointMutation(integrations.createApiKey));
}

/** DELETE /api/admin/api-keys/{id}: the key stops working at once; the list is asked for again. */
function useRevokeApiKey() {
  return useMutation(endpointMutation(integrations.revokeApiKey));
}

/**
 * The integration API's keys (issue 34), for full admins in Settings → Integrations: each key's name, its first
 * characters, who made it and when, when it was last used, and whether it is revoked; a form that makes a key
 * and shows it once, to copy; and Revoke, which asks first. The key itself is never shown again.
 */
export function ApiKeysCard() {
  const keys = useQuery(endpointQuery(integrations.listApiKeys));
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  // Revoking closes the dialog over the row's button: focus goes back to the list, not to the page top.
  const listRef = useRef<HTMLUListElement>(null);

  async function confirmRevoke() {
    if (!revoking) return;
    await revoke.mutateAsync({ params: { id: revoking.id } });
    toast.success(`API key ‘${revoking.name}’ revoked: calls with it are now refused`);
    setRevoking(null);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5" />
            API keys
          </h2>
        </CardTitle>
        <CardDescription>
          Keys let the practice’s own systems (Zapier, Make, n8n or a script) send completed appointments to{' '}
          <code className="text-xs">POST /api/integrations/practice-events</code>, with the header{' '}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code>. Make one key for each system, so
          you can revoke one without stopping the others.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CreateKeyForm onCreated={setCreated} />
        {created && <NewKey created={created} onDone={() => setCreated(null)} />}

        <section aria-labelledby="api-keys-heading" className="grid gap-3">
          <h3 id="api-keys-heading" className="text-sm font-semibold">
            Keys
          </h3>
          {keys.isPending && <LoadingRows label="Loading API keys..." rows={1} className="h-12" />}
          {keys.isError && !keys.data && (
            <LoadError
              message={errorMessage(keys.error)}
              onRetry={() => void keys.refetch()}
              retryContext="to load the API keys"
            />
          )}
          {keys.data && keys.data.length === 0 && (
            <EmptyState icon={KeyRound}>
              <p>No API keys yet. Make one above for each system that sends the practice’s records.</p>
            </EmptyState>
          )}
          {keys.data && keys.data.length > 0 && (
            <ul
              ref={listRef}
              tabIndex={-1}
              aria-label="API keys"
              className="divide-y rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {keys.data.map((key) => (
                <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
              ))}
            </ul>
          )}
        </section>

        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            listRef.current?.focus();
          }}
          title="Revoke API key?"
          description={
            revoking ? (
              <>
                ‘{revoking.name}’ ({revoking.prefix}…) will stop working at once: whatever uses it gets
                refused from now on. This cannot be undone; you can make a new key.
              </>
            ) : null
          }
          confirmLabel="Revoke Key"
          busyLabel="Revoking..."
          destructive
          errorId="revoke-api-key-error"
          onConfirm={confirmRevoke}
          failureText={(e) => errorMessage(e, 'The key could not be revoked. Please try again.')}
        />
      </CardContent>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKeyDto) => void }) {
  const create = useCreateApiKey();
  const form = useSchemaForm(createApiKeySchema, { defaultValues: { name: '' } });
  const error = form.formState.errors.root?.message;
  const busy = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync({ body });
      form.reset({ name: '' });
      onCreated(created);
    } catch (e) {
      showServerError(form, e);
    }
  });

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
        <h3 className="text-sm font-semibold">Make a key</h3>
        <TextField
          control={form.control}
          name="name"
          id="new-api-key-name"
          label="Name"
          description="What it is for, so you can tell keys apart: for example ‘Zapier’ or ‘Booking script’."
          autoComplete="off"
          maxLength={80}
          required
        />
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? 'Creating...' : 'Create key'}
        </Button>
      </form>
    </Form>
  );
}

/** The key just made, shown once in a read-only field with Copy; Done hides it for good. */
export function NewKey({ created, onDone }: { created: CreatedApiKeyDto; onDone: () => void }) {
  const [copied, setCopied] = useState('');
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('Key copied.');
    } catch {
      // No clipboard (an http page, say): select it, for Ctrl+C.
      field.current?.select();
      setCopied('Copying did not work in this browser: the key is selected, press Ctrl+C (or ⌘C).');
    }
  }

  return (
    <Alert aria-labelledby="new-api-key-title">
      <KeyRound aria-hidden="true" />
      <AlertTitle id="new-api-key-title">New key ‘{created.name}’</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p className="font-medium text-foreground">Copy this key now: it will not be shown again.</p>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            ref={field}
            readOnly
            value={created.key}
            aria-label={`The new API key ‘${created.name}’`}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 font-mono text-xs"
          />
          <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
        <p role="status" className="text-xs">
          {copied}
        </p>
      </AlertDescription>
    </Alert>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDto; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-all">{apiKey.name}</span>
          <code className="text-xs text-muted-foreground">{apiKey.prefix}…</code>
          {revoked && <Badge variant="secondary">Revoked</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          Created {formatDateTime(apiKey.createdAt)} by {apiKey.createdBy} · Last used:{' '}
          {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}
          {revoked && (
            <>
              {' '}
              · Revoked {formatDateTime(apiKey.revokedAt!)}
              {apiKey.revokedBy ? ` by ${apiKey.revokedBy}` : ''}
            </>
          )}
        </p>
      </div>
      {!revoked && (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <Button variant="outline" size="sm" onClick={onRevoke} className="text-destructive">
            <X aria-hidden="true" />
            Revoke
            <span className="sr-only"> (API key {apiKey.name})</span>
          </Button>
        </div>
      )}
    </li>
  );
}
