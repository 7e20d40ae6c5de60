'use client';

import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { ApiError } from '@/lib/client/api';
import { useSchemaForm } from '@/lib/contract/form';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@/lib/validation/auth';
import { useChangePassword } from './mutations';

type FieldName = keyof ChangePasswordFormInput;

const FIELDS: { name: FieldName; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

const ERROR_ID = 'password-card-error';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

function failureMessage(e: unknown): string {
  if (e instanceof ApiError && !e.isNetworkError) return e.serverMessage ?? 'Failed to change password';
  return 'Network error. Please try again.';
}

export function PasswordCard({ email }: { email: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const change = useChangePassword();
  const form = useSchemaForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const anyEmpty = FIELDS.some(({ name }) => !values[name]);

  // The spec shows validation failures in the card's red alert, like the server's own errors.
  const invalidField = FIELDS.find(({ name }) => errors[name]);
  const validationMessage = invalidField ? errors[invalidField.name]?.message : undefined;
  const errorText = validationMessage ?? (outcome && !outcome.ok ? outcome.message : undefined);

  async function onSubmit({ currentPassword, newPassword }: ChangePasswordFormInput) {
    setOutcome(null);
    try {
      await change.mutateAsync({ body: { email, currentPassword, newPassword } });
      form.reset();
      setOutcome({ ok: true, message: 'Password changed successfully!' });
    } catch (e) {
      setOutcome({ ok: false, message: failureMessage(e) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Password Management</h2>
        </CardTitle>
        <CardDescription>Change the password you sign in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form method="post" onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
            {/* Tells password managers whose password this is. */}
            <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
            {FIELDS.map(({ name, label, autoComplete }) => (
              <FormField
                key={name}
                control={form.control}
                name={name}
                render={({ field, fieldState }) => (
                  // The field's message is the card's red alert (the spec shows them there, like the server's).
                  <FormItem id={name} describedBy={fieldState.error ? ERROR_ID : undefined}>
                    <FormLabel>{label}</FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        type="password"
                        autoComplete={autoComplete}
                        required
                        onChange={(e) => {
                          field.onChange(e);
                          setOutcome(null);
                        }}
                      />
                    </FormControl>
                  </FormItem>
                )}
              />
            ))}

            {errorText && (
              <Alert variant="destructive" id={ERROR_ID}>
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{errorText}</AlertDescription>
              </Alert>
            )}
            {outcome?.ok && (
              <Alert
                role="status"
                className="border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-300"
              >
                <CircleCheck aria-hidden="true" />
                <AlertDescription className="text-current">{outcome.message}</AlertDescription>
              </Alert>
            )}

            <Button type="submit" disabled={isSubmitting || anyEmpty} className="justify-self-start">
              {isSubmitting ? 'Changing...' : 'Change Password'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
