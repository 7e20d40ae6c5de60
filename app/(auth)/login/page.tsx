import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Smile } from 'lucide-react';
import { AuthPage } from '@/components/auth/auth-page';
import { LoginForm } from '@/components/auth/login-form';
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
    <AuthPage icon={Smile} heading="Smile Referrals" description="Sign in to the staff dashboard.">
      <LoginForm callbackUrl={callbackUrl} />
    </AuthPage>
  );
}
