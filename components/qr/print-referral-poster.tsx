'use client';

import { fileUrl } from '@/lib/contract/client';
import { referralPoster } from '@/lib/contract/payments';
import { PrintButton } from './print-button';
import { usePrint } from './use-print';

export const REFERRAL_POSTER_URL = fileUrl(referralPoster);

/**
 * 'Print referral poster' (issue 29, point 13): the programme's A4 poster for the reception desk, with the
 * clinic's reward and offer in its own words and a QR code to the recommendation form.
 */
export function PrintReferralPoster() {
  const print = usePrint('referral-poster');
  return (
    <div className="grid justify-items-start gap-1 sm:justify-items-end">
      <PrintButton
        busy={print.busyUrl === REFERRAL_POSTER_URL}
        onClick={() =>
          void print.start({
            url: REFERRAL_POSTER_URL,
            fallbackName: 'referral-poster-a4.pdf',
            failureText: 'Could not make the referral poster.',
          })
        }
      >
        Print referral poster
      </PrintButton>
      {print.error && (
        <p role="alert" className="max-w-xs text-sm text-destructive">
          {print.error}
        </p>
      )}
      {print.dialog}
    </div>
  );
}
