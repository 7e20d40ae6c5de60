'use client';

import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/shared/form-dialog';
import { FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/client/api';
import { NAMES_REQUIRED_TEXT } from '@/lib/validation/clients';
import { useUpdateClient } from './mutations';
import { clientName, type ClientDto } from './types';

export interface ClientDialogProps {
  client: ClientDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix returns focus only to a DialogTrigger; these dialogs are opened from the list, which says where. */
  onCloseAutoFocus?: (event: Event) => void;
}

const ERROR_ID = 'edit-name-error';

interface NameFields {
  firstName: string;
  lastName: string;
}

export function EditNameDialog({ client, open, onOpenChange, onCloseAutoFocus }: ClientDialogProps) {
  const update = useUpdateClient(client.id);
  const form = useForm<NameFields>({
    defaultValues: { firstName: client.firstName, lastName: client.lastName },
  });
  const error = form.formState.errors.root?.message;

  async function save({ firstName, lastName }: NameFields) {
    // Spec section 5: one message for both names, with each empty field marked.
    if (!firstName.trim() || !lastName.trim()) {
      form.setError('root', { message: NAMES_REQUIRED_TEXT });
      return;
    }
    try {
      const updated = await update.mutateAsync({
        firstName: firstName.trim(),
        lastName: lastName.trim(),
      });
      toast.success(`Name updated to ${clientName(updated)}`);
      onOpenChange(false);
    } catch (e) {
      form.setError('root', { message: errorMessage(e) });
    }
  }

  const missing = (value: string) => (error === NAMES_REQUIRED_TEXT && !value.trim()) || undefined;

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Client Name"
      description={`Change the name of ${clientName(client)}.`}
      errorId={ERROR_ID}
      submitLabel="Save Name"
      busyLabel="Saving..."
      onSubmit={save}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {(['firstName', 'lastName'] as const).map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem
                id={name === 'firstName' ? 'edit-first-name' : 'edit-last-name'}
                describedBy={error ? ERROR_ID : undefined}
              >
                <FormLabel>{name === 'firstName' ? 'First name' : 'Last name'}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    autoComplete="off"
                    required
                    aria-invalid={missing(field.value)}
                    onChange={(e) => {
                      field.onChange(e);
                      form.clearErrors('root');
                    }}
                  />
                </FormControl>
              </FormItem>
            )}
          />
        ))}
      </div>
    </FormDialog>
  );
}
