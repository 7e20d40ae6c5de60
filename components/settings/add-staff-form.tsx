'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { apiFetch, errorMessage } from '@/lib/client/api';
import { setServerErrors } from '@/lib/client/form-errors';
import { createStaffUserSchema, type CreateStaffUserInput } from '@/lib/validation/staff';
import { useStaffChange } from './mutations';
import type { StaffAccount } from './staff-account-item';

type CreateStaffUserOutput = z.output<typeof createStaffUserSchema>;

export function AddStaffForm() {
  const change = useStaffChange();
  const form = useForm<CreateStaffUserInput, unknown, CreateStaffUserOutput>({
    resolver: zodResolver(createStaffUserSchema),
    defaultValues: { email: '', password: '', isFullAdmin: false },
  });
  const error = form.formState.errors.root?.message;

  async function onSubmit(values: CreateStaffUserOutput) {
    try {
      const account = (await change.mutateAsync({
        call: () => apiFetch<StaffAccount>('/api/admin/users', { method: 'POST', body: values }),
      })) as StaffAccount;
      form.reset();
      toast.success(`Staff account added for ${account.email}`);
    } catch (e) {
      if (!setServerErrors(form, e)) form.setError('root', { message: errorMessage(e) });
    }
  }

  return (
    <Form {...form}>
      <form method="post" onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <h3 className="text-sm font-semibold">Add a staff account</h3>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem id="new-staff-email">
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input {...field} type="email" autoComplete="off" required />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem id="new-staff-password">
              <FormLabel>Temporary password</FormLabel>
              <FormControl>
                <Input {...field} type="password" autoComplete="new-password" required />
              </FormControl>
              <FormDescription className="text-xs">
                At least 8 characters. Ask them to change it in Settings after signing in.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="isFullAdmin"
          render={({ field }) => (
            <FormItem id="new-staff-full-admin" className="flex items-center gap-2">
              <FormControl>
                <Checkbox
                  ref={field.ref}
                  checked={field.value ?? false}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
              </FormControl>
              <FormLabel>Full admin</FormLabel>
            </FormItem>
          )}
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
