'use client';

import { useState } from 'react';
import { TextField } from '@/components/shared/text-field';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { call } from '@/lib/contract/client';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { submitBankDetails } from '@/lib/contract/public';

/** 112233 or 11 22 33 → 11-22-33; anything else as typed (the schema then says what is wrong). */
export function tidySortCode(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits)
    ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`
    : value.trim();
}

/**
 * The client's bank details through their one-time link (issue 17), checked with the endpoint's own schema
 * (the spec's messages) and sent once. A link used or expired meanwhile is answered in words.
 */
export function BankDetailsForm({ token, clinicName }: { token: string; clinicName: string }) {
  const [done, setDone] = useState(false);
  const form = useSchemaForm(submitBankDetails.body, {
    defaultValues: { accountName: '', sortCode: '', accountNumber: '' },
    mode: 'onTouched',
  });
  const problem = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await call(submitBankDetails, { params: { token }, body });
      setDone(true);
    } catch (error) {
      showServerError(form, error);
    }
  });

  if (done) {
    return (
      <div role="status" className="grid gap-2 rounded-xl border p-4">
        <h2 className="text-xl font-bold">Thank you</h2>
        <p>
          Your bank details were sent to {clinicName}. The team checks new details before paying a reward into
          them; this link will not work again.
        </p>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="accountName"
          label="Account holder's name"
          autoComplete="name"
        />
        <FormField
          control={form.control}
          name="sortCode"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Sort code</FormLabel>
              <FormControl>
                <Input
                  inputMode="numeric"
                  placeholder="12-34-56"
                  autoComplete="off"
                  {...field}
                  onBlur={() => {
                    field.onChange(tidySortCode(field.value));
                    field.onBlur();
                  }}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <TextField
          control={form.control}
          name="accountNumber"
          label="Account number"
          inputMode="numeric"
          placeholder="12345678"
          autoComplete="off"
          maxLength={8}
        />
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending…' : 'Send my bank details'}
        </Button>
      </form>
    </Form>
  );
}
