'use client';

import { useState } from 'react';
import Link from 'next/link';
import { CircleAlert, MailCheck } from 'lucide-react';
import { TextField } from '@/components/shared/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { call } from '@/lib/contract/client';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import { requestReset } from '@/lib/contract/password-reset';

const ERROR_ID = 'forgot-password-error';

/**
 * "Forgot password?" (issue 31): the account's email address, and a link is sent when an account uses it. The
 * answer's words are the same either way, and are shown in a status region that is on the page from the start,
 * so a screen reader reads them out when they arrive. The form stays, to correct a mistyped address.
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  // The page is outside the staff app (no query client): the call is made directly.
  const form = useSchemaForm(requestReset.body, { defaultValues: { email: '' } });
  const { isSubmitting, errors } = form.formState;
  const problem = errors.root?.message;

  const onSubmit = form.handleSubmit(async (body) => {
    setSent(null);
    try {
      const answer = await call(requestReset, { body });
      setSent(answer.message);
    } catch (error) {
      showServerError(form, error);
    }
  });

  return (
    <div className="grid gap-4">
      <Form {...form}>
        <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextField
            control={form.control}
            name="email"
            id="email"
            label="Email address"
            description="The address you sign in with."
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            className="[&_input]:h-11"
            describedBy={problem ? ERROR_ID : undefined}
            onInput={() => {
              setSent(null);
              form.clearErrors('root');
            }}
          />
          {problem && (
            <Alert variant="destructive" id={ERROR_ID}>
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
          <Button type="submit" disabled={isSubmitting} className="h-11 w-full">
            {isSubmitting ? 'Sending...' : 'Email me a link'}
          </Button>
        </form>
      </Form>
      <div role="status" aria-live="polite">
        {sent && (
          // The region around it says it (role=status); the alert's own role would say it twice.
          <Alert
            role={undefined}
            className="border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-300"
          >
            <MailCheck aria-hidden="true" />
            <AlertDescription className="text-current">
              {sent} If nothing arrives within a few minutes, check your junk folder, or ask a full admin of
              your clinic.
            </AlertDescription>
          </Alert>
        )}
      </div>
      <p className="text-center text-sm">
        <Link href="/login" className="text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
