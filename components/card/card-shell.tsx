import type { ReactNode } from 'react';
import { clinicStyle, type Clinic } from '@/lib/clinic';
import { cn } from '@/lib/utils';
import { PrivacyLink } from '@/components/public/clinic-mark';

/**
 * The phone-first page around the reward card, the review page and their not-found cards, painted in the
 * clinic's colour, with the clinic's privacy notice at the foot.
 */
export function CardShell({
  children,
  clinic,
  className,
}: {
  children: ReactNode;
  /** Absent only for the loading state, before the clinic is known. */
  clinic?: Clinic;
  className?: string;
}) {
  return (
    <main
      style={clinic && clinicStyle(clinic)}
      className={cn(
        'flex min-h-dvh flex-col items-center bg-linear-to-b from-[#eef3f3] via-[#f7f9f9] to-background px-4 pt-6 pb-10 sm:justify-center sm:py-12',
        className,
      )}
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-5">
        {children}
        {clinic && (
          <footer className="flex flex-wrap items-center justify-center gap-x-3 text-sm text-muted-foreground">
            <span>{clinic.displayName}</span>
            <span aria-hidden="true">·</span>
            <PrivacyLink clinic={clinic} />
          </footer>
        )}
      </div>
    </main>
  );
}
