'use client';

import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/shared/form-dialog';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/client/api';
import { setServerErrors } from '@/lib/client/form-errors';
import { formatPhoneForDisplay } from '@/lib/display';
import { formatDateTime } from '@/lib/format';
import { NAMES_REQUIRED_TEXT, updateClientSchema } from '@/lib/validation/clients';
import { useUpdateClient } from './mutations';
import { clientQuery } from './queries';
import { clientName, type ClientDto } from './types';

export interface ClientDialogProps {
  client: ClientDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix returns focus only to a DialogTrigger; these dialogs are opened from the list, which says where. */
  onCloseAutoFocus?: (event: Event) => void;
}

const ERROR_ID = 'edit-client-error';

interface ContactFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const FIELDS: { name: keyof ContactFields; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'off' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'off' },
];

const shown = (field: 'email' | 'phone', value: string | null) =>
  value === null ? 'none' : field === 'phone' ? formatPhoneForDisplay(value) : value;

/**
 * Edit a client (issue 29, point 3): name, email and phone, checked with the schema PATCH
 * /api/admin/clients/{id} parses with. A corrected email is audited and keeps the card's links (the card is
 * found by its key), so "I never got it" is fixed here and then with Send again. The latest changes of email
 * and phone are listed below the fields: who changed what, and when.
 */
export function EditClientDialog({ client, open, onOpenChange, onCloseAutoFocus }: ClientDialogProps) {
  const update = useUpdateClient(client.id);
  // Asked afresh on every opening: the list of changes must include the one saved a moment ago.
  const detail = useQuery({ ...clientQuery(client.id), refetchOnMount: 'always' });
  const changes = detail.data?.contactChanges ?? [];
  const form = useForm<ContactFields>({
    defaultValues: {
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email,
      phone: client.phone ? formatPhoneForDisplay(client.phone) : '',
    },
  });

  const rootError = form.formState.errors.root?.message;
  const missing = (value: string) => (rootError === NAMES_REQUIRED_TEXT && !value.trim()) || undefined;

  async function save(fields: ContactFields) {
    // Spec section 5: one message for both names, with each empty field marked.
    if (!fields.firstName.trim() || !fields.lastName.trim()) {
      form.setError('root', { message: NAMES_REQUIRED_TEXT });
      return;
    }
    // The schema the route parses with: its messages go on the fields they concern.
    const parsed = updateClientSchema.safeParse(fields);
    if (!parsed.success) {
      let first = true;
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if (typeof name !== 'string' || !(name in fields)) continue;
        form.setError(name as keyof ContactFields, { message: issue.message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    const values = parsed.data;
    try {
      const updated = await update.mutateAsync({
        firstName: values.firstName!,
        lastName: values.lastName!,
        email: values.email,
        phone: values.phone ?? null,
      });
      toast.success(`Details of ${clientName(updated)} saved`);
      onOpenChange(false);
    } catch (e) {
      // Another client's email is the email field's problem (409), said beside it.
      if (e instanceof ApiError && e.status === 409 && e.body.field === 'email') {
        form.setError('email', { type: 'server', message: e.message }, { shouldFocus: true });
      } else if (!setServerErrors(form, e)) {
        form.setError('root', { message: errorMessage(e) });
      }
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
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem
                id={`edit-client-${name}`}
                describedBy={
                  rootError && (name === 'firstName' || name === 'lastName') ? ERROR_ID : undefined
                }
              >
                <FormLabel>{label}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    type={type}
                    autoComplete={autoComplete}
                    inputMode={name === 'phone' ? 'tel' : undefined}
                    required={name !== 'phone'}
                    // The names' shared message marks each empty name; other fields' errors mark themselves.
                    {...(name === 'firstName' || name === 'lastName'
                      ? { 'aria-invalid': missing(field.value) }
                      : {})}
                    onChange={(e) => {
                      field.onChange(e);
                      form.clearErrors('root');
                    }}
                  />
                </FormControl>
                {name === 'phone' && <FormDescription>A UK number such as 07700 900123.</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
      </div>
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
    </FormDialog>
  );
}
