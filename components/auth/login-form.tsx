'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { ApiError } from '@/lib/client/api';
import * as auth from '@/lib/contract/auth';
import { call } from '@/lib/contract/client';
import { useSchemaForm } from '@/lib/contract/form';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import type { LoginInput } from '@/lib/validation/auth';
import { INVALID_CREDENTIALS_TEXT } from '@/lib/validation/messages';
import { LOGIN_FAILED_TEXT } from '@/lib/copy';
import type { SecondFactorRequiredDto } from '@/lib/dto/auth';
import { SecondStep } from './second-step';
import { PasskeySignIn } from './passkey-sign-in';

export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // Stays true after success so the button does not flicker back to 'Sign In' before the page changes.
  const [redirecting, setRedirecting] = useState(false);
  // The sign-in page has no query client (it is outside the staff app): the call is made directly.
  const form = useSchemaForm(auth.login.body, {
    defaultValues: { username: '', password: '' },
  });
  const busy = form.formState.isSubmitting || redirecting;
  // Issue 31: the password was right and the account has a second factor: the second step takes its place.
  const [secondStep, setSecondStep] = useState<SecondFactorRequiredDto['methods'] | null>(null);

  function signedIn() {
    setRedirecting(true);
    // The page passes a safe path already; checked again here against the origin the browser is on.
    router.replace(safeCallbackUrl(callbackUrl, window.location.origin));
    router.refresh();
  }

  async function onSubmit(values: LoginInput) {
    setError(null);
    try {
      const answer = await call(auth.login, { body: values });
      if ('secondFactorRequired' in answer) return setSecondStep(answer.methods);
    } catch (e) {
      const isAnswer = e instanceof ApiError && !e.isNetworkError;
      setError(isAnswer ? (e.serverMessage ?? INVALID_CREDENTIALS_TEXT) : LOGIN_FAILED_TEXT);
      return;
    }
    signedIn();
  }

  if (secondStep) {
    return (
      <SecondStep
        methods={secondStep}
        onSignedIn={signedIn}
        onBack={(message) => {
          setSecondStep(null);
          setError(message ?? null);
          form.resetField('password');
          requestAnimationFrame(() => form.setFocus('password'));
        }}
        passkey={
          <PasskeySignIn
            secondStep
            onSignedIn={signedIn}
            onBack={(message) => {
              setSecondStep(null);
              setError(message ?? null);
            }}
          />
        }
      />
    );
  }

  return (
    <Form {...form}>
      <form method="post" onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem id="username">
              <FormLabel>Username</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  type="text"
                  inputMode="email"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  className="h-11"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem id="password">
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input {...field} type="password" autoComplete="current-password" required className="h-11" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" disabled={busy} className="h-11 w-full">
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
        {/* Issue 31: a forgotten password is reset by email, without a full admin. After Sign In, so a
            keyboard goes from the password straight to the button. */}
        <Link
          href="/forgot-password"
          className="-mt-1 inline-flex min-h-11 items-center justify-self-center text-sm text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </form>
      {/* Issue 31: a passkey alone (a discoverable credential), instead of the email and password. */}
      <div className="mt-4 grid gap-4">
        <p className="flex items-center gap-3 text-xs text-muted-foreground uppercase before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          or
        </p>
        <PasskeySignIn onSignedIn={signedIn} />
      </div>
    </Form>
  );
}
