import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { AppUrlState } from '@/lib/local-address';

/**
 * Shown to full admins above every staff page while APP_URL is not a public address: not set (issue 14 point 5),
 * or set to a loopback or private address (issue 29 point 6). Either way every link and QR code the app hands
 * out, card emails included, names an address that no client's phone can reach. It is not dismissible: the
 * links are dead until the server is fixed, and only a full admin can fix it.
 */
export function AppUrlBanner({ origin, state }: { origin: string; state: Exclude<AppUrlState, 'public'> }) {
  return (
    <Alert
      data-testid="app-url-banner"
      className="mb-6 border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{state === 'unset' ? 'APP_URL is not set' : 'APP_URL is a local address'}</AlertTitle>
      <AlertDescription className="text-amber-950 dark:text-amber-100">
        {state === 'unset' ? (
          <p>
            Links and printed QR codes would point to {origin}, which clients cannot open. Set APP_URL to the
            clinic&apos;s public address (for example https://referrals.yourclinic.co.uk) and restart the app.
          </p>
        ) : (
          <p>
            APP_URL is {origin}, which only this computer or network can open: the links in card emails and
            printed QR codes would not work on a patient&apos;s phone. Set APP_URL to the clinic&apos;s public
            address (for example https://referrals.yourclinic.co.uk) and restart the app.
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** The banner to show, or null: full admins only (they can change the configuration), and only until public. */
export function appUrlBanner(user: { isFullAdmin: boolean }, origin: string, state: AppUrlState) {
  if (!user.isFullAdmin || state === 'public') return null;
  return <AppUrlBanner origin={origin} state={state} />;
}
