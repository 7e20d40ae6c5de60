import Link from 'next/link';
import { ShieldAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { setUpBanner, type FactorState } from '@/lib/auth/second-factor-rules';
import { formatDate } from '@/lib/format';

/**
 * Issue 31: shown to a full admin without a second factor above every staff page, while the server requires one
 * (REQUIRE_ADMIN_SECOND_FACTOR). During an upgraded install's 14 days' grace it says until when money still
 * moves without one; after it, what is held back until one is set up. Not dismissible: it goes when a passkey
 * or an authenticator app is set up.
 */
export function SecondFactorBanner({ graceUntil }: { graceUntil: Date | null }) {
  return (
    <Alert
      data-testid="second-factor-banner"
      className="mb-6 border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>
        {graceUntil
          ? `Set up a passkey or an authenticator app by ${formatDate(graceUntil)}`
          : 'Set up a passkey or an authenticator app'}
      </AlertTitle>
      <AlertDescription className="text-amber-950 dark:text-amber-100">
        <p>
          {graceUntil
            ? `From ${formatDate(graceUntil)}, full admins need one as well as their password to see bank details, pay rewards and download the bank file.`
            : 'Until you do, bank details are hidden, and rewards cannot be paid nor the bank file downloaded.'}{' '}
          It keeps clients’ bank details safe even if someone learns your password.
        </p>
        <p>
          <Link href="/settings/security" className="font-medium underline underline-offset-4">
            Set it up in Settings → Security
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** The banner to show, or null. */
export function secondFactorBanner(user: FactorState, required: boolean) {
  const state = setUpBanner(user, required);
  return state.show ? <SecondFactorBanner graceUntil={state.graceUntil} /> : null;
}
