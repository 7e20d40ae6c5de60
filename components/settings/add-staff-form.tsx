'use client';

import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiFetch, errorMessage } from '@/lib/client/api';
import { createStaffUserSchema, type CreateStaffUserInput } from '@/lib/validation/staff';
import type { StaffAccount } from './staff-account-item';

type CreateStaffUserOutput = z.output<typeof createStaffUserSchema>;

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export function AddStaffForm({ onAdded }: { onAdded: (account: StaffAccount) => void }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateStaffUserInput, unknown, CreateStaffUserOutput>({
    resolver: zodResolver(createStaffUserSchema),
    defaultValues: { email: '', password: '', isFullAdmin: false },
  });

  async function onSubmit(values: CreateStaffUserOutput) {
    setError(null);
    try {
      const account = await apiFetch<StaffAccount>('/api/admin/users', { method: 'POST', body: values });
      reset();
      onAdded(account);
      toast.success(`Staff account added for ${account.email}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <h3 className="text-sm font-semibold">Add a staff account</h3>

      <div className="grid gap-2">
        <Label htmlFor="new-staff-email">Email</Label>
        <Input
          id="new-staff-email"
          type="email"
          autoComplete="off"
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy(errors.email && 'new-staff-email-error')}
          {...register('email')}
        />
        {errors.email && (
          <p id="new-staff-email-error" className="text-sm text-destructive">
            {errors.email.message}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <Label htmlFor="new-staff-password">Temporary password</Label>
        <Input
          id="new-staff-password"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy(
            errors.password && 'new-staff-password-error',
            'new-staff-password-hint',
          )}
          {...register('password')}
        />
        <p id="new-staff-password-hint" className="text-xs text-muted-foreground">
          At least 8 characters. Ask them to change it in Settings after signing in.
        </p>
        {errors.password && (
          <p id="new-staff-password-error" className="text-sm text-destructive">
            {errors.password.message}
          </p>
        )}
      </div>

      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name="isFullAdmin"
          render={({ field }) => (
            <Checkbox
              id="new-staff-full-admin"
              ref={field.ref}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Label htmlFor="new-staff-full-admin">Full admin</Label>
      </div>

      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Adding...' : 'Add Staff Account'}
      </Button>
    </form>
  );
}
