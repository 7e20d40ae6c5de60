import { LoaderCircle } from 'lucide-react';
import { CardShell } from './card-shell';

/** Shown while the card is looked up (the route's loading.tsx and the ?token= page's Suspense fallback). */
export function CardLoading() {
  return (
    <CardShell className="justify-center">
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-center">
        <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
        <p className="text-base text-muted-foreground">Loading your Referral Reward Card...</p>
      </div>
    </CardShell>
  );
}
