import type { Metadata } from 'next';
import { KeyRound } from 'lucide-react';
import { AuthPage } from '@/components/auth/auth-page';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { title: 'Forgot Password', robots: { index: false, follow: false } };

/**
 * /forgot-password (issue 31): a member of staff who forgot their password asks for a link to choose a new
 * one. Public, beside the sign-in page and drawn like it.
 */
export default function ForgotPasswordPage() {
  return (
    <AuthPage
      icon={KeyRound}
      heading="Forgot your password?"
      description="Enter the email address of your Smile Referrals account, and we will email you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}
