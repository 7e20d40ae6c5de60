'use client';

import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/shared/form-dialog';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/client/api';
import { useUpdateClient } from './mutations';
import type { ClientDialogProps } from './edit-client-dialog';
import { clientName } from './types';

const ERROR_ID = 'affiliate-error';

export function AffiliateDialog({ client, open, onOpenChange, onCloseAutoFocus }: ClientDialogProps) {
  const update = useUpdateClient(client.id);
  const form = useForm<{ company: string }>({ defaultValues: { company: client.affiliateCompany ?? '' } });
  const error = form.formState.errors.root?.message;

  async function save({ company }: { company: string }) {
    try {
      const updated = await update.mutateAsync({ affiliateCompany: company.trim() || null });
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
      <FormField
        control={form.control}
        name="company"
        render={({ field }) => (
          <FormItem id="affiliate-company" describedBy={error ? ERROR_ID : undefined}>
            <FormLabel>Affiliate company (optional)</FormLabel>
            <FormControl>
              <Input {...field} autoComplete="off" maxLength={200} />
            </FormControl>
            <FormDescription className="text-xs">Leave blank to remove it.</FormDescription>
          </FormItem>
        )}
      />
    </FormDialog>
  );
}
