'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/lib/client/api';
import { createClientSchema, FILL_ALL_FIELDS_TEXT, type CreateClientInput } from '@/lib/validation/clients';
import { AddClientField, type AddClientFieldName } from './add-client-field';
import { createClient } from './client-api';
import { ClientAddedDialog } from './client-added-dialog';
import { ClientExistsDialog } from './client-exists-dialog';
import { copyText } from '@/lib/client/clipboard';
import { ErrorAlert } from '@/components/shared/error-alert';
import type { ClientDto } from './types';

type CreateClientOutput = z.output<typeof createClientSchema>;

type Outcome =
  | { kind: 'created'; client: ClientDto; copied: boolean }
  | { kind: 'exists'; client: ClientDto; message: string; copied: boolean };

const FIELDS: { name: AddClientFieldName; label: string; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last name', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'affiliateCompany', label: 'Affiliate company (optional)', autoComplete: 'off' },
];
const FORM_ERROR_ID = 'add-client-error';

interface AddClientFormProps {
  /** A client was created (created: true) or an existing one was found. */
  onClient: (client: ClientDto, options: { created: boolean }) => void;
}

export function AddClientForm({ onClient }: AddClientFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CreateClientInput, unknown, CreateClientOutput>({
    resolver: zodResolver(createClientSchema),
    defaultValues: { firstName: '', lastName: '', email: '', affiliateCompany: '' },
  });

  // The spec's 'Please fill in all fields' is one message for the form; other rules sit under their field.
  const missing = FIELDS.some(({ name }) => errors[name]?.message === FILL_ALL_FIELDS_TEXT);
  const fieldError = (name: AddClientFieldName) => {
    const message = errors[name]?.message;
    return message === FILL_ALL_FIELDS_TEXT ? undefined : message;
  };
  const formError = missing ? FILL_ALL_FIELDS_TEXT : serverError;

  async function onSubmit(values: CreateClientOutput) {
    setServerError(null);
    try {
      const result = await createClient(values);
      if (result.kind === 'created') {
        const copied = await copyText(result.client.webUrl);
        reset();
        setOutcome({ kind: 'created', client: result.client, copied });
      } else {
        // Nothing new was made: what was typed stays, and the existing card's branded link is copied.
        const copied = await copyText(result.client.brandedUrl);
        setOutcome({ kind: 'exists', client: result.client, message: result.message, copied });
      }
      setDialogOpen(true);
      onClient(result.client, { created: result.kind === 'created' });
    } catch (e) {
      let mapped = false;
      if (e instanceof ApiError && e.fieldErrors) {
        for (const { name } of FIELDS) {
          const message = e.fieldErrors[name]?.[0];
          if (message) {
            setError(name, { type: 'server', message });
            mapped = true;
          }
        }
      }
      if (!mapped) setServerError(errorMessage(e));
    }
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
        <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <AddClientField
                key={field.name}
                {...field}
                required={field.name !== 'affiliateCompany'}
                invalid={Boolean(errors[field.name])}
                error={fieldError(field.name)}
                formErrorId={errors[field.name] && formError ? FORM_ERROR_ID : undefined}
                registration={register(field.name, { onChange: () => setServerError(null) })}
              />
            ))}
          </div>

          {formError && <ErrorAlert id={FORM_ERROR_ID} message={formError} />}

          <Button
            type="submit"
            disabled={isSubmitting}
            className="w-full whitespace-normal sm:w-auto sm:justify-self-start"
          >
            {isSubmitting ? 'Adding Client...' : 'Add Client & Generate Referral Reward Card'}
          </Button>
        </form>
      </CardContent>

      {outcome?.kind === 'created' && (
        <ClientAddedDialog
          client={outcome.client}
          copied={outcome.copied}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onCloseAutoFocus={(event) => {
            // Ready for the next client.
            event.preventDefault();
            setFocus('firstName');
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
            setFocus('email', { shouldSelect: true });
          }}
        />
      )}
    </Card>
  );
}
