import { CreditCard } from 'lucide-react';
import type { Clinic } from '@/lib/clinic';
import { NotFoundPanel } from './public-panels';

/**
 * No token, or no card for it (spec sections 2 and 8). Rendered in place: the app's 404 page says 'Page Not Found'.
 * Issue 29, point 12: the spec's 'must be created by an administrator' meant nothing to a patient holding a link;
 * this says what probably happened and how to reach the clinic (NotFoundPanel ends with its phone and website).
 */
export function CardNotFound({ clinic }: { clinic: Clinic }) {
  return (
    <NotFoundPanel
      clinic={clinic}
      id="card-not-found-heading"
      icon={CreditCard}
      title="Referral Reward Card Not Found"
    >
      We could not find a reward card at this link. It may not have been copied in full, or the card may have
      been replaced by a new one. Please open the link from your email again, or contact {clinic.inText} and
      we will send you your card.
    </NotFoundPanel>
  );
}
