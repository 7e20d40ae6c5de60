import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { Smile } from 'lucide-react';
import { AuthPage } from '@/components/auth/auth-page';
import { InviteForm } from '@/components/auth/invite-form';
import { formatDate } from '@/lib/format';
import {
  INVITE_EXPIRED_TEXT,
  INVITE_INVALID_TEXT,
  INVITE_REVOKED_TEXT,
  INVITE_USED_TEXT,
  inviteLinkStateForPage,
} from '@/lib/services/account/invites';
import { getClinic } from '@/lib/services/clinic';

export const dynamic = 'force-dynamic';

// The link's token is in the address: no Referer carries it anywhere (as /bank-details/{token}).
export const metadata: Metadata = {
  title: 'Set up your account',
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

const PROBLEMS = {
  accepted: { heading: 'This invitation has already been used', text: INVITE_USED_TEXT },
  expired: { heading: 'This invitation has expired', text: INVITE_EXPIRED_TEXT },
  revoked: { heading: 'This invitation was withdrawn', text: INVITE_REVOKED_TEXT },
  invalid: { heading: 'This link is not valid', text: INVITE_INVALID_TEXT },
  limited: {
    heading: 'Too many attempts',
    text: 'Too many links that are not valid were opened from this address. Please wait 15 minutes and open the link from the email again.',
  },
} as const;

/**
 * /invite/{token} (issue 31): where an invited member of staff chooses their password, then lands in the
 * dashboard signed in. A used, expired, withdrawn or unknown link says which, and what to do. Unknown tokens
 * count against the address, as the API counts them.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [state, clinic] = await Promise.all([inviteLinkStateForPage(token, await headers()), getClinic()]);

  if (state.state !== 'valid') {
    return (
      <AuthPage
        icon={Smile}
        heading={PROBLEMS[state.state].heading}
        contentClassName="grid gap-4 text-center"
      >
        <p role="status">{PROBLEMS[state.state].text}</p>
        <Link
          href="/login"
          className="justify-self-center text-sm font-medium text-primary underline underline-offset-4"
        >
          Go to the sign-in page
        </Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      icon={Smile}
      heading="Set up your account"
      description={
        <>
          You have been invited to {clinic.displayName}’s Smile Referrals
          {state.isFullAdmin ? ' as a full admin' : ''}. Choose the password you will sign in with. This link
          works once, until {formatDate(state.expiresAt)}.
        </>
      }
    >
      <InviteForm token={token} email={state.email} />
    </AuthPage>
  );
}
