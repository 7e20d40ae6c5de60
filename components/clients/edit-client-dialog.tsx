'use client';

import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/shared/error-alert';
import { FormDialog } from '@/components/shared/form-dialog';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { formatDateTime, formatPhoneForDisplay } from '@/lib/format';
import { editClientFormSchema, NAMES_REQUIRED_TEXT } from '@/lib/validation/clients';
import type { z } from 'zod';
import { ClientFields } from './client-fields';
import { useUpdateClient } from './mutations';
import { clientQuery } from './queries';
import { emailInUse } from './refusals';
import { clientName, type ClientDto } from './types';

export interface ClientDialogProps {
  client: ClientDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix returns focus only to a DialogTrigger; these dialogs are opened from the list, which says where. */
  onCloseAutoFocus?: (event: Event) => void;
}

const ERROR_ID = 'edit-client-error';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

const shown = (field: 'email' | 'phone', value: string | null) =>
  value === null ? 'none' : field === 'phone' ? formatPhoneForDisplay(value) : value;

/**
 * Edit a client (issue 29, point 3): name, email and phone, checked with the field schemas clients.update's
 * body is built from (editClientFormSchema). A corrected email is audited and keeps the card's
 * links (the card is found by its key), so "I never got it" is fixed here and then with Send again. The latest
 * changes of email and phone are listed below the fields: who changed what, and when.
 */
export function EditClientDialog({ client, open, onOpenChange, onCloseAutoFocus }: ClientDialogProps) {
  const update = useUpdateClient();
  // Asked afresh on every opening: the list of changes must include the one saved a moment ago.
  const detail = useQuery({ ...clientQuery(client.id), refetchOnMount: 'always' });
  const changes = detail.data?.contactChanges ?? [];
  const form = useSchemaForm(editClientFormSchema, {
    defaultValues: {
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email,
      phone: client.phone ? formatPhoneForDisplay(client.phone) : '',
    },
  });

  // Spec section 5: one message for both names, said once for the form, with each empty name marked.
  const { errors } = form.formState;
  const namesMissing = [errors.firstName, errors.lastName].some((e) => e?.message === NAMES_REQUIRED_TEXT);
  const formError = namesMissing || errors.root !== undefined;

  async function save(values: z.output<typeof editClientFormSchema>) {
    try {
      const updated = await update.mutateAsync({
        params: { id: client.id },
        body: { ...values, phone: values.phone ?? null },
      });
      toast.success(`Details of ${clientName(updated)} saved`);
      onOpenChange(false);
    } catch (e) {
      // Another client's email is the email field's problem (409), said beside it.
      const inUse = emailInUse(e);
      if (inUse) form.setError('email', { type: 'server', message: inUse }, { shouldFocus: true });
      else showServerError(form, e);
    }
  }

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Client"
      description={`Change the name, email or phone of ${clientName(client)}. Their card link stays the same.`}
      errorId={ERROR_ID}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      onSubmit={save}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {/* The names' shared message is said once, for the form, below. */}
      <ClientFields
        control={form.control}
        names={FIELDS}
        idPrefix="edit-client"
        saidByForm={NAMES_REQUIRED_TEXT}
        describedBy={(name) =>
          formError && (name === 'firstName' || name === 'lastName') ? ERROR_ID : undefined
        }
        onEdit={() => form.clearErrors('root')}
        phoneDescription="A UK number such as 07700 900123."
      />
      {changes.length > 0 && (
        <section aria-labelledby="edit-client-history" className="grid gap-1 text-sm">
          <h3 id="edit-client-history" className="font-medium">
            Earlier changes of email and phone
          </h3>
          <ul className="grid max-h-32 gap-1 overflow-y-auto text-xs text-muted-foreground">
            {changes.map((c) => (
              <li key={`${c.at}-${c.field}`} className="break-words">
                {formatDateTime(c.at)}: {c.field} {shown(c.field, c.from)} → {shown(c.field, c.to)}, by {c.by}
              </li>
            ))}
          </ul>
        </section>
      )}
      {namesMissing && <ErrorAlert id={ERROR_ID} message={NAMES_REQUIRED_TEXT} />}
    </FormDialog>
  );
}
