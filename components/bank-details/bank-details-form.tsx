'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { apiFetch, errorMessage } from '@/lib/client/api';
import { setServerErrors } from '@/lib/client/form-errors';
import { bankDetailsLinkSchema, type BankDetailsLinkInput } from '@/lib/validation/clients';

/** 112233 or 11 22 33 → 11-22-33; anything else as typed (the schema then says what is wrong). */
export function tidySortCode(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits)
    ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`
    : value.trim();
}

/**
 * The client's bank details through their one-time link (issue 17), checked as the server checks them (the
 * spec's messages) and sent once. A link used or expired meanwhile is answered in words.
 */
export function BankDetailsForm({ token, clinicName }: { token: string; clinicName: string }) {
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<BankDetailsLinkInput>({
    resolver: zodResolver(bankDetailsLinkSchema),
    defaultValues: { accountName: '', sortCode: '', accountNumber: '' },
    mode: 'onTouched',
  });

  async function onSubmit(values: BankDetailsLinkInput) {
    setProblem(null);
    try {
      await apiFetch(`/api/bank-details/${encodeURIComponent(token)}`, { method: 'POST', body: values });
      setDone(true);
    } catch (error) {
      if (!setServerErrors(form, error)) setProblem(errorMessage(error));
    }
  }

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
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="accountName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Account holder&apos;s name</FormLabel>
              <FormControl>
                <Input autoComplete="name" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
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
        <FormField
          control={form.control}
          name="accountNumber"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Account number</FormLabel>
              <FormControl>
                <Input
                  inputMode="numeric"
                  placeholder="12345678"
                  autoComplete="off"
                  maxLength={8}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
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
