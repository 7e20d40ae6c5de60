import { SearchX } from 'lucide-react';
import type { Clinic } from '@/lib/clinic';
import { NotFoundPanel } from '@/components/card/public-panels';

/**
 * A review link whose team member does not exist (a mistyped link, or a member who has been removed). Ends with
 * the clinic's phone and website (issue 29, point 12).
 */
export function ReviewNotFound({ clinic }: { clinic: Clinic }) {
  return (
    <NotFoundPanel clinic={clinic} id="review-not-found-heading" icon={SearchX} title="Review Link Not Found">
      We could not find the team member this link belongs to: the link may be incomplete, or they may no
      longer work at {clinic.inText}. Please ask a member of the team for their QR code, or contact us. Thank
      you for taking the time to review us.
    </NotFoundPanel>
  );
}
