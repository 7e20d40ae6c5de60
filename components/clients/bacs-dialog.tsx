'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/client/api';
import {
  ACCOUNT_NAME_MAX,
  accountNameSchema,
  accountNumberSchema,
  sortCodeSchema,
} from '@/lib/validation/clients';
import { formatSortCodeInput } from '@/lib/display';
import { bacsStatusText } from './bacs-status';
import type { ClientPatch } from './client-api';
import { useUpdateClient } from './mutations';
import type { ClientDialogProps } from './edit-client-dialog';
import { FormDialog } from '@/components/shared/form-dialog';
import { InvalidBacsDialog } from './invalid-bacs-dialog';
import { clientName, type ClientDto } from './types';

const ERROR_ID = 'bacs-error';

type Busy = 'save' | 'request' | 'remove' | null;

interface BacsFields {
  sortCode: string;
  accountNumber: string;
  accountName: string;
}

interface BacsProblem {
  message: string;
  field: keyof BacsFields;
}

/** The first failed rule (spec section 5), in the order of the fields, or null when all are valid. */
function bacsProblem(sortCode: string, accountNumber: string, accountName: string): BacsProblem | null {
  const sort = sortCodeSchema.safeParse(sortCode);
  if (!sort.success) return { message: sort.error.issues[0]?.message ?? '', field: 'sortCode' };
  const account = accountNumberSchema.safeParse(accountNumber);
  if (!account.success) return { message: account.error.issues[0]?.message ?? '', field: 'accountNumber' };
  const holder = accountNameSchema.safeParse(accountName);
  if (!holder.success) return { message: holder.error.issues[0]?.message ?? '', field: 'accountName' };
  return null;
}

export function BacsDialog({ client, open, onOpenChange, onCloseAutoFocus }: ClientDialogProps) {
  const update = useUpdateClient(client.id);
  const name = clientName(client);
  // Full admins receive the stored details (sortCode is then present, null or not).
  const isFullAdmin = client.sortCode !== undefined;
  // Only full admins receive the stored details; others may replace them without seeing them.
  const form = useForm<BacsFields>({
    defaultValues: {
      sortCode: client.sortCode ?? '',
      accountNumber: client.accountNumber ?? '',
      accountName: client.accountName ?? '',
    },
  });
  const [invalid, setInvalid] = useState<BacsProblem | null>(null);
  // Kept after the Invalid BACS Details dialog closes, to put focus back on the field to correct.
  const [invalidField, setInvalidField] = useState<BacsProblem['field']>('sortCode');

  function showProblem(problem: BacsProblem) {
    setInvalidField(problem.field);
    setInvalid(problem);
  }
  const [busy, setBusy] = useState<Busy>(null);

  async function run(kind: Exclude<Busy, null>, patch: ClientPatch, done: (c: ClientDto) => string) {
    setBusy(kind);
    form.clearErrors('root');
    try {
      const updated = await update.mutateAsync(patch);
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
    } finally {
      setBusy(null);
    }
  }

  async function save({ sortCode, accountNumber, accountName }: BacsFields) {
    const problem = bacsProblem(sortCode, accountNumber, accountName);
    if (problem) {
      showProblem(problem);
      return;
    }
    await run('save', { sortCode, accountNumber, accountName: accountName.trim() }, (c) =>
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
