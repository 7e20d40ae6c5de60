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

  async function onSubmit(values: LoginInput) {
    setError(null);
    try {
      await call(auth.login, { body: values });
    } catch (e) {
      const isAnswer = e instanceof ApiError && !e.isNetworkError;
      setError(isAnswer ? (e.serverMessage ?? INVALID_CREDENTIALS_TEXT) : LOGIN_FAILED_TEXT);
      return;
    }
    setRedirecting(true);
    // The page passes a safe path already; checked again here against the origin the browser is on.
    router.replace(safeCallbackUrl(callbackUrl, window.location.origin));
    router.refresh();
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
        {/* Issue 31: a forgotten password is reset by email, without a full admin. */}
        <Link
          href="/forgot-password"
          className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
        <Button type="submit" disabled={busy} className="h-11 w-full">
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </Form>
  );
}
