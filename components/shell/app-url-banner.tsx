import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/**
 * Shown to full admins while APP_URL is not set (issue 14 point 5): every link and QR code the app hands out
 * names the default address, which no client's phone can reach.
 */
export function AppUrlBanner({ origin }: { origin: string }) {
  return (
    <Alert className="mb-6 border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>APP_URL is not set</AlertTitle>
      <AlertDescription className="text-amber-950 dark:text-amber-100">
        <p>
          Links and printed QR codes would point to {origin}, which clients cannot open. Set APP_URL to the
          clinic&apos;s public address (for example https://referrals.yourclinic.co.uk) and restart the app.
        </p>
      </AlertDescription>
    </Alert>
  );
}
