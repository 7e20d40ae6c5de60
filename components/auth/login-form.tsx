'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, apiFetch } from '@/lib/client/api';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { loginSchema, type LoginInput } from '@/lib/validation/auth';
import { INVALID_CREDENTIALS_TEXT, LOGIN_FAILED_TEXT } from '@/lib/validation/messages';

export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // Stays true after success so the button does not flicker back to 'Sign In' before the page changes.
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const busy = isSubmitting || redirecting;

  async function onSubmit(values: LoginInput) {
    setError(null);
    try {
      await apiFetch('/api/login', { method: 'POST', body: values });
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
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <div className="grid gap-2">
        <Label htmlFor="username">Username</Label>
        <Input
          id="username"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'username-error' : undefined}
          {...register('username')}
        />
        {errors.username && (
          <p id="username-error" className="text-sm text-destructive">
            {errors.username.message}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...register('password')}
        />
        {errors.password && (
          <p id="password-error" className="text-sm text-destructive">
            {errors.password.message}
          </p>
        )}
      </div>

      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
