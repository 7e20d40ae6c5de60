'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/client/api';
import { updateClient } from './client-api';
import type { ClientDialogProps } from './edit-name-dialog';
import { FormDialog } from './form-dialog';
import { clientName } from './types';

const ERROR_ID = 'affiliate-error';

export function AffiliateDialog({
  client,
  open,
  onOpenChange,
  onSaved,
  onCloseAutoFocus,
}: ClientDialogProps) {
  const [company, setCompany] = useState(client.affiliateCompany ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const updated = await updateClient(client.id, { affiliateCompany: company.trim() || null });
      onSaved(updated);
      toast.success(
        updated.affiliateCompany
          ? `Affiliate company of ${clientName(updated)} saved`
          : `Affiliate company of ${clientName(updated)} removed`,
      );
      onOpenChange(false);
    } catch (e) {
      console.error('Affiliate company update failed', e);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Affiliate Company"
      description={`The company that referred ${clientName(client)} to the clinic, if any.`}
      error={error}
      errorId={ERROR_ID}
      busy={busy}
      submitLabel="Save Company"
      busyLabel="Saving..."
      onSubmit={save}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="grid gap-2">
        <Label htmlFor="affiliate-company">Affiliate company (optional)</Label>
        <Input
          id="affiliate-company"
          value={company}
          autoComplete="off"
          maxLength={200}
          aria-describedby={['affiliate-company-hint', error && ERROR_ID].filter(Boolean).join(' ')}
          onChange={(e) => setCompany(e.target.value)}
        />
        <p id="affiliate-company-hint" className="text-xs text-muted-foreground">
          Leave blank to remove it.
        </p>
      </div>
    </FormDialog>
  );
}
