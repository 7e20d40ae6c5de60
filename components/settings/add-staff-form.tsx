'use client';

import { CircleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { TextField } from '@/components/shared/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import * as auth from '@/lib/contract/auth';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { CheckboxField } from './checkbox-field';
import { useAddStaff } from './mutations';

/** A new staff account (full admins): the form checks with the endpoint's own schema. */
export function AddStaffForm() {
  const add = useAddStaff();
  const form = useSchemaForm(auth.createStaff.body, {
    defaultValues: { email: '', password: '', isFullAdmin: false },
  });
  const error = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const account = await add.mutateAsync({ body });
      form.reset();
      toast.success(`Staff account added for ${account.email}`);
    } catch (e) {
      showServerError(form, e);
    }
  });

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
        <h3 className="text-sm font-semibold">Add a staff account</h3>
        <TextField
          control={form.control}
          name="email"
          id="new-staff-email"
          label="Email"
          type="email"
          autoComplete="off"
          required
        />
        <TextField
          control={form.control}
          name="password"
          id="new-staff-password"
          label="Temporary password"
          description="At least 8 characters. Ask them to change it in Settings after signing in."
          type="password"
          autoComplete="new-password"
          required
        />
        <CheckboxField
          control={form.control}
          name="isFullAdmin"
          id="new-staff-full-admin"
          label="Full admin"
          className="flex items-center gap-2"
        />
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
          {form.formState.isSubmitting ? 'Adding...' : 'Add Staff Account'}
        </Button>
      </form>
    </Form>
  );
}
