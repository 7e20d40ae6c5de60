import { SearchX } from 'lucide-react';
import { NotFoundPanel } from '@/components/card/public-panels';

/** A review link whose team member does not exist (a mistyped link, or a member who has been removed). */
export function ReviewNotFound() {
  return (
    <NotFoundPanel id="review-not-found-heading" icon={SearchX} title="Review Link Not Found">
      We could not find the team member this link belongs to. Please check the link, or ask a member of our
      team for their QR code. Thank you for taking the time to review us.
    </NotFoundPanel>
  );
}
