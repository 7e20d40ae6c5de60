'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/client/api';
import { NAMES_REQUIRED_TEXT } from '@/lib/validation/clients';
import { updateClient } from './client-api';
import { FormDialog } from './form-dialog';
import { clientName, type ClientDto } from './types';

export interface ClientDialogProps {
  client: ClientDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (client: ClientDto) => void;
  /** Radix returns focus only to a DialogTrigger; these dialogs are opened from the list, which says where. */
  onCloseAutoFocus?: (event: Event) => void;
}

const ERROR_ID = 'edit-name-error';

export function EditNameDialog({ client, open, onOpenChange, onSaved, onCloseAutoFocus }: ClientDialogProps) {
  const [firstName, setFirstName] = useState(client.firstName);
  const [lastName, setLastName] = useState(client.lastName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstMissing = error === NAMES_REQUIRED_TEXT && !firstName.trim();
  const lastMissing = error === NAMES_REQUIRED_TEXT && !lastName.trim();

  async function save() {
    if (!firstName.trim() || !lastName.trim()) {
      setError(NAMES_REQUIRED_TEXT);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await updateClient(client.id, {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
      });
      onSaved(updated);
      toast.success(`Name updated to ${clientName(updated)}`);
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Client Name"
      description={`Change the name of ${clientName(client)}.`}
      error={error}
      errorId={ERROR_ID}
      busy={busy}
      submitLabel="Save Name"
      busyLabel="Saving..."
      onSubmit={save}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="edit-first-name">First name</Label>
          <Input
            id="edit-first-name"
            value={firstName}
            autoComplete="off"
            required
            aria-invalid={firstMissing || undefined}
            aria-describedby={error ? ERROR_ID : undefined}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="edit-last-name">Last name</Label>
          <Input
            id="edit-last-name"
            value={lastName}
            autoComplete="off"
            required
            aria-invalid={lastMissing || undefined}
            aria-describedby={error ? ERROR_ID : undefined}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
      </div>
    </FormDialog>
  );
}
