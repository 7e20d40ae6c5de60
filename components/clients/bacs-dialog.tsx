'use client';

import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/client/api';
import { useSchemaForm } from '@/lib/contract/form';
import { ACCOUNT_NAME_MAX, bankDetailsLinkSchema, type UpdateClientInput } from '@/lib/validation/clients';
import { formatSortCodeInput } from '@/lib/format';
import { bacsStatusText } from './bacs-status';
import { useUpdateClient } from './mutations';
import type { ClientDialogProps } from './edit-client-dialog';
import { FormDialog } from '@/components/shared/form-dialog';
import { InvalidBacsDialog } from './invalid-bacs-dialog';
import { clientName, type ClientDto } from './types';

const ERROR_ID = 'bacs-error';

type Busy = 'save' | 'request' | 'remove';

/**
 * The three fields, checked with the schema the bank details are checked with wherever they are given (the
 * client's own link takes the same three; PATCH the same rules).
 */
const bacsSchema = bankDetailsLinkSchema;
type BacsFields = { sortCode: string; accountNumber: string; accountName: string };

interface BacsProblem {
  message: string;
  field: keyof BacsFields;
}

/** The first failed rule (spec section 5), in the order of the fields. */
const FIELD_ORDER = ['sortCode', 'accountNumber', 'accountName'] as const;

function firstProblem(errors: FieldErrors<BacsFields>): BacsProblem | null {
  const field = FIELD_ORDER.find((name) => errors[name]);
  return field ? { field, message: errors[field]?.message ?? '' } : null;
}

/** Which of the dialog's buttons a pending change came from. */
function busyWith(body: UpdateClientInput | undefined): Busy | null {
  if (!body) return null;
  if (body.bacsRequested !== undefined) return 'request';
  return body.sortCode === null ? 'remove' : 'save';
}

export function BacsDialog({ client, open, onOpenChange, onCloseAutoFocus }: ClientDialogProps) {
  const update = useUpdateClient();
  const busy = update.isPending ? busyWith(update.variables?.body) : null;
  const name = clientName(client);
  // Full admins receive the stored details (sortCode is then present, null or not).
  const isFullAdmin = client.sortCode !== undefined;
  // Only full admins receive the stored details; others may replace them without seeing them.
  const form = useSchemaForm(bacsSchema, {
    defaultValues: {
      sortCode: client.sortCode ?? '',
      accountNumber: client.accountNumber ?? '',
      accountName: client.accountName ?? '',
    },
    // The Invalid BACS Details dialog says what is wrong, then puts focus on the field to correct.
    shouldFocusError: false,
  });
  const [invalid, setInvalid] = useState<BacsProblem | null>(null);
  // Kept after the Invalid BACS Details dialog closes, to put focus back on the field to correct.
  const [invalidField, setInvalidField] = useState<BacsProblem['field']>('sortCode');

  function showProblem(problem: BacsProblem | null) {
    if (!problem) return;
    setInvalidField(problem.field);
    setInvalid(problem);
  }

  async function run(kind: Busy, body: UpdateClientInput, done: (c: ClientDto) => string) {
    form.clearErrors('root');
    try {
      const updated = await update.mutateAsync({ params: { id: client.id }, body });
      toast.success(done(updated));
      onOpenChange(false);
    } catch (e) {
      // The server checks the same rules; its 400 is shown like ours.
      if (kind === 'save' && e instanceof ApiError && e.status === 400 && e.serverMessage) {
        const field = e.fieldErrors?.sortCode
          ? 'sortCode'
          : e.fieldErrors?.accountNumber
            ? 'accountNumber'
            : 'accountName';
        showProblem({ message: e.serverMessage, field: e.fieldErrors ? field : 'sortCode' });
      } else form.setError('root', { message: errorMessage(e) });
    }
  }

  async function save(details: BacsFields) {
    await run('save', details, (c) =>
      c.bankDetailsHeldAt
        ? `BACS details saved for ${name}: payments wait for a full admin's approval`
        : `BACS details saved for ${name}`,
    );
  }

  // Only full admins receive the stored details, and only they may remove them (the server enforces it).
  const canRemove = isFullAdmin;
  const secondary = client.hasBankDetails ? (
    canRemove && (
      <Button
        type="button"
        variant="outline"
        className="text-destructive"
        disabled={busy !== null}
        onClick={() =>
          run('remove', { sortCode: null, accountNumber: null }, () => `BACS details removed for ${name}`)
        }
      >
        {busy === 'remove' ? 'Removing...' : 'Remove Details'}
      </Button>
    )
  ) : (
    <Button
      type="button"
      variant="outline"
      disabled={busy !== null}
      onClick={() =>
        run('request', { bacsRequested: !client.bacsRequested }, (c) =>
          c.bacsRequested ? `BACS details requested from ${name}` : `BACS request cancelled for ${name}`,
        )
      }
    >
      {busy === 'request' ? 'Saving...' : client.bacsRequested ? 'Cancel Request' : 'Request BACS Details'}
    </Button>
  );

  return (
    <>
      <FormDialog
        form={form}
        open={open}
        onOpenChange={onOpenChange}
        title="BACS Details"
        description={`Bank details for paying ${name}'s referral rewards.`}
        errorId={ERROR_ID}
        busy={busy !== null}
        submitLabel="Save Details"
        busyLabel="Saving..."
        onSubmit={save}
        onInvalid={(errors) => showProblem(firstProblem(errors))}
        actions={secondary}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <p className="text-sm">
          {bacsStatusText(client)}
          {client.hasBankDetails && ' Enter new details to replace them.'}
        </p>
        {!isFullAdmin && (
          <p className="text-sm text-muted-foreground">
            New details hold this client&apos;s payments until a full admin approves them.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="sortCode"
            render={({ field }) => (
              <FormItem id="bacs-sort-code">
                <FormLabel>Sort code</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="12-34-56"
                    maxLength={8}
                    onChange={(e) => field.onChange(formatSortCodeInput(e.target.value))}
                  />
                </FormControl>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="accountNumber"
            render={({ field }) => (
              <FormItem id="bacs-account-number">
                <FormLabel>Account number</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="12345678"
                    maxLength={8}
                  />
                </FormControl>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="accountName"
            render={({ field }) => (
              <FormItem id="bacs-account-name" className="sm:col-span-2">
                <FormLabel>Account holder&apos;s name</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    autoComplete="off"
                    placeholder="As the bank has it, e.g. Jane Smith"
                    maxLength={ACCOUNT_NAME_MAX}
                  />
                </FormControl>
                <FormDescription className="text-xs">
                  The bank checks this name against the account before paying (Confirmation of Payee).
                </FormDescription>
              </FormItem>
            )}
          />
        </div>
      </FormDialog>
      <InvalidBacsDialog
        message={invalid?.message ?? null}
        onClose={() => setInvalid(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          form.setFocus(invalidField, { shouldSelect: true });
        }}
      />
    </>
  );
}
