'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { CircleAlert } from 'lucide-react';
import { TextField } from '@/components/shared/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Form } from '@/components/ui/form';
import { ApiError } from '@/lib/client/api';
import { call } from '@/lib/contract/client';
import { showServerError, useSchemaForm } from '@/lib/contract/form';
import * as invites from '@/lib/contract/invites';
import { inviteFormSchema, type InviteFormInput } from '@/lib/validation/invites';

const NETWORK_TEXT = 'Network error. Please try again.';
const ERROR_ID = 'invite-form-error';

/**
 * The invited person's password, twice (issue 31). The account is made and signed in by the one call; then
 * straight on to the dashboard. The email is shown, not typed: it is the invitation's.
 */
export function InviteForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  // Stays true after success, so the button does not flicker back before the dashboard shows.
  const [redirecting, setRedirecting] = useState(false);
  // The auth pages have no query client: the call is made directly, as the sign-in form does.
  const form = useSchemaForm(inviteFormSchema, { defaultValues: { password: '', confirmPassword: '' } });
  const busy = form.formState.isSubmitting || redirecting;
  const error = form.formState.errors.root?.message;

  async function onSubmit({ password }: InviteFormInput) {
    try {
      await call(invites.acceptInvite, { params: { token }, body: { password } });
    } catch (e) {
      if (e instanceof ApiError && e.isNetworkError) form.setError('root', { message: NETWORK_TEXT });
      else showServerError(form, e);
      return;
    }
    setRedirecting(true);
    router.replace('/');
    router.refresh();
  }

  return (
    <Form {...form}>
      <form method="post" onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="invite-email">Email</Label>
          <Input
            id="invite-email"
            name="username"
            type="email"
            value={email}
            readOnly
            autoComplete="username"
            aria-describedby="invite-email-hint"
            className="h-11 bg-muted"
          />
          <p id="invite-email-hint" className="text-sm text-muted-foreground">
            Your username: you sign in with this address.
          </p>
        </div>
        <TextField
          control={form.control}
          name="password"
          id="invite-password"
          label="Password"
          description="At least 8 characters. A few words you will remember make a strong one."
          type="password"
          autoComplete="new-password"
          required
          className="grid gap-2"
          describedBy={error ? ERROR_ID : undefined}
        />
        <TextField
          control={form.control}
          name="confirmPassword"
          id="invite-confirm-password"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          className="grid gap-2"
        />
        {error && (
          <Alert variant="destructive" id={ERROR_ID}>
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" disabled={busy} className="h-11 w-full">
          {busy ? 'Setting up...' : 'Set Up My Account'}
        </Button>
      </form>
    </Form>
  );
}
