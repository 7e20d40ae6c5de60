import { CreditCard } from 'lucide-react';
import type { Clinic } from '@/lib/clinic';
import { NotFoundPanel } from './public-panels';

/** No token, or no card for it (spec sections 2 and 8). Rendered in place: the app's 404 page says 'Page Not Found'. */
export function CardNotFound({ clinic }: { clinic: Clinic }) {
  return (
    <NotFoundPanel
      clinic={clinic}
      id="card-not-found-heading"
      icon={CreditCard}
      title="Referral Reward Card Not Found"
    >
      This card must be created by an administrator before it can be used.
    </NotFoundPanel>
  );
}
