'use client';

import { useState } from 'react';
import Link from 'next/link';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { TextField } from '@/components/shared/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { ApiError } from '@/lib/client/api';
import { call } from '@/lib/contract/client';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { resetPassword } from '@/lib/contract/password-reset';
import { resetPasswordFormSchema } from '@/lib/validation/password-reset';

const ERROR_ID = 'reset-password-error';

/** A refusal that means the link cannot be used any more (used 409, expired or replaced 410, unknown 404). */
const linkIsGone = (error: unknown) => error instanceof ApiError && [404, 409, 410].includes(error.status);

/**
 * The new password, typed twice (issue 31), through the emailed link: checked with the spec's messages (the
 * passwords must match, then be 8 characters or more), and sent once. Then the page says it is done and offers
 * to sign in; a link that stopped working meanwhile says so, with a way to ask for a new one.
 */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const form = useSchemaForm(resetPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { isSubmitting, errors } = form.formState;
  const problem = errors.root?.message;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      const answer = await call(resetPassword, { params: { token }, body: { newPassword } });
      setDone(answer.message);
    } catch (error) {
      setGone(linkIsGone(error));
      showServerError(form, error);
    }
  });

  if (done) {
    return (
      <div className="grid gap-4">
        <div role="status">
          <Alert
            role={undefined}
            className="border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-300"
          >
            <CircleCheck aria-hidden="true" />
            <AlertDescription className="text-current">{done}</AlertDescription>
          </Alert>
        </div>
        <Button asChild className="h-11 w-full">
          <Link href="/login">Sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
        {/* Tells password managers whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          control={form.control}
          name="newPassword"
          id="newPassword"
          label="New password"
          description="At least 8 characters. A few words you will remember make a good one."
          type="password"
          autoComplete="new-password"
          required
          className="[&_input]:h-11"
          describedBy={problem ? ERROR_ID : undefined}
        />
        <TextField
          control={form.control}
          name="confirmPassword"
          id="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          className="[&_input]:h-11"
          describedBy={problem ? ERROR_ID : undefined}
        />
        {problem && (
          <Alert variant="destructive" id={ERROR_ID}>
            <CircleAlert aria-hidden="true" />
            <AlertDescription>
              <p>{problem}</p>
              {gone && (
                <Link href="/forgot-password" className="font-medium underline underline-offset-4">
                  Ask for a new link
                </Link>
              )}
            </AlertDescription>
          </Alert>
        )}
        <Button type="submit" disabled={isSubmitting || gone} className="h-11 w-full">
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </Form>
  );
}
