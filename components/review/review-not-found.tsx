import { SearchX } from 'lucide-react';
import { CardShell } from '@/components/card/card-shell';

/**
 * A review link whose team member does not exist (a mistyped link, or a member who has been removed). Shown in
 * place, like the card page's 'not found': the app's 404 page would say 'Page Not Found'.
 */
export function ReviewNotFound() {
  return (
    <CardShell className="justify-center">
      <section
        aria-labelledby="review-not-found-heading"
        className="flex w-full flex-col items-center gap-4 rounded-3xl border bg-card px-6 py-10 text-center shadow-sm"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <SearchX className="size-7" aria-hidden="true" />
        </span>
        <h1 id="review-not-found-heading" className="text-xl font-semibold tracking-tight text-balance">
          Review Link Not Found
        </h1>
        <p className="text-pretty text-muted-foreground">
          We could not find the team member this link belongs to. Please check the link, or ask a member of
          our team for their QR code. Thank you for taking the time to review us.
        </p>
      </section>
    </CardShell>
  );
}
