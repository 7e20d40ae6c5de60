import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { KeyRound, LinkIcon } from 'lucide-react';
import { AuthPage } from '@/components/auth/auth-page';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { Button } from '@/components/ui/button';
import { clientIp } from '@/lib/api/client-ip';
import { formatDateTime } from '@/lib/format';
import {
  resetLinkForPage,
  RESET_LINK_EXPIRED_TEXT,
  RESET_LINK_INVALID_TEXT,
  RESET_LINK_RETIRED_TEXT,
  RESET_LINK_USED_TEXT,
} from '@/lib/services/account/password-reset';

export const dynamic = 'force-dynamic';

// The token is in the address: no page it links to is told it (Referrer-Policy), and no search engine keeps it.
export const metadata: Metadata = {
  title: 'Choose a New Password',
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

const PROBLEMS = {
  used: { heading: 'This link has already been used', text: RESET_LINK_USED_TEXT },
  expired: { heading: 'This link has expired', text: RESET_LINK_EXPIRED_TEXT },
  retired: { heading: 'This link has been replaced', text: RESET_LINK_RETIRED_TEXT },
  invalid: { heading: 'This link is not valid', text: RESET_LINK_INVALID_TEXT },
  limited: {
    heading: 'Too many attempts',
    text: 'Too many password reset links were tried from this address. Please wait 15 minutes and open the link again.',
  },
} as const;

/**
 * /reset-password/{token} (issue 31): the page the password reset email links to. A usable link shows the form
 * for the new password; a used, expired, replaced or unknown one says which, in words, with a way to ask for a
 * new link. Looking a link up counts against the caller's address like using one (resetLinkForPage).
 */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await resetLinkForPage(token, clientIp(await headers()));

  if (link.state !== 'valid') {
    return (
      <AuthPage
        icon={LinkIcon}
        iconClassName="text-muted-foreground"
        heading={PROBLEMS[link.state].heading}
        contentClassName="grid gap-4"
      >
        <p className="text-center">{PROBLEMS[link.state].text}</p>
        <Button asChild className="h-11 w-full">
          <Link href="/forgot-password">Ask for a new link</Link>
        </Button>
        <p className="text-center text-sm">
          <Link href="/login" className="text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      icon={KeyRound}
      heading="Choose a new password"
      description={
        <>
          For <span className="font-medium break-all text-foreground">{link.email}</span>. This link works
          once, until {formatDateTime(link.expiresAt)} (UK time). Every browser signed in to your account will
          be signed out.
        </>
      }
    >
      <ResetPasswordForm token={token} email={link.email} />
    </AuthPage>
  );
}
