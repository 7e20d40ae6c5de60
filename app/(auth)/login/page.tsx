import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Smile } from 'lucide-react';
import { LoginForm } from '@/components/auth/login-form';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { getCurrentUser } from '@/lib/auth/current-user';
import { appOrigin } from '@/lib/env';

export const metadata: Metadata = { title: 'Sign In' };

interface LoginPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const raw = (await searchParams).callbackUrl;
  // Decided once, here, against the app's own origin: the form only ever sees a path on this site.
  const callbackUrl = safeCallbackUrl(Array.isArray(raw) ? raw[0] : raw, appOrigin());

  if (await getCurrentUser()) redirect(callbackUrl);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <Smile className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold tracking-tight">Smile Referrals</h1>
          <CardDescription>Sign in to the staff dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm callbackUrl={callbackUrl} />
        </CardContent>
      </Card>
    </main>
  );
}
