'use client';

import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Info, KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useWebAuthnSupport, isPasskeyCancel } from '@/components/auth/passkey-sign-in';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { ErrorAlert } from '@/components/shared/error-alert';
import { EmptyState, QueryState } from '@/components/shared/load-states';
import { TextField } from '@/components/shared/text-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Separator } from '@/components/ui/separator';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { call, endpointKey } from '@/lib/contract/client';
import * as passkeys from '@/lib/contract/passkeys';
import type { PasskeyDto } from '@/lib/dto/passkeys';
import { formatDate, formatDateTime } from '@/lib/format';
import { passkeyNameFormSchema, PASSKEY_NAME_MAX, type AddPasskeyInput } from '@/lib/validation/passkeys';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from './mutations';
import { passkeysQuery } from './queries';
import { RecoveryCodesList } from './recovery-codes-list';
import { SecurityCard } from './security-card';

const CANCELLED_TEXT = 'No passkey was added: the browser’s prompt was closed. Try again when you are ready.';
const ALREADY_ON_DEVICE_TEXT =
  'This device or password manager already holds a passkey for your account here: it is in the list.';

/**
 * Settings → Security, 'Passkeys' (issue 31): the account's passkeys with when each was added and last used,
 * Rename (in place) and Remove (after a question), and 'Add a passkey': named, made by the browser, checked by
 * the server. When it is the account's first second factor, the recovery codes are shown this once.
 */
export function PasskeysCard({ email, className }: { email: string; className?: string }) {
  const query = useQuery(passkeysQuery());
  const supported = useWebAuthnSupport();
  const [codes, setCodes] = useState<string[] | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  return (
    <SecurityCard
      headingId="passkeys-heading"
      id="passkeys"
      icon={KeyRound}
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of a code. A passkey cannot be phished: it only works on this app’s own address."
      className={className}
    >
      <QueryState query={query} loadingLabel="Loading your passkeys..." rows={2} rowClassName="h-14">
        {query.data && query.data.length === 0 && (
          <EmptyState icon={KeyRound}>
            <p>You have no passkeys yet.</p>
          </EmptyState>
        )}
        {query.data && query.data.length > 0 && (
          <ul
            ref={listRef}
            tabIndex={-1}
            aria-label="Your passkeys"
            className="divide-y rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {query.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} onRemoved={() => listRef.current?.focus()} />
            ))}
          </ul>
        )}
      </QueryState>

      {codes && codes.length > 0 && (
        <RecoveryCodesList codes={codes} email={email} onDone={() => setCodes(null)} />
      )}

      <Separator />
      {supported === false ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This browser cannot make passkeys. Open this page in an up-to-date Chrome, Edge, Safari or Firefox
          to add one, or set up an authenticator app instead.
        </p>
      ) : (
        <AddPasskeyForm disabled={supported === null} onRecoveryCodes={setCodes} />
      )}
    </SecurityCard>
  );
}

function AddPasskeyForm({
  disabled,
  onRecoveryCodes,
}: {
  disabled: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const qc = useQueryClient();
  const add = useAddPasskey();
  const [note, setNote] = useState<string | null>(null);
  const form = useSchemaForm(passkeyNameFormSchema, { defaultValues: { name: '' } });
  const error = form.formState.errors.root?.message;
  const busy = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setNote(null);
    try {
      const options = await call(passkeys.registrationOptions);
      let response;
      try {
        response = await startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        });
      } catch (e) {
        if (isPasskeyCancel(e)) return setNote(CANCELLED_TEXT);
        if (e instanceof Error && e.name === 'InvalidStateError') return setNote(ALREADY_ON_DEVICE_TEXT);
        throw e;
      }
      const added = await add.mutateAsync({
        body: { name, response: response as unknown as AddPasskeyInput['response'] },
      });
      qc.setQueryData<PasskeyDto[]>(endpointKey(passkeys.list), (list) =>
        list ? [...list.filter((p) => p.id !== added.passkey.id), added.passkey] : list,
      );
      form.reset({ name: '' });
      setNote(`Passkey ‘${added.passkey.name}’ added. You can sign in with it from now on.`);
      if (added.recoveryCodes?.length) onRecoveryCodes(added.recoveryCodes);
    } catch (e) {
      showServerError(form, e);
    }
  });

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
        <h3 className="text-sm font-semibold">Add a passkey</h3>
        {error && <ErrorAlert id="add-passkey-error" message={error} />}
        <TextField
          control={form.control}
          name="name"
          id="new-passkey-name"
          label="Name (optional)"
          description="So you can tell your passkeys apart, for example ‘Reception laptop’ or ‘My phone’."
          describedBy={error ? 'add-passkey-error' : undefined}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          onInput={() => {
            setNote(null);
            form.clearErrors('root');
          }}
        />
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {note}
        </p>
        <Button type="submit" disabled={disabled || busy} className="justify-self-start">
          <KeyRound aria-hidden="true" />
          {busy ? 'Waiting for your device...' : 'Add a passkey'}
        </Button>
      </form>
    </Form>
  );
}

function PasskeyItem({ passkey, onRemoved }: { passkey: PasskeyDto; onRemoved: () => void }) {
  const qc = useQueryClient();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editId = `rename-passkey-${passkey.id}`;
  // Focus goes back to Rename once the row shows it again: the row is drawn at once (flushSync), then focused.
  const closeAndFocusRename = () => {
    flushSync(() => setEditing(false));
    document.getElementById(editId)?.focus();
  };
  const form = useSchemaForm(passkeys.rename.body, { defaultValues: { name: passkey.name } });
  const error = form.formState.errors.root?.message;
  const errorId = `rename-passkey-${passkey.id}-error`;

  const setList = (change: (list: PasskeyDto[]) => PasskeyDto[]) =>
    qc.setQueryData<PasskeyDto[]>(endpointKey(passkeys.list), (list) => (list ? change(list) : list));

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const saved = await rename.mutateAsync({ params: { id: passkey.id }, body: { name } });
      setList((list) => list.map((p) => (p.id === saved.id ? saved : p)));
      closeAndFocusRename();
    } catch (e) {
      showServerError(form, e);
    }
  });

  return (
    <li className="grid gap-3 py-3 sm:flex sm:items-start sm:justify-between">
      {editing ? (
        <Form {...form}>
          <form method="post" onSubmit={onSubmit} noValidate className="grid flex-1 gap-3">
            {error && <ErrorAlert id={errorId} message={error} />}
            <TextField
              control={form.control}
              name="name"
              id={`passkey-${passkey.id}-name`}
              label="New name"
              describedBy={error ? errorId : undefined}
              maxLength={PASSKEY_NAME_MAX}
              autoComplete="off"
              autoFocus
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Saving...' : 'Save name'}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  form.reset({ name: passkey.name });
                  closeAndFocusRename();
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        </Form>
      ) : (
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium break-words">{passkey.name}</span>
            <Badge variant="secondary">{passkey.storage}</Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            Added {formatDate(passkey.createdAt)} ·{' '}
            {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
          </p>
        </div>
      )}

      {!editing && (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <Button id={editId} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Rename
            <span className="sr-only"> {passkey.name}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            Remove
            <span className="sr-only"> {passkey.name}</span>
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove the passkey ‘${passkey.name}’?`}
        description="It will no longer sign you in. If it is your last second factor, your recovery codes stop working too, and signing in asks only for your password."
        confirmLabel="Remove passkey"
        busyLabel="Removing..."
        destructive
        errorId={`remove-passkey-${passkey.id}-error`}
        onConfirm={async () => {
          await remove.mutateAsync({ params: { id: passkey.id } });
          setConfirming(false);
          setList((list) => list.filter((p) => p.id !== passkey.id));
          onRemoved();
        }}
      />
    </li>
  );
}
