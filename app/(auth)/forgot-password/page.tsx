import type { Metadata } from 'next';
import { KeyRound } from 'lucide-react';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Forgot Password', robots: { index: false, follow: false } };

/**
 * /forgot-password (issue 31): a member of staff who forgot their password asks for a link to choose a new
 * one. Public, beside the sign-in page and drawn like it.
 */
export default function ForgotPasswordPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <KeyRound className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold tracking-tight">Forgot your password?</h1>
          <CardDescription>
            Enter the email address of your Smile Referrals account, and we will email you a link to choose a
            new password.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ForgotPasswordForm />
        </CardContent>
      </Card>
    </main>
  );
}
