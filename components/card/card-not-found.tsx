import { CreditCard } from 'lucide-react';
import { CardShell } from './card-shell';

/** No token, or no card for it (spec sections 2 and 8). Rendered in place: the app's 404 page says 'Page Not Found'. */
export function CardNotFound() {
  return (
    <CardShell className="justify-center">
      <section
        aria-labelledby="card-not-found-heading"
        className="flex w-full flex-col items-center gap-4 rounded-3xl border bg-card px-6 py-10 text-center shadow-sm"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <CreditCard className="size-7" aria-hidden="true" />
        </span>
        <h1 id="card-not-found-heading" className="text-xl font-semibold tracking-tight text-balance">
          Referral Reward Card Not Found
        </h1>
        <p className="text-muted-foreground text-pretty">
          This card must be created by an administrator before it can be used.
        </p>
      </section>
    </CardShell>
  );
}
