import { SearchX } from 'lucide-react';
import type { Clinic } from '@/lib/clinic';
import { NotFoundPanel } from '@/components/card/public-panels';

/** A review link whose team member does not exist (a mistyped link, or a member who has been removed). */
export function ReviewNotFound({ clinic }: { clinic: Clinic }) {
  return (
    <NotFoundPanel clinic={clinic} id="review-not-found-heading" icon={SearchX} title="Review Link Not Found">
      We could not find the team member this link belongs to. Please check the link, or ask a member of the
      team at {clinic.inText} for their QR code. Thank you for taking the time to review us.
    </NotFoundPanel>
  );
}
