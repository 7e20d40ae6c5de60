'use client';

import { toast } from 'sonner';
import { FormDialog } from '@/components/shared/form-dialog';
import { TextField } from '@/components/shared/text-field';
import { errorMessage } from '@/lib/client/api';
import { useSchemaForm } from '@/lib/contract/form';
import { affiliateFormSchema } from '@/lib/validation/clients';
import { useUpdateClient } from './mutations';
import type { ClientDialogProps } from './edit-client-dialog';
import { clientName } from './types';

const ERROR_ID = 'affiliate-error';

export function AffiliateDialog({ client, open, onOpenChange, onCloseAutoFocus }: ClientDialogProps) {
  const update = useUpdateClient();
  // Checked as PATCH checks the field; blank becomes null (none).
  const form = useSchemaForm(affiliateFormSchema, {
    defaultValues: { affiliateCompany: client.affiliateCompany ?? '' },
  });

  async function save({ affiliateCompany }: { affiliateCompany?: string | null }) {
    try {
      const updated = await update.mutateAsync({
        params: { id: client.id },
        body: { affiliateCompany: affiliateCompany ?? null },
      });
      toast.success(
        updated.affiliateCompany
          ? `Affiliate company of ${clientName(updated)} saved`
          : `Affiliate company of ${clientName(updated)} removed`,
      );
      onOpenChange(false);
    } catch (e) {
      console.error('Affiliate company update failed', e);
      form.setError('root', { message: errorMessage(e) });
    }
  }

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Affiliate Company"
      description={`The company that referred ${clientName(client)} to the clinic, if any.`}
      errorId={ERROR_ID}
      submitLabel="Save Company"
      busyLabel="Saving..."
      onSubmit={save}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <TextField
        control={form.control}
        name="affiliateCompany"
        id="affiliate-company"
        label="Affiliate company (optional)"
        description={<span className="text-xs">Leave blank to remove it.</span>}
        autoComplete="off"
        maxLength={200}
      />
    </FormDialog>
  );
}
