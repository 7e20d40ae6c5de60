'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ImportClientsLink } from '@/components/imports/import-clients-link';
import { ErrorAlert } from '@/components/shared/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { copyText } from '@/lib/client/clipboard';
import * as clients from '@/lib/contract/clients';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { FILL_ALL_FIELDS_TEXT } from '@/lib/validation/clients';
import { ClientAddedDialog } from './client-added-dialog';
import { ClientFields } from './client-fields';
import { ClientExistsDialog } from './client-exists-dialog';
import { LocalLinkWarning } from './local-link-warning';
import { useCreateClient } from './mutations';
import { appUrlQuery } from './queries';
import { existingClient } from './refusals';
import { shareUrl, type ClientDto } from './types';

type CreateClientOutput = z.output<typeof clients.create.body>;

type Outcome =
  | { kind: 'created'; client: ClientDto; copied: boolean }
  | { kind: 'exists'; client: ClientDto; message: string; copied: boolean };

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'affiliateCompany'] as const;
const FORM_ERROR_ID = 'add-client-error';

export function AddClientForm() {
  const creation = useCreateClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const form = useSchemaForm(clients.create.body, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      affiliateCompany: '',
      sendCard: false,
    },
  });
  const appUrl = useQuery(appUrlQuery());
  // Values waiting for staff to confirm sending a card whose link patients cannot open (issue 29, point 6).
  const [pending, setPending] = useState<CreateClientOutput | null>(null);

  const { errors, isSubmitting } = form.formState;
  // The spec's 'Please fill in all fields' is one message for the form; other rules sit under their field.
  const missing = FIELDS.some((name) => errors[name]?.message === FILL_ALL_FIELDS_TEXT);
  const formError = missing ? FILL_ALL_FIELDS_TEXT : errors.root?.message;

  function onSubmit(values: CreateClientOutput) {
    if (values.sendCard && appUrl.data && !appUrl.data.reachable) {
      setPending(values);
      return;
    }
    return create(values);
  }

  async function create(values: CreateClientOutput) {
    form.clearErrors('root');
    try {
      const client = await creation.mutateAsync({ body: values });
      const copied = await copyText(shareUrl(client));
      form.reset();
      setOutcome({ kind: 'created', client, copied });
    } catch (e) {
      const existing = existingClient(e);
      if (!existing) return showServerError(form, e);
      // Nothing new was made: what was typed stays, and the existing card's branded link is copied.
      const copied = await copyText(shareUrl(existing.client));
      setOutcome({ kind: 'exists', ...existing, copied });
    }
    setDialogOpen(true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Add a New Client</h2>
        </CardTitle>
        <CardDescription>Register a client to generate their referral reward card.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form method="post" onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
            {/* 'Please fill in all fields' is said once, for the form, below. */}
            <ClientFields
              control={form.control}
              names={FIELDS}
              idPrefix="add-client"
              saidByForm={FILL_ALL_FIELDS_TEXT}
              describedBy={(name) => (errors[name] && formError ? FORM_ERROR_ID : undefined)}
              onEdit={() => form.clearErrors('root')}
            />

            <FormField
              control={form.control}
              name="sendCard"
              render={({ field }) => (
                <FormItem className="flex items-center gap-2">
                  <FormControl>
                    <Checkbox
                      checked={field.value ?? false}
                      onCheckedChange={(v) => field.onChange(v === true)}
                    />
                  </FormControl>
                  <FormLabel className="font-normal">Send the client their card now</FormLabel>
                </FormItem>
              )}
            />

            {formError && <ErrorAlert id={FORM_ERROR_ID} message={formError} />}

            <Button
              type="submit"
              disabled={isSubmitting}
              className="w-full whitespace-normal sm:w-auto sm:justify-self-start"
            >
              {isSubmitting ? 'Adding Client...' : 'Add Client & Generate Referral Reward Card'}
            </Button>
          </form>
        </Form>
        {/* Issue 33: many patients at once; after the form, so the form's own keyboard order is unchanged. */}
        <div className="mt-6 flex flex-wrap items-center gap-3 border-t pt-4 text-sm text-muted-foreground">
          <span>Many patients to add? Import them from your practice system’s export or a spreadsheet.</span>
          <ImportClientsLink />
        </div>
      </CardContent>

      {pending && appUrl.data && (
        <LocalLinkWarning
          open
          onOpenChange={(open) => !open && setPending(null)}
          appUrl={appUrl.data}
          recipient={pending.email}
          onConfirm={async () => {
            const values = pending;
            setPending(null);
            await create(values);
          }}
        />
      )}
      {outcome?.kind === 'created' && (
        <ClientAddedDialog
          client={outcome.client}
          copied={outcome.copied}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onCloseAutoFocus={(event) => {
            // Ready for the next client.
            event.preventDefault();
            form.setFocus('firstName');
          }}
        />
      )}
      {outcome?.kind === 'exists' && (
        <ClientExistsDialog
          client={outcome.client}
          message={outcome.message}
          copied={outcome.copied}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onCloseAutoFocus={(event) => {
            // The email is what made it a duplicate.
            event.preventDefault();
            form.setFocus('email', { shouldSelect: true });
          }}
        />
      )}
    </Card>
  );
}
